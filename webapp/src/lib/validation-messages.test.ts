import { describe, expect, it } from 'vitest'
import { z } from 'zod'

import { classicErrorMessages } from './validation-messages'

const schema = z.object({
  mood: z.number().int().min(1).max(10),
  note: z.string().max(3).optional(),
  ok: z.boolean(),
})

function messages(input: unknown) {
  const result = schema.safeParse(input, { error: classicErrorMessages })
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]))
}

describe('classicErrorMessages (docs/spec.md §5 default messages)', () => {
  it.each([
    [{ mood: 0, ok: true }, { mood: 'Number must be greater than or equal to 1' }],
    [{ mood: 11, ok: true }, { mood: 'Number must be less than or equal to 10' }],
    [{ ok: true }, { mood: 'Required' }],
    [{ mood: 5 }, { ok: 'Required' }],
    [{ mood: '5', ok: true }, { mood: 'Expected number, received string' }],
    [{ mood: 5.5, ok: true }, { mood: 'Expected integer, received float' }],
    [{ mood: 5, ok: true, note: 'long' }, { note: 'String must contain at most 3 character(s)' }],
    [{ mood: 5, ok: false }, {}],
  ])('%o → %o', (input, expected) => {
    expect(messages(input)).toEqual(expected)
  })
})
