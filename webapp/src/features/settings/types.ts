import type { ApiSchema } from '@/lib/api-schema'

/** The signed-in user as the account endpoints return it (api/openapi.yaml). */
export type AccountUser = ApiSchema<'User'>
