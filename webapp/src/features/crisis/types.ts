import type { ApiRequestBody, ApiSchema, Assert, Sendable } from '@/lib/api-schema'

/**
 * A personal crisis contact as the server returns it (api/openapi.yaml);
 * `relationship` is empty, or one of docs/spec.md's relationship ids.
 */
export type CrisisContact = ApiSchema<'CrisisContact'>

/** The fields the form sends (POST) or changes (PATCH). */
export type CrisisContactInput = {
  name: string
  phone: string
  relationship: string
  isEmergency: boolean
}

export type DocumentChecks = [Assert<Sendable<CrisisContactInput, ApiRequestBody<'createCrisisContact'>>>]
