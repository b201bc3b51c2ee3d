import { describe, expect, it } from 'vitest'

import { telHref } from './tel'

describe('telHref', () => {
  it.each([
    ['(555) 010-0199', 'tel:5550100199'],
    ['+44 20 7946 0018', 'tel:+442079460018'],
    ['988', 'tel:988'],
    ['1-800-662-4357', 'tel:18006624357'],
    ['ask at the desk', null],
  ])('dials %s as %s', (phone, href) => {
    expect(telHref(phone)).toBe(href)
  })
})
