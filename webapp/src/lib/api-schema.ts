import type { components, operations } from './api-types'

/*
 * The server's request and response shapes, from the OpenAPI document
 * (api/openapi.yaml) through openapi-typescript: api-types.ts is generated
 * by `npm run api-types` and committed; `npm run typecheck` fails when it is
 * stale, so the web app and the server cannot disagree silently.
 */

type Schemas = components['schemas']

/** A named schema of the document, such as ApiSchema<'CheckIn'>. */
export type ApiSchema<Name extends keyof Schemas> = Schemas[Name]

/** The error body every endpoint answers with: `{error, message, fields?}`. */
export type ApiErrorBody = Schemas['Error']

type JsonContent<T> = T extends { content: { 'application/json': infer Body } } ? Body : never

/** The JSON body an operation answers with for a status, such as ApiResponse<'getStats', 200>. */
export type ApiResponse<Op extends keyof operations, Status extends keyof operations[Op]['responses']> = JsonContent<
  operations[Op]['responses'][Status]
>

/** The JSON body an operation takes, such as ApiRequestBody<'createCheckIn'>. */
export type ApiRequestBody<Op extends keyof operations> = operations[Op] extends {
  requestBody: { content: { 'application/json': infer Body } }
}
  ? Body
  : operations[Op] extends { requestBody?: { content: { 'application/json': infer Body } } }
    ? Body
    : never
