import fc from 'fast-check'

import { type Document, resolve, type Schema } from './openapi'

/*
 * fast-check arbitraries derived from the document's JSON Schemas: values
 * that keep a schema, and values that break it on purpose.
 */

const MAX_DEPTH = 4

/** Text people type, and text that has broken servers before. */
const awkwardText = fc.constantFrom(
  '',
  ' ',
  'Zoë ☕ 🚀',
  '<script>alert(1)</script>',
  "'; DROP TABLE users; --",
  '=HYPERLINK("http://x")',
  '\u202e\u200b',
  '../../etc/passwd',
  '%00',
  'a'.repeat(300),
)

export function valid(doc: Document, schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema) return anyJSON
  const s = resolve(doc, schema)
  if (s.const !== undefined) return fc.constant(s.const)
  if (s.enum) return fc.constantFrom(...s.enum)
  const variants = s.oneOf ?? s.anyOf
  if (variants) return fc.oneof(...variants.map((v) => valid(doc, v, depth + 1)))
  const types = typeof s.type === 'string' ? [s.type] : s.type
  if (!types) return anyJSON
  if (types.length > 1) return fc.oneof(...types.map((type) => valid(doc, { ...s, type }, depth)))
  switch (types[0]) {
    case 'null':
      return fc.constant(null)
    case 'boolean':
      return fc.boolean()
    case 'integer':
      return fc.integer({ min: s.minimum ?? -1_000_000, max: s.maximum ?? 1_000_000 })
    case 'number': {
      const min = s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1e-6 : (s.minimum ?? -1e9)
      return fc.double({ min, max: s.maximum ?? 1e9, noNaN: true, noDefaultInfinity: true })
    }
    case 'string':
      return text(s)
    case 'array':
      if (depth >= MAX_DEPTH) return fc.constant([])
      return fc.array(valid(doc, s.items, depth + 1), { maxLength: 4 })
    case 'object':
      return object(doc, s, depth)
    default:
      return anyJSON
  }
}

function text(s: Schema): fc.Arbitrary<string> {
  const minLength = s.minLength ?? 0
  const maxLength = s.maxLength ?? 120
  if (s.format === 'date') return fc.date({ min: new Date('2000-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10))
  if (s.format === 'date-time') return fc.date({ min: new Date('2000-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((d) => d.toISOString())
  return fc
    .oneof(fc.string({ maxLength }), fc.string({ unit: 'grapheme', maxLength }), awkwardText)
    .map((v) => v.replaceAll('\u0000', ''))
    .filter((v) => [...v].length >= minLength && [...v].length <= maxLength) // JSON Schema counts code points
}

function object(doc: Document, s: Schema, depth: number): fc.Arbitrary<unknown> {
  if (depth >= MAX_DEPTH || !s.properties) return fc.constant({})
  const shape: Record<string, fc.Arbitrary<unknown>> = {}
  for (const [name, property] of Object.entries(s.properties)) shape[name] = valid(doc, property, depth + 1)
  return fc.record(shape, { requiredKeys: s.required ?? [] })
}

const anyJSON: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 2 })

/**
 * invalidBody takes a valid body and breaks it in one way the server must
 * refuse with a 4xx: a field it does not know, a field of the wrong JSON
 * type, a required field left out, or a body that is not a JSON object.
 * Each case carries the raw text to send.
 */
export function invalidBody(doc: Document, schema: Schema): fc.Arbitrary<{ why: string; raw: string }> {
  const s = resolve(doc, schema)
  const base = valid(doc, s) as fc.Arbitrary<Record<string, unknown>>
  const cases: fc.Arbitrary<{ why: string; raw: string }>[] = [
    fc.constantFrom('[]', '42', '"text"', 'null', '{', '{"a":1}{"a":2}', '').map((raw) => ({ why: 'not one JSON object', raw })),
  ]
  if (s.additionalProperties === false) {
    cases.push(base.map((b) => ({ why: 'an unknown field', raw: JSON.stringify({ ...b, unknownFieldFromFuzzer: 1 }) })))
  }
  const props = Object.entries(s.properties ?? {}).filter(([, p]) => typeLabel(doc, p))
  if (props.length) {
    cases.push(
      fc.tuple(base, fc.constantFrom(...props)).map(([b, [name, p]]) => ({
        why: `${name} of the wrong type`,
        raw: JSON.stringify({ ...b, [name]: wrongValue(typeLabel(doc, p)!) }),
      })),
    )
  }
  const required = s.required ?? []
  if (required.length) {
    cases.push(
      fc.tuple(base, fc.constantFrom(...required)).map(([b, name]) => {
        const copy = { ...b }
        delete copy[name]
        return { why: `${name} left out`, raw: JSON.stringify(copy) }
      }),
    )
  }
  return fc.oneof(...cases)
}

/** typeLabel is the single JSON type a property allows, when it allows one. */
function typeLabel(doc: Document, p: Schema): string | null {
  const s = resolve(doc, p)
  if (typeof s.type === 'string') return s.type
  if (s.enum && s.enum.every((v) => typeof v === 'string')) return 'string'
  return null
}

function wrongValue(type: string): unknown {
  switch (type) {
    case 'string':
      return { not: 'a string' }
    case 'integer':
    case 'number':
      return 'not a number'
    case 'boolean':
      return 'yes'
    case 'array':
      return 'not a list'
    default:
      return 12345
  }
}
