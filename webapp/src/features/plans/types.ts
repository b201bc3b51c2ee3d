import type { ApiRequestBody, ApiSchema, Assert, Sendable } from '@/lib/api-schema'

/** A person or service in a plan, with the number to call. */
export type PlanContact = ApiSchema<'PlanContact'>

/** The Stanley-Brown safety plan as the server returns it (api/openapi.yaml); `updatedAt` is null while it was never saved. */
export type SafetyPlan = ApiSchema<'SafetyPlan'>

export type SafetyPlanInput = Omit<SafetyPlan, 'updatedAt'>

/** The safety plan's sections that are lists of text (every one but the professionals). */
export type SafetyTextSectionKey = Exclude<keyof SafetyPlanInput, 'professionals'>

/** Learn & Grow's coping plan as the server returns it (api/openapi.yaml); `updatedAt` is null while it was never saved. */
export type CopingPlan = ApiSchema<'CopingPlan'>

export type CopingPlanInput = Omit<CopingPlan, 'updatedAt'>

/** The coping plan's sections that are lists of text (every one but the people to call). */
export type CopingTextSectionKey = Exclude<keyof CopingPlanInput, 'peopleToCall'>

/** Each plan by its API path (`/api/safety-plan`, `/api/coping-plan`). */
export type Plans = { 'safety-plan': SafetyPlan; 'coping-plan': CopingPlan }
export type PlanKind = keyof Plans
export type PlanInput<K extends PlanKind> = Omit<Plans[K], 'updatedAt'>

/** The request bodies also take (and ignore) updatedAt. */
export type DocumentChecks = [
  Assert<Sendable<SafetyPlanInput, Omit<ApiRequestBody<'putSafetyPlan'>, 'updatedAt'>>>,
  Assert<Sendable<CopingPlanInput, Omit<ApiRequestBody<'putCopingPlan'>, 'updatedAt'>>>,
]
