import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import type { Delivery } from '../types'
import { DeliveryList } from './delivery-list'

const sent = {
  recipient: 'Sam',
  role: 'supporter',
  channel: 'email',
  state: 'sent',
  attempts: 1,
  dueAt: '2026-11-22T21:04:00Z',
  sentAt: '2026-11-22T21:04:02Z',
  lastError: null,
  resolution: false,
} satisfies Delivery

describe('DeliveryList', () => {
  it('names who was told, how and when, and marks the "safe now" line apart from the alert', () => {
    render(
      <DeliveryList
        deliveries={[
          sent,
          { ...sent, resolution: true, dueAt: '2026-11-22T21:40:00Z', sentAt: '2026-11-22T21:40:01Z' },
          { ...sent, channel: 'webhook', state: 'failed', sentAt: null, lastError: 'HTTP 500' },
        ]}
      />,
    )
    const rows = within(screen.getByTestId('alert-deliveries')).getAllByRole('listitem')
    expect(rows).toHaveLength(3)
    expect(rows[0]).toHaveTextContent(/^Sam · email · sent · sent \d/)
    expect(rows[0]).not.toHaveTextContent('safe now')
    expect(rows[1]).toHaveTextContent(/^Sam · email · the "safe now" line · sent · sent \d/)
    expect(rows[2]).toHaveTextContent('Sam · webhook · failed · due')
    expect(rows[2]).toHaveTextContent('(why: HTTP 500)')
  })

  it("weaves supporters' steps into the timeline by time, newest last, with the note", () => {
    render(
      <DeliveryList
        deliveries={[sent, { ...sent, recipient: 'Jo', dueAt: '2026-11-22T21:30:00Z', state: 'skipped', sentAt: null, lastError: 'Sam is on it.' }]}
        steps={[
          { actor: 'Sam', kind: 'claimed', via: 'email', at: '2026-11-22T21:06:00Z' },
          { actor: 'Sam', kind: 'resolved', via: 'app', note: 'Called her, all good.', at: '2026-11-22T21:45:00Z' },
        ]}
      />,
    )
    const rows = within(screen.getByTestId('alert-deliveries')).getAllByRole('listitem')
    expect(rows.map((r) => r.textContent?.split(' · ')[0])).toEqual(['Sam', 'Sam said "I\'m on it"', 'Jo', 'Sam resolved it'])
    expect(rows[1]).toHaveTextContent('from the email')
    expect(rows[2]).toHaveTextContent('(why: Sam is on it.)')
    expect(rows[3]).toHaveTextContent('"Called her, all good."')
  })

  it('says so when nobody else was told', () => {
    render(<DeliveryList deliveries={[]} />)
    expect(screen.getByText('Nobody else has been told about this alert.')).toBeInTheDocument()
  })
})
