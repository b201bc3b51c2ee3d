import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import { makeSupporter } from '@/testing/care-data'
import { jsonResponse, sentBody, stubFetch } from '@/testing/fetch-stub'
import { renderWithProviders } from '@/testing/test-utils'

import { careText } from '../content'
import type { Ask, SupportedAsk } from '../types'
import { AskCard } from './ask-card'
import { AsksToMe } from './asks-to-me'
import { TierSelect } from './tier-select'

const sam = makeSupporter({ id: 1, label: 'Sam' })
const jo = makeSupporter({ id: 2, label: 'Jo', tier: 2 })
const kim = makeSupporter({ id: 3, label: 'Kim', status: 'pending', acceptedAt: null })

function makeAsk(overrides: Partial<Ask> = {}): Ask {
  return {
    id: 4,
    note: '',
    createdAt: '2026-11-22T19:00:00Z',
    closesAt: '2026-11-23T19:00:00Z',
    closedAt: null,
    recipients: [
      { supporterId: 1, name: 'Sam', answer: '', answeredAt: null },
      { supporterId: 2, name: 'Jo', answer: '', answeredAt: null },
    ],
    ...overrides,
  }
}

describe('I could use a call', () => {
  it('asks the accepted supporters, all ticked, with a note', async () => {
    const user = userEvent.setup({ delay: null })
    const fetchMock = stubFetch({
      '/api/asks/open': { body: null },
      '/api/supporters': { body: [sam, jo, kim] },
      'POST /api/asks': { status: 201, body: makeAsk({ note: 'Rough evening.' }) },
    })
    renderWithProviders(<AskCard />)
    await user.click(await screen.findByRole('button', { name: careText.ask.start }))
    const who = await screen.findByRole('group', { name: careText.ask.whoLegend })
    expect(within(who).getByLabelText('Sam')).toBeChecked()
    expect(within(who).getByLabelText('Jo')).toBeChecked()
    expect(within(who).queryByLabelText('Kim')).not.toBeInTheDocument()
    await user.type(screen.getByLabelText(careText.ask.note), 'Rough evening.')
    await user.click(screen.getByRole('button', { name: careText.ask.send }))
    expect(await screen.findByRole('heading', { name: careText.ask.sentTitle })).toBeInTheDocument()
    expect(sentBody(fetchMock, 'POST', '/api/asks')).toEqual({ supporters: [1, 2], note: 'Rough evening.' })
    expect(screen.getByText('Rough evening.')).toBeInTheDocument()
  })

  it('shows who answered and closes with "Thanks, I\'m okay"', async () => {
    const user = userEvent.setup({ delay: null })
    const answered = makeAsk({
      recipients: [
        { supporterId: 1, name: 'Sam', answer: 'will_call', answeredAt: '2026-11-22T19:03:00Z' },
        { supporterId: 2, name: 'Jo', answer: '', answeredAt: null },
      ],
    })
    stubFetch({
      '/api/asks/open': { body: answered },
      'POST /api/asks/4/close': () => jsonResponse({ body: { ...answered, closedAt: '2026-11-22T19:10:00Z' } }),
      '/api/supporters': { body: [sam, jo] },
    })
    renderWithProviders(<AskCard />)
    expect(await screen.findByText('Sam will call you')).toBeInTheDocument()
    expect(screen.getByText('Jo: waiting to hear back')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: careText.ask.close }))
    expect(await screen.findByRole('button', { name: careText.ask.start })).toBeInTheDocument()
  })
})

describe('an ask on People I support', () => {
  it("answers I'll call", async () => {
    const user = userEvent.setup({ delay: null })
    const ask: SupportedAsk = { id: 4, personId: 7, name: 'Alex', note: 'Rough evening.', createdAt: '2026-11-22T19:00:00Z', answer: '', answeredAt: null }
    const fetchMock = stubFetch({
      '/api/supporting/asks': { body: [ask] },
      'POST /api/supporting/asks/4/answer': { body: { ...ask, answer: 'will_call', answeredAt: '2026-11-22T19:03:00Z' } },
    })
    renderWithProviders(<AsksToMe />)
    const card = await screen.findByRole('region', { name: 'Alex could use a call' })
    expect(within(card).getByText('Rough evening.')).toBeInTheDocument()
    await user.click(within(card).getByRole('button', { name: "I'll call" }))
    expect(await within(card).findByText(careText.askedMe.answered.will_call)).toBeInTheDocument()
    expect(sentBody(fetchMock, 'POST', '/api/supporting/asks/4/answer')).toEqual({ answer: 'will_call' })
  })
})

describe('tiers', () => {
  it('moves a supporter to the second tier with the keyboard', async () => {
    const user = userEvent.setup({ delay: null })
    const fetchMock = stubFetch({ 'PUT /api/supporters/1/tier': { body: { ...sam, tier: 2 } } })
    renderWithProviders(<TierSelect supporter={sam} name="Sam" />)
    const select = screen.getByLabelText(careText.tier.label('Sam'))
    expect(select).toHaveValue('1')
    await user.selectOptions(select, 'Hears second')
    await waitFor(() => expect(sentBody(fetchMock, 'PUT', '/api/supporters/1/tier')).toEqual({ tier: 2 }))
  })
})
