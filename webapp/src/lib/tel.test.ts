import { describe, expect, it } from 'vitest'

import { telHref } from './tel'
import cases from './tel-cases.json'

// The same table tests the server's lifeline.TelHref (tel_test.go).
describe('telHref', () => {
  it.each(cases.map((c) => [c.phone, c.href] as const))('dials %j as %s', (phone, href) => {
    expect(telHref(phone)).toBe(href)
  })
})
