import type { ApiResponse, ApiSchema } from '@/lib/api-schema'

/** The signed-in user as `/api/auth/user` returns it (api/openapi.yaml). */
export type User = ApiSchema<'User'>

/** `GET /api/auth/config`: which ways of signing in this server offers. */
export type AuthConfig = ApiResponse<'getAuthConfig', 200>
