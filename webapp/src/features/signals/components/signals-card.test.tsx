import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import { jsonResponse, sentBody, stubFetch } from '@/testing/fetch-stub'
import { renderWithProviders } from '@/testing/test-utils'

import { signalsText } from '../content'
import type { Signal } from '../types'
import { SharedSignals } from './shared-signals'
import { SignalsCard } from './signals-card'

const cravings: Signal = {
  kind: 'cravings',
  title: 'Your cravings have been stronger than usual',
  explanation: 'Your cravings averaged 6 out of 10 over your last three check-ins; your usual is 3.',
  step: 'Call Dana',
  fromPlan: true,
}

const paths = { historyPath: '/checkins', copingPlanPath: '/education/tools/coping-plan' }

describe('SignalsCard', () => {
  it('says nothing is unusual when there are no signals', async () => {
    stubFetch({ '/api/signals': { body: { signals: [] } } })
    renderWithProviders(<SignalsCard {...paths} />)
    expect(await screen.findByText(signalsText.card.empty)).toBeInTheDocument()
    expect(screen.getByRole('region', { name: signalsText.card.title })).toBeInTheDocument()
  })

  it('shows the arithmetic, the step from the plan and the history link; "Not now" sets it aside', async () => {
    const user = userEvent.setup({ delay: null })
    let list = [cravings]
    const fetchMock = stubFetch({
      '/api/signals': () => jsonResponse({ body: { signals: list } }),
      'POST /api/signals/not-now': () => {
        list = []
        return jsonResponse({ status: 204 })
      },
    })
    renderWithProviders(<SignalsCard {...paths} />)
    const item = (await screen.findByRole('heading', { name: cravings.title })).closest('li')!
    expect(within(item).getByText(cravings.explanation)).toBeInTheDocument()
    expect(within(item).getByText(signalsText.card.step)).toBeInTheDocument()
    expect(within(item).getByText('Call Dana', { exact: false })).toBeInTheDocument()
    expect(within(item).getByRole('link', { name: signalsText.card.history })).toHaveAttribute('href', '/checkins')
    expect(within(item).queryByRole('link', { name: signalsText.card.buildPlan })).not.toBeInTheDocument()
    await user.click(within(item).getByRole('button', { name: signalsText.card.notNow }))
    expect(await screen.findByText(signalsText.card.empty)).toBeInTheDocument()
    expect(sentBody(fetchMock, 'POST', '/api/signals/not-now')).toEqual({ kind: 'cravings' })
  })

  it('offers to build the coping plan while it has no steps', async () => {
    stubFetch({ '/api/signals': { body: { signals: [{ ...cravings, step: 'Take ten slow breaths.', fromPlan: false }] } } })
    renderWithProviders(<SignalsCard {...paths} />)
    expect(await screen.findByText(signalsText.card.generalStep)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: signalsText.card.buildPlan })).toHaveAttribute('href', '/education/tools/coping-plan')
  })

  it('offers to try again when the signals cannot be loaded', async () => {
    const user = userEvent.setup({ delay: null })
    let fail = true
    stubFetch({
      '/api/signals': () => (fail ? jsonResponse({ status: 500, body: { message: 'boom' } }) : jsonResponse({ body: { signals: [] } })),
    })
    renderWithProviders(<SignalsCard {...paths} />)
    const retry = await screen.findByRole('button', { name: signalsText.card.retry })
    fail = false
    await user.click(retry)
    await waitFor(() => expect(screen.getByText(signalsText.card.empty)).toBeInTheDocument())
  })
})

describe('SharedSignals', () => {
  it('shows a supporter the kind and the arithmetic, and nothing without the scope', () => {
    const { rerender } = renderWithProviders(
      <SharedSignals name="Alex" signals={[{ kind: 'cravings', explanation: 'Cravings averaged 6 out of 10; the usual is 3.' }]} />,
    )
    const section = screen.getByRole('region', { name: signalsText.supporter.title })
    expect(within(section).getByText(signalsText.supporter.kinds.cravings + '.')).toBeInTheDocument()
    expect(within(section).getByText('Cravings averaged 6 out of 10; the usual is 3.', { exact: false })).toBeInTheDocument()
    rerender(<SharedSignals name="Alex" signals={[]} />)
    expect(screen.getByText(signalsText.supporter.empty('Alex'))).toBeInTheDocument()
    rerender(<SharedSignals name="Alex" signals={null} />)
    expect(screen.queryByRole('region')).not.toBeInTheDocument()
  })
})
