import { describe, expect, it } from 'vitest'

import type { SosListener } from '../types'
import { callableContacts } from './get-callable-contacts'
import { sosAudience } from './get-sos-audience'

const listener = (id: number, label: string, channels: SosListener['channels']): SosListener => ({ id, label, channels })

describe('sosAudience', () => {
  it('parts who hears outside the app from who sees it only in the app', () => {
    const sam = listener(1, 'Sam', ['email', 'push'])
    const kim = listener(2, 'Kim', [])
    const lee = listener(3, 'Lee', ['webhook'])
    expect(sosAudience([sam, kim, lee])).toEqual({ all: [sam, kim, lee], outside: [sam, lee], appOnly: [kim] })
    expect(sosAudience([])).toEqual({ all: [], outside: [], appOnly: [] })
  })
})

describe('callableContacts', () => {
  it('keeps the contacts with a number to dial, in the order given', () => {
    const contacts = [
      { id: 1, name: 'Dana', phone: '+1 555 010 3000' },
      { id: 2, name: 'The desk', phone: 'ask at reception' },
      { id: 3, name: 'Mum', phone: '020 7946 0958' },
    ]
    expect(callableContacts(contacts)).toEqual([
      { id: 1, name: 'Dana', href: 'tel:+15550103000' },
      { id: 3, name: 'Mum', href: 'tel:02079460958' },
    ])
    expect(callableContacts(null)).toEqual([])
  })
})
