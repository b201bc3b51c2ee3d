import { describe, expect, it } from 'vitest'

import { toContactInput, validateContactForm } from './contact-form'

describe('contact form', () => {
  it('requires a name and a phone number, blank after trimming counting as missing', () => {
    expect(validateContactForm({ name: '  ', phone: '', relationship: '', isEmergency: false })).toEqual({
      name: 'Name is required',
      phone: 'Phone number is required',
    })
    expect(validateContactForm({ name: 'Ana', phone: 'call me', relationship: '', isEmergency: false })).toEqual({})
  })

  it('trims what it sends', () => {
    expect(toContactInput({ name: ' Ana ', phone: ' 555 0100 ', relationship: 'sponsor', isEmergency: true })).toEqual({
      name: 'Ana',
      phone: '555 0100',
      relationship: 'sponsor',
      isEmergency: true,
    })
  })
})
