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

/*
 * Type-level checks for the web app's own types that stay hand-written
 * (richer unions, documented fields): each feature's types.ts exports a
 * `DocumentChecks` tuple of them, so `npm run typecheck` fails the moment
 * a type and the document drift apart. Prefer an alias of ApiSchema where
 * the shapes agree.
 */

type SameKeys<A, B> = [keyof A] extends [keyof B] ? ([keyof B] extends [keyof A] ? true : false) : false

/** True when A and B accept each other and name the same fields: a type the server answers with. */
export type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? SameKeys<A, B> : false) : false

/**
 * True when every B is an A with the same fields: an answer the web app reads
 * through a wider type (an open union such as `'ok' | (string & {})` that
 * gives values a newer server may send a plain look).
 */
export type Reads<A, B> = [B] extends [A] ? SameKeys<A, B> : false

/** True when every A is a B with the same fields: what the web app sends, into a looser request body. */
export type Sendable<A, B> = [A] extends [B] ? SameKeys<A, B> : false

/** Compiles only for true. */
export type Assert<T extends true> = T
