import { screen, waitFor, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'

import { HISTORY_PAGE_SIZE } from '@/features/checkins/api/get-checkin-history'
import { addDays } from '@/features/checkins/utils/dates'
import { makeCheckin, makeStats } from '@/testing/checkin-data'
import { makeUser } from '@/testing/data'
import { jsonResponse, pending, sentBody, stubFetch, type FetchRoutes } from '@/testing/fetch-stub'
import { preloadFormScreens, renderApp } from '@/testing/test-utils'

beforeAll(preloadFormScreens)

/** `count` check-ins on consecutive days, newest (`newest`) first. */
function days(newest: string, count: number) {
  return Array.from({ length: count }, (_, i) => makeCheckin({ date: addDays(newest, -i), mood: (i % 10) + 1 }))
}

function renderHistory(routes: FetchRoutes, path = '/checkins') {
  const fetchMock = stubFetch({ '/api/auth/session': { body: makeUser() }, ...routes })
  return { fetchMock, ...renderApp(path) }
}

const firstPage = `/api/checkins?limit=${HISTORY_PAGE_SIZE}`

describe('check-in history (/checkins)', () => {
  it('shows a loading state, then each check-in with its labels', async () => {
    renderHistory({
      [firstPage]: {
        body: [
          makeCheckin({
            date: '2026-11-22',
            mood: 7,
            cravingIntensity: 4,
            triggers: ['stress', 'environment'],
            copingStrategies: ['support', 'breathing'],
            substanceUse: true,
            substanceDetails: 'Two drinks',
            moodDescription: 'Steady',
          }),
          makeCheckin({ date: '2026-11-21', mood: 5, cravingIntensity: 1 }),
        ],
      },
    })

    expect(await screen.findByRole('heading', { level: 1, name: 'Your check-ins' })).toBeInTheDocument()
    const list = await screen.findByRole('list', { name: 'Check-ins' })
    const [first, second] = within(list).getAllByTestId('history-item')
    expect(within(first).getByRole('heading', { name: 'Sun, Nov 22, 2026' })).toBeInTheDocument()
    expect(first).toHaveTextContent('Mood7/10')
    expect(first).toHaveTextContent('Cravings4/10')
    expect(first).toHaveTextContent('Substance useYes')
    for (const label of ['Stress', 'Environmental triggers', 'Called support', 'Deep breathing']) {
      expect(within(first).getByText(label)).toBeInTheDocument()
    }
    expect(second).toHaveTextContent('Substance useNo')
    expect(within(second).getAllByText('None')).toHaveLength(2)
    expect(screen.getByText("That's all of them.")).toBeInTheDocument()
  })

  it('shows the loading state while the first page loads', async () => {
    renderHistory({ [firstPage]: pending })

    expect(await screen.findByText('Loading your check-ins…')).toBeInTheDocument()
  })

  it('expands a check-in to show what was written', async () => {
    const { user } = renderHistory({
      [firstPage]: {
        body: [makeCheckin({ moodDescription: 'A calm day', substanceUse: true, substanceDetails: 'Two drinks', notes: 'Slept well' })],
      },
    })

    const toggle = await screen.findByRole('button', { name: /Show details/ })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByText('Two drinks')).not.toBeInTheDocument()

    await user.click(toggle)

    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    expect(toggle).toHaveAccessibleName(/Hide details/)
    expect(screen.getByText('A calm day')).toBeInTheDocument()
    expect(screen.getByText('Two drinks')).toBeInTheDocument()
    expect(screen.getByText('Slept well')).toBeInTheDocument()
  })

  it('loads more pages with before = the last date received', async () => {
    const page1 = days('2026-11-22', HISTORY_PAGE_SIZE)
    const last = page1[page1.length - 1].date
    const page2 = days(addDays(last, -1), 5)
    const { user, fetchMock } = renderHistory({
      [firstPage]: { body: page1 },
      [`/api/checkins?limit=${HISTORY_PAGE_SIZE}&before=${last}`]: { body: page2 },
    })

    expect(await screen.findAllByTestId('history-item')).toHaveLength(HISTORY_PAGE_SIZE)
    await user.click(screen.getByRole('button', { name: 'Load more' }))

    await waitFor(() => expect(screen.getAllByTestId('history-item')).toHaveLength(HISTORY_PAGE_SIZE + 5))
    expect(fetchMock).toHaveBeenCalledWith(`/api/checkins?limit=${HISTORY_PAGE_SIZE}&before=${last}`, expect.anything())
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
    expect(screen.getByText("That's all of them.")).toBeInTheDocument()
  })

  it('filters by a date range kept in the URL, and exports the same range', async () => {
    const filtered = `/api/checkins?limit=${HISTORY_PAGE_SIZE}&from=2026-11-01&to=2026-11-10`
    const { user, fetchMock, location } = renderHistory({
      [firstPage]: { body: days('2026-11-22', 3) },
      [filtered]: { body: [makeCheckin({ date: '2026-11-05' })] },
    })
    await screen.findAllByTestId('history-item')
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/checkins/export')

    await user.type(screen.getByLabelText('From'), '2026-11-01')
    await user.type(screen.getByLabelText('To'), '2026-11-10')
    await user.click(screen.getByRole('button', { name: 'Apply' }))

    await waitFor(() => expect(screen.getAllByTestId('history-item')).toHaveLength(1))
    expect(location.history?.at(-1)).toBe('/checkins?from=2026-11-01&to=2026-11-10')
    expect(fetchMock).toHaveBeenCalledWith(filtered, expect.anything())
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/checkins/export?from=2026-11-01&to=2026-11-10',
    )

    await user.click(screen.getByRole('button', { name: 'Clear' }))
    await waitFor(() => expect(screen.getAllByTestId('history-item')).toHaveLength(3))
    expect(screen.getByLabelText('From')).toHaveValue('')
  })

  it('reads the range from the URL and says when it holds nothing', async () => {
    renderHistory(
      { [`/api/checkins?limit=${HISTORY_PAGE_SIZE}&from=2020-01-01&to=2020-01-31`]: { body: [] } },
      '/checkins?from=2020-01-01&to=2020-01-31',
    )

    expect(await screen.findByText('No check-ins in this date range.')).toBeInTheDocument()
    expect(screen.getByLabelText('From')).toHaveValue('2020-01-01')
    expect(screen.getByLabelText('To')).toHaveValue('2020-01-31')
  })

  it('refuses a range that ends before it starts', async () => {
    const { user, fetchMock } = renderHistory({ [firstPage]: { body: [] } })
    expect(await screen.findByText('No check-ins yet. Your first one will appear here.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Do your daily check-in' })).toHaveAttribute('href', '/checkin')

    await user.type(screen.getByLabelText('From'), '2026-11-10')
    await user.type(screen.getByLabelText('To'), '2026-11-01')
    await user.click(screen.getByRole('button', { name: 'Apply' }))

    expect(await screen.findByRole('alert')).toHaveTextContent('The start date must be on or before the end date.')
    expect(fetchMock.mock.calls.filter(([url]) => typeof url === 'string' && url.includes('from='))).toHaveLength(0)
  })

  it('offers a retry when the list cannot load', async () => {
    renderHistory({ [firstPage]: { status: 500, body: { error: 'internal', message: 'Something went wrong.' } } })

    expect(await screen.findByText("We couldn't load your check-ins.")).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })
})

describe('correcting and deleting a check-in (/checkins)', () => {
  /** A server with one mutable list: PATCH and DELETE change what the next GET returns. */
  function serverWith(list: ReturnType<typeof makeCheckin>[]) {
    let current = list
    return renderHistory({
      [firstPage]: () => jsonResponse({ body: current }),
      '/api/stats': { body: makeStats() },
      '/api/alerts': { body: [] },
      'PATCH /api/checkins/7': (init) => {
        const changes = JSON.parse(init?.body as string) as Partial<ReturnType<typeof makeCheckin>>
        current = current.map((c) => (c.id === 7 ? { ...c, ...changes, updatedAt: '2026-11-22T10:00:00Z' } : c))
        return jsonResponse({ body: current.find((c) => c.id === 7) })
      },
      'DELETE /api/checkins/7': () => {
        current = current.filter((c) => c.id !== 7)
        return jsonResponse({ status: 204 })
      },
    })
  }

  it('edits a check-in in the same form, filled with its answers', async () => {
    const { user, fetchMock } = serverWith([
      makeCheckin({ id: 7, date: '2026-11-22', mood: 4, substanceUse: true, substanceDetails: 'By mistake', triggers: ['stress'] }),
      makeCheckin({ id: 6, date: '2026-11-21' }),
    ])

    const edit = await screen.findByRole('button', { name: 'Edit the check-in of Sun, Nov 22, 2026' })
    await user.click(edit)
    const dialog = await screen.findByRole('dialog', { name: 'Edit your check-in of Sun, Nov 22, 2026' })
    expect(within(dialog).getByRole('radio', { name: 'Yes' })).toBeChecked()
    expect(within(dialog).getByRole('checkbox', { name: 'Stress' })).toBeChecked()
    expect(within(dialog).getByRole('slider', { name: 'Mood' })).toHaveAttribute('aria-valuenow', '4')

    await user.click(within(dialog).getByRole('radio', { name: 'No' }))
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const sent = sentBody(fetchMock, 'PATCH', '/api/checkins/7') as Record<string, unknown>
    expect(sent).toMatchObject({ substanceUse: false, substanceDetails: '', mood: 4, triggers: ['stress'] })
    const [first] = await screen.findAllByTestId('history-item')
    await waitFor(() => expect(first).toHaveTextContent('Substance useNo'))
    expect(first).toHaveTextContent('Edited')
    expect(await screen.findByText('Check-in updated')).toBeInTheDocument()
    await waitFor(() => expect(edit).toHaveFocus())
  })

  it('deletes a check-in after asking, and keeps focus in the list', async () => {
    const { user, fetchMock } = serverWith([makeCheckin({ id: 7, date: '2026-11-22' }), makeCheckin({ id: 6, date: '2026-11-21' })])

    await user.click(await screen.findByRole('button', { name: 'Delete the check-in of Sun, Nov 22, 2026' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your check-in of Sun, Nov 22, 2026?' })
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete the check-in of Sun, Nov 22, 2026' })).toHaveFocus())
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false)

    await user.click(screen.getByRole('button', { name: 'Delete the check-in of Sun, Nov 22, 2026' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete check-in' }))

    await waitFor(() => expect(screen.getAllByTestId('history-item')).toHaveLength(1))
    expect(screen.getByTestId('history-item')).toHaveAttribute('data-date', '2026-11-21')
    expect(await screen.findByText('Check-in deleted')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('list', { name: 'Check-ins' }).parentElement).toHaveFocus())
  })
})
