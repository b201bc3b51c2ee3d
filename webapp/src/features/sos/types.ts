import type { ApiRequestBody, ApiResponse, ApiSchema, Assert, SameShape } from '@/lib/api-schema'

/** `POST /api/sos` (201): the SOS alert, until when its position is shared, and how many supporters it reaches. */
export type SosResult = ApiResponse<'raiseSOS', 201>

/** What `POST /api/sos` may carry: where the browser is. */
export type SosPosition = ApiSchema<'PositionRequest'>

/** `GET /api/sos`: the wearer's open SOS and the end of its window (an hour), or null. */
export type OpenSos = ApiSchema<'OpenSOS'>

/** `GET /api/sos/audience`: one supporter an SOS reaches, and the kinds of channel that tell them. */
export type SosListener = ApiSchema<'SOSListener'>
export type SosChannel = SosListener['channels'][number]

/** One step of telling someone about an alert (`GET /api/alerts/{id}` deliveries). */
export type Delivery = ApiSchema<'Delivery'>

/** `GET`/`PUT /api/escalation`: when supporters are told of each kind of alert. */
export type EscalationSettings = ApiSchema<'EscalationSettings'>
/** What `PUT /api/escalation` takes: the settings without the server's default. */
export type EscalationSettingsInput = ApiRequestBody<'putEscalation'>

/** The person's own crisis contacts (`GET /api/crisis-contacts`): whom to call when nobody hears an SOS outside the app. */
export type CrisisContacts = Pick<ApiResponse<'listCrisisContacts', 200>[number], 'id' | 'name' | 'phone'>[]

/** The alert fields the one-tap actions need. */
export type ActionableAlert = Pick<ApiSchema<'Alert'>, 'id' | 'type' | 'okayAt' | 'resolvedAt'>

/** The alert fields "I'm safe now" needs. */
export type SosAlert = Pick<ApiSchema<'Alert'>, 'id' | 'type' | 'createdAt' | 'resolvedAt'>

export function isSos(alert: Pick<SosAlert, 'type'>): boolean {
  return alert.type === 'sos'
}

/** Avoid-zone alerts get the one-tap actions (the escalation ladder's first step). */
export const avoidZoneAlertTypes = ['geofence_enter_avoid', 'geofence_dwell'] as const

export function isAvoidZoneAlert(alert: Pick<ActionableAlert, 'type'>): boolean {
  return (avoidZoneAlertTypes as readonly string[]).includes(alert.type)
}

export type DocumentChecks = [Assert<SameShape<EscalationSettings, ApiSchema<'EscalationSettings'>>>]
