import type { ApiSchema } from '@/lib/api-schema'

/** One early-warning signal as its person reads it (`GET /api/signals`, docs/signals.md). */
export type Signal = ApiSchema<'Signal'>

export type SignalKind = ApiSchema<'SignalKind'>

/** A signal as a supporter with the signals scope reads it: no coping step, no place names. */
export type SharedSignal = { kind: SignalKind; explanation: string }
