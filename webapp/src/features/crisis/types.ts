import type { ApiRequestBody, ApiResponse, ApiSchema, Assert, Sendable } from '@/lib/api-schema'

/**
 * A personal crisis contact as the server returns it (api/openapi.yaml);
 * `relationship` is empty, or one of docs/spec.md's relationship ids.
 */
export type CrisisContact = ApiSchema<'CrisisContact'>

/** "My sponsor" (`GET /api/sponsor`): the contact, with the tel: link that dials them. */
export type Sponsor = NonNullable<ApiResponse<'getSponsor', 200>['sponsor']>

/** The fields the form sends (POST) or changes (PATCH). */
export type CrisisContactInput = {
  name: string
  phone: string
  relationship: string
  isEmergency: boolean
}

export type DocumentChecks = [Assert<Sendable<CrisisContactInput, ApiRequestBody<'createCrisisContact'>>>]
