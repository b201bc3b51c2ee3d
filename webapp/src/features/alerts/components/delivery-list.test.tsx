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

  it('says so when nobody else was told', () => {
    render(<DeliveryList deliveries={[]} />)
    expect(screen.getByText('Nobody else has been told about this alert.')).toBeInTheDocument()
  })
})
