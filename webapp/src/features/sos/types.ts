import type { ApiRequestBody, ApiResponse, ApiSchema, Assert, SameShape } from '@/lib/api-schema'

/** `POST /api/sos` (201): the SOS alert and how many supporters it reaches. */
export type SosResult = ApiResponse<'raiseSOS', 201>

/** One step of telling someone about an alert (`GET /api/alerts/{id}` deliveries). */
export type Delivery = ApiSchema<'Delivery'>

/** `GET`/`PUT /api/escalation`: when supporters are told of each kind of alert. */
export type EscalationSettings = ApiSchema<'EscalationSettings'>
/** What `PUT /api/escalation` takes: the settings without the server's default. */
export type EscalationSettingsInput = ApiRequestBody<'putEscalation'>

/** The part of a supporter the SOS dialog reads (`GET /api/supporters`). */
export type SosSupporter = Pick<ApiSchema<'Supporter'>, 'id' | 'label' | 'name' | 'status' | 'grant'>

/** The alert fields the one-tap actions need. */
export type ActionableAlert = Pick<ApiSchema<'Alert'>, 'id' | 'type' | 'okayAt'>

/** Avoid-zone alerts get the one-tap actions (the escalation ladder's first step). */
export const avoidZoneAlertTypes = ['geofence_enter_avoid', 'geofence_dwell'] as const

export function isAvoidZoneAlert(alert: Pick<ActionableAlert, 'type'>): boolean {
  return (avoidZoneAlertTypes as readonly string[]).includes(alert.type)
}

export type DocumentChecks = [Assert<SameShape<EscalationSettings, ApiSchema<'EscalationSettings'>>>]
