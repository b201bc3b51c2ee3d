import { screen, waitFor, within } from '@testing-library/react'
import { beforeAll, describe, expect, it, vi } from 'vitest'

import { crisisText, measuresText, resultText, takeText } from '@/features/measures/content'
import type { TakeMeasureInput } from '@/features/measures/types'
import { makeUser } from '@/testing/data'
import { jsonResponse, sentBody, stubFetch } from '@/testing/fetch-stub'
import { makeMeasureStatus, makePhq9 } from '@/testing/measure-data'
import { preloadFormScreens, renderApp } from '@/testing/test-utils'

// ApexCharts needs a real browser; the e2e suite draws it.
vi.mock('@/features/measures/components/measure-trend-canvas', () => ({
  default: ({ series }: { series: { name: string; data: number[] }[] }) => <p data-testid="trend-canvas">{JSON.stringify(series)}</p>,
}))

beforeAll(preloadFormScreens)

function renderMeasures(path: string) {
  const fetchMock = stubFetch({
    '/api/auth/session': { body: makeUser({ timezone: 'Europe/London' }) },
    '/api/measures/instruments': { body: [makePhq9()] },
    '/api/measures': { body: [makeMeasureStatus()] },
    '/api/measures/schedule': { body: [{ instrument: 'phq9', everyDays: 14 }] },
    'POST /api/measures/responses': (init) => {
      const body = JSON.parse(init?.body as string) as TakeMeasureInput
      const total = body.answers.slice(0, 9).reduce<number>((sum, a) => sum + (a ?? 0), 0)
      return jsonResponse({
        status: 201,
        body: {
          response: { id: 9, instrument: 'phq9', answers: body.answers, total, band: 'minimal', subscores: null, note: body.note ?? '', takenAt: '2026-11-22T09:00:00Z' },
          bandLabel: 'Minimal or no symptoms of depression',
          crisis: (body.answers[8] ?? 0) > 0,
        },
      })
    },
  })
  return { fetchMock, ...renderApp(path) }
}

describe('questionnaires', () => {
  it('lists what is due with a way to take it', async () => {
    renderMeasures('/measures')
    expect(await screen.findByRole('heading', { level: 1, name: measuresText.title })).toBeInTheDocument()
    const card = screen.getByTestId('measure-phq9')
    expect(within(card).getByText(measuresText.due)).toBeInTheDocument()
    expect(within(card).getByRole('link', { name: 'Take the PHQ-9' })).toHaveAttribute('href', '/measures/phq9')
    expect(screen.getByRole('combobox', { name: 'How often to ask for the PHQ-9' })).toHaveValue('14')
    expect(screen.getByRole('link', { name: measuresText.clinicianLink })).toHaveAttribute('href', '/clinician')
  })

  it('opens the crisis layer the moment item 9 is answered above "Not at all", then stores the response and shows the crisis help before the score', async () => {
    const { user, fetchMock } = renderMeasures('/measures/phq9')
    for (let n = 1; n <= 8; n++) {
      expect(await screen.findByText(takeText.progress(n, 10))).toBeInTheDocument()
      await user.click(screen.getByRole('radio', { name: 'Not at all' }))
      await user.click(screen.getByRole('button', { name: takeText.next }))
    }
    expect(await screen.findByText(takeText.progress(9, 10))).toBeInTheDocument()
    await user.click(screen.getByRole('radio', { name: 'Several days' }))

    const layer = await screen.findByRole('dialog', { name: crisisText.title })
    expect(within(layer).getByRole('link', { name: crisisText.call })).toHaveAttribute('href', 'tel:988')
    expect(within(layer).getByRole('link', { name: crisisText.text })).toHaveAttribute('href', 'sms:988')
    expect(within(layer).getByRole('link', { name: crisisText.safetyPlan })).toHaveAttribute('href', '/crisis/safety-plan')
    expect(within(layer).getByRole('button', { name: crisisText.sos })).toBeInTheDocument()
    expect(() => sentBody(fetchMock, 'POST', '/api/measures/responses')).toThrow()

    await user.click(within(layer).getByRole('button', { name: crisisText.continue }))
    await user.click(screen.getByRole('button', { name: takeText.next }))
    await user.click(await screen.findByRole('button', { name: takeText.skip }))
    await user.type(await screen.findByLabelText(takeText.noteLabel), 'hard week')
    await user.click(screen.getByRole('button', { name: takeText.submit }))

    const crisis = await screen.findByTestId('crisis-card')
    expect(within(crisis).getByRole('link', { name: crisisText.call })).toBeInTheDocument()
    const band = screen.getByTestId('measure-band')
    expect(crisis.compareDocumentPosition(band) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(within(band).getByText(resultText.score(1, 27))).toBeInTheDocument()
    await waitFor(() =>
      expect(sentBody(fetchMock, 'POST', '/api/measures/responses')).toEqual({
        instrument: 'phq9',
        answers: [0, 0, 0, 0, 0, 0, 0, 0, 1, null],
        note: 'hard week',
      }),
    )
  })

  it('asks for an answer before going on, and arrow keys choose one', async () => {
    const { user } = renderMeasures('/measures/phq9')
    await user.click(await screen.findByRole('button', { name: takeText.next }))
    expect(await screen.findByRole('alert')).toHaveTextContent(takeText.chooseFirst)
    await user.click(screen.getByRole('radio', { name: 'Not at all' }))
    await user.keyboard('{ArrowDown}')
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Several days' })).toBeChecked())
  })
})
