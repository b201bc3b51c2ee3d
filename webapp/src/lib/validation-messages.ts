import type { z } from 'zod'

/**
 * docs/spec.md §5 asks for the validation layer's default messages ("Required",
 * "Number must be greater than or equal to 1"). Those are zod 3's English
 * defaults, which the server sends too; zod 4 words them differently, so
 * forms that use the defaults parse with this map (zodResolver's second
 * argument: `{ error: classicErrorMessages }`).
 */
export const classicErrorMessages: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'Required'
      // zod 4 reports a fraction given to .int() as an "int" type issue; zod 3 (and the server) said this.
      if (issue.expected === 'int' && typeof issue.input === 'number') return 'Expected integer, received float'
      return `Expected ${issue.expected}, received ${describe(issue.input)}`
    case 'too_small':
      return tooSmall(issue.origin, Number(issue.minimum), issue.inclusive !== false)
    case 'too_big':
      return tooBig(issue.origin, Number(issue.maximum), issue.inclusive !== false)
    case 'invalid_value':
      return `Invalid enum value. Expected ${issue.values.map((v) => `'${String(v)}'`).join(' | ')}`
    default:
      return undefined
  }
}

function describe(input: unknown): string {
  if (input === null) return 'null'
  if (Array.isArray(input)) return 'array'
  if (typeof input === 'number' && Number.isNaN(input)) return 'nan'
  return typeof input
}

function tooSmall(origin: string, min: number, inclusive: boolean): string | undefined {
  switch (origin) {
    case 'number':
    case 'int':
      return `Number must be greater than ${inclusive ? 'or equal to ' : ''}${min}`
    case 'string':
      return `String must contain at least ${min} character(s)`
    case 'array':
      return `Array must contain at least ${min} element(s)`
    default:
      return undefined
  }
}

function tooBig(origin: string, max: number, inclusive: boolean): string | undefined {
  switch (origin) {
    case 'number':
    case 'int':
      return `Number must be less than ${inclusive ? 'or equal to ' : ''}${max}`
    case 'string':
      return `String must contain at most ${max} character(s)`
    case 'array':
      return `Array must contain at most ${max} element(s)`
    default:
      return undefined
  }
}
