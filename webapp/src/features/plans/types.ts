/** A person or service in a plan, with the number to call. */
export type PlanContact = { name: string; phone: string }

/** The Stanley-Brown safety plan as the server returns it (docs/api.md "Safety plan"). */
export type SafetyPlan = {
  warningSigns: string[]
  copingStrategies: string[]
  distractionPeoplePlaces: string[]
  helpPeople: string[]
  professionals: PlanContact[]
  environmentSafety: string[]
  reasonsForLiving: string[]
  /** When it was last saved; null while it never was. */
  updatedAt: string | null
}

export type SafetyPlanInput = Omit<SafetyPlan, 'updatedAt'>

/** The safety plan's sections that are lists of text (every one but the professionals). */
export type SafetyTextSectionKey = Exclude<keyof SafetyPlanInput, 'professionals'>

/** Learn & Grow's coping plan as the server returns it (docs/api.md "Coping plan"). */
export type CopingPlan = {
  warningSigns: string[]
  triggersToAvoid: string[]
  copingActions: string[]
  peopleToCall: PlanContact[]
  safePlaces: string[]
  /** When it was last saved; null while it never was. */
  updatedAt: string | null
}

export type CopingPlanInput = Omit<CopingPlan, 'updatedAt'>

/** The coping plan's sections that are lists of text (every one but the people to call). */
export type CopingTextSectionKey = Exclude<keyof CopingPlanInput, 'peopleToCall'>

/** Each plan by its API path (`/api/safety-plan`, `/api/coping-plan`). */
export type Plans = { 'safety-plan': SafetyPlan; 'coping-plan': CopingPlan }
export type PlanKind = keyof Plans
export type PlanInput<K extends PlanKind> = Omit<Plans[K], 'updatedAt'>
