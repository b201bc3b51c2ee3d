/*
 * The few parts of an OpenAPI 3.1 document the contract suite reads, and
 * local $ref resolution. The document itself is what the server serves.
 */

export type Schema = {
  $ref?: string
  type?: string | string[]
  const?: unknown
  enum?: unknown[]
  oneOf?: Schema[]
  anyOf?: Schema[]
  properties?: Record<string, Schema>
  required?: string[]
  additionalProperties?: boolean | Schema
  items?: Schema
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  minLength?: number
  maxLength?: number
  format?: string
}

export type Parameter = { $ref?: string; name: string; in: 'path' | 'query' | 'header' | 'cookie'; required?: boolean; schema?: Schema }
export type MediaTypes = Record<string, { schema?: Schema }>
export type Response = { $ref?: string; content?: MediaTypes }
export type Operation = {
  operationId: string
  security?: Record<string, string[]>[]
  parameters?: Parameter[]
  requestBody?: { required?: boolean; content: MediaTypes }
  responses: Record<string, Response>
}
export type Document = {
  paths: Record<string, Record<string, Operation>>
  security?: Record<string, string[]>[]
  components: Record<string, Record<string, unknown>>
}

export const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const

export type Endpoint = { method: string; path: string; op: Operation; pointer: string }

/** Every operation, with the JSON pointer of its responses for validators. */
export function endpoints(doc: Document): Endpoint[] {
  const list: Endpoint[] = []
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method]
      if (op) list.push({ method: method.toUpperCase(), path, op, pointer: `#/paths/${escapePointer(path)}/${method}` })
    }
  }
  return list
}

export function escapePointer(s: string): string {
  return s.replaceAll('~', '~0').replaceAll('/', '~1')
}

/** resolve follows a local $ref ("#/components/...") to what it names. */
export function resolve<T extends { $ref?: string }>(doc: Document, value: T): T {
  let current: T = value
  while (current.$ref) {
    const pointer = current.$ref
    if (!pointer.startsWith('#/')) throw new Error(`only local references are supported: ${pointer}`)
    let target: unknown = doc
    for (const part of pointer.slice(2).split('/')) {
      target = (target as Record<string, unknown>)[part.replaceAll('~1', '/').replaceAll('~0', '~')]
    }
    if (target === undefined) throw new Error(`dangling reference ${pointer}`)
    current = target as T
  }
  return current
}

/** responsePointer is the JSON pointer of a response, past its $ref. */
export function responsePointer(endpoint: Endpoint, status: string): string | null {
  const response = endpoint.op.responses[status]
  if (!response) return null
  return response.$ref ?? `${endpoint.pointer}/responses/${status}`
}

/** security is the operation's requirement, or the document's default. */
export function needsSession(doc: Document, op: Operation): boolean {
  const requirements = op.security ?? doc.security ?? []
  return requirements.some((r) => 'sessionCookie' in r)
}
