import { screen, waitFor, within } from '@testing-library/react'
import { beforeAll, describe, expect, it, vi } from 'vitest'

import type { SymptomDay, SymptomInput, SymptomLog } from '@/features/symptoms/types'
import { makeUser } from '@/testing/data'
import { jsonResponse, pending, sentBody, stubFetch, type FetchRoutes } from '@/testing/fetch-stub'
import { makeSymptomLog, makeTrend } from '@/testing/symptom-data'
import { preloadFormScreens, renderApp } from '@/testing/test-utils'

// ApexCharts needs a real browser (SVG measuring): the e2e suite draws it.
// Here the lazy canvas is replaced by a list of what it would draw.
vi.mock('@/features/symptoms/components/symptom-trend-canvas', () => ({
  default: ({ days }: { days: SymptomDay[] }) => (
    <ol data-testid="trend-canvas">
      {days.map((d) => (
        <li key={d.date}>{`${d.date}:${d.physicalSeverity ?? '-'}:${d.mentalSeverity ?? '-'}`}</li>
      ))}
    </ol>
  ),
}))

beforeAll(preloadFormScreens)

/** A tiny stand-in for the symptom endpoints: an in-memory list, newest first. */
function symptomServer(initial: SymptomLog[] = []) {
  let logs = [...initial]
  let nextId = 100
  const routes: FetchRoutes = {
    'GET /api/symptoms': () => jsonResponse({ body: logs }),
    'POST /api/symptoms': (init) => {
      const body = JSON.parse(init?.body as string) as SymptomInput
      const log = { ...body, id: nextId++, date: '2026-11-22T15:00:00Z', updatedAt: '2026-11-22T15:00:00Z' }
      logs = [log, ...logs]
      return jsonResponse({ status: 201, body: log })
    },
    '/api/symptoms/trend?days=30': () => jsonResponse({ body: makeTrend(30) }),
  }
  for (const log of initial) {
    routes[`PATCH /api/symptoms/${log.id}`] = (init) => {
      const body = JSON.parse(init?.body as string) as SymptomInput
      logs = logs.map((l) => (l.id === log.id ? { ...l, ...body } : l))
      return jsonResponse({ body: logs.find((l) => l.id === log.id) })
    }
    routes[`DELETE /api/symptoms/${log.id}`] = () => {
      logs = logs.filter((l) => l.id !== log.id)
      return new Response(null, { status: 204 })
    }
  }
  return routes
}

function renderSymptoms(routes: FetchRoutes = symptomServer()) {
  const fetchMock = stubFetch({
    '/api/auth/session': { body: makeUser({ timezone: 'Europe/London' }) },
    ...routes,
  })
  return { fetchMock, ...renderApp('/symptoms') }
}

const form = () => screen.findByRole('form', { name: 'Log New Symptoms' })
const list = () => screen.getByRole('region', { name: 'Recent Symptom Logs' })

describe('symptom tracker: the screen', () => {
  it('shows the title, the subtitle, three skeleton rows while the logs load, and the empty trend', async () => {
    renderSymptoms({ ...symptomServer(), 'GET /api/symptoms': pending })

    expect(await screen.findByRole('heading', { level: 1, name: 'Symptom Tracker' })).toBeInTheDocument()
    expect(screen.getByText('Monitor your physical and mental health indicators over time.')).toBeInTheDocument()
    expect(document.title).toBe('Symptom Tracker · Lifeline')
    expect(within(list()).getByRole('status')).toHaveTextContent('Loading your symptom logs')
    expect(within(list()).getAllByTestId('symptom-skeleton-row')).toHaveLength(3)
    const trend = screen.getByRole('region', { name: 'Severity Trend' })
    expect(
      await within(trend).findByText('Nothing logged in the last 30 days. Your trend will appear here after your first log.'),
    ).toBeInTheDocument()
    expect(screen.queryByTestId('trend-canvas')).not.toBeInTheDocument()
  })

  it('has an empty state', async () => {
    renderSymptoms()
    expect(await within(await screen.findByRole('region', { name: 'Recent Symptom Logs' })).findByText('No symptoms logged yet.')).toBeInTheDocument()
  })

  it('titles each entry and colours its dot from the physical severity, else the mental one, else 0', async () => {
    renderSymptoms(
      symptomServer([
        makeSymptomLog({ id: 1, physicalSymptom: 'Tremors', physicalSeverity: 9, mentalSymptom: 'Anxiety', mentalSeverity: 2, duration: 'All day', notes: 'Worst in the morning' }),
        makeSymptomLog({ id: 2, physicalSymptom: '', physicalSeverity: null, mentalSymptom: 'Irritability', mentalSeverity: 5 }),
        makeSymptomLog({ id: 3, physicalSymptom: '', physicalSeverity: null, mentalSymptom: '', mentalSeverity: null, duration: 'Half day' }),
      ]),
    )
    const entries = await within(await screen.findByRole('region', { name: 'Recent Symptom Logs' })).findAllByTestId('symptom-entry')
    expect(entries.map((e) => within(e).getByTestId('symptom-title').textContent)).toEqual(['Tremors', 'Irritability', 'Symptom logged'])
    expect(entries.map((e) => within(e).getByRole('img').getAttribute('aria-label'))).toEqual([
      'Severity 9 of 10, high',
      'Severity 5 of 10, moderate',
      'No severity recorded',
    ])
    expect(entries.map((e) => within(e).getByTestId('severity-dot').dataset.level)).toEqual(['high', 'medium', 'low'])
    expect(within(entries[0]).getByTestId('severity-dot')).toHaveClass('bg-red-500')
    expect(within(entries[1]).getByTestId('severity-dot')).toHaveClass('bg-amber-500')
    expect(within(entries[2]).getByTestId('severity-dot')).toHaveClass('bg-emerald-500')

    // Date (in the user's zone), duration, both severities and the notes.
    expect(entries[0]).toHaveTextContent('Sun, Nov 22, 2026, 2:30 PM')
    expect(entries[0]).toHaveTextContent('PhysicalTremors · 9/10')
    expect(entries[0]).toHaveTextContent('MentalAnxiety · 2/10')
    expect(entries[0]).toHaveTextContent('DurationAll day')
    expect(entries[0]).toHaveTextContent('Worst in the morning')
  })

  it('draws the trend when a day has a severity, with a table for screen readers', async () => {
    renderSymptoms({
      ...symptomServer([makeSymptomLog()]),
      '/api/symptoms/trend?days=30': {
        body: makeTrend(30, [{ date: '2026-11-21', physicalSeverity: 6.5, mentalSeverity: null, logs: 2 }]),
      },
    })
    const canvas = await screen.findByTestId('trend-canvas')
    expect(within(canvas).getAllByRole('listitem', { hidden: true })).toHaveLength(30)
    expect(within(canvas).getByText('2026-11-21:6.5:-')).toBeInTheDocument()
    const table = screen.getByRole('table', { name: 'Average severity by day' })
    expect(within(table).getAllByRole('row')).toHaveLength(2)
    expect(within(table).getByRole('row', { name: 'Saturday, November 21 6.5/10 —' })).toBeInTheDocument()
  })

  it('offers the export as CSV and JSON downloads', async () => {
    const { user } = renderSymptoms()
    await screen.findByText('No symptoms logged yet.')

    await user.click(within(list()).getByRole('button', { name: 'Export Data' }))
    const menu = await screen.findByRole('menu')
    const items = within(menu).getAllByRole('menuitem')
    expect(items.map((i) => [i.textContent, i.getAttribute('href'), i.hasAttribute('download')])).toEqual([
      ['CSV (spreadsheet)', '/api/symptoms/export?format=csv', true],
      ['JSON', '/api/symptoms/export?format=json', true],
    ])
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument())
    expect(within(list()).getByRole('button', { name: 'Export Data' })).toHaveFocus()
  })
})

describe('symptom tracker: logging', () => {
  it('starts with the sliders at 5, rated only once their symptom is chosen', async () => {
    const { user } = renderSymptoms()
    const f = await form()
    const physical = within(f).getByRole('slider', { name: 'Physical severity' })
    const mental = within(f).getByRole('slider', { name: 'Mental severity' })
    expect(physical).toHaveAttribute('aria-valuenow', '5')
    expect(mental).toHaveAttribute('aria-valuenow', '5')
    expect(physical).toHaveAttribute('aria-disabled', 'true')
    expect(physical).toHaveAccessibleDescription('Choose a physical symptom to rate how strong it was.')

    await user.selectOptions(within(f).getByLabelText(/^Physical symptom/), 'Headache')
    expect(physical).not.toHaveAttribute('aria-disabled')
    expect(mental).toHaveAttribute('aria-disabled', 'true')
    expect(within(f).getByLabelText(/^Duration/)).toHaveValue('')
  })

  it('asks for a duration and sends nothing without one', async () => {
    const { user, fetchMock } = renderSymptoms()
    const f = await form()
    await user.click(within(f).getByRole('button', { name: 'Log Symptoms' }))

    const duration = within(f).getByLabelText(/^Duration/)
    expect(await within(f).findByText('Required')).toBeInTheDocument()
    expect(duration).toHaveAttribute('aria-invalid', 'true')
    expect(duration).toHaveFocus()
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false)
  })

  it('logs a symptom: Logging... while it saves, then the toast, a fresh form and the entry in the list', async () => {
    const server = symptomServer()
    let answer: (res: Response) => void = () => {}
    const post = server['POST /api/symptoms'] as (init: RequestInit | undefined, url: string) => Response
    const { user, fetchMock } = renderSymptoms({
      ...server,
      'POST /api/symptoms': (init, url) => new Promise<Response>((resolve) => (answer = () => resolve(post(init, url)))),
    })
    const f = await form()
    await screen.findByText('No symptoms logged yet.')

    await user.selectOptions(within(f).getByLabelText(/^Physical symptom/), 'Headache')
    within(f).getByRole('slider', { name: 'Physical severity' }).focus()
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}')
    expect(within(f).getByRole('slider', { name: 'Physical severity' })).toHaveAttribute('aria-valuenow', '8')
    await user.selectOptions(within(f).getByLabelText(/^Mental symptom/), 'Anxiety')
    await user.selectOptions(within(f).getByLabelText(/^Duration/), '1-4 hours')
    await user.type(within(f).getByLabelText(/^Notes/), '  Skipped lunch  ')
    await user.click(within(f).getByRole('button', { name: 'Log Symptoms' }))

    const busy = await within(f).findByRole('button', { name: 'Logging...' })
    expect(busy).toBeDisabled()
    answer(new Response())

    expect(await screen.findByText('Symptom logged!')).toBeInTheDocument()
    expect(screen.getByText('Your symptom has been recorded successfully.')).toBeInTheDocument()
    expect(sentBody(fetchMock, 'POST', '/api/symptoms')).toEqual({
      physicalSymptom: 'Headache',
      physicalSeverity: 8,
      mentalSymptom: 'Anxiety',
      mentalSeverity: 5,
      duration: '1-4 hours',
      notes: 'Skipped lunch',
    })

    const entry = await within(list()).findByTestId('symptom-entry')
    expect(within(entry).getByTestId('symptom-title')).toHaveTextContent('Headache')
    expect(within(entry).getByRole('img', { name: 'Severity 8 of 10, high' })).toBeInTheDocument()
    // The form is back to its defaults.
    expect(within(f).getByLabelText(/^Physical symptom/)).toHaveValue('')
    expect(within(f).getByRole('slider', { name: 'Physical severity' })).toHaveAttribute('aria-valuenow', '5')
    expect(within(f).getByLabelText(/^Duration/)).toHaveValue('')
    expect(within(f).getByLabelText(/^Notes/)).toHaveValue('')
    expect(within(f).getByRole('button', { name: 'Log Symptoms' })).toBeEnabled()
  })

  it('sends no severity for an unchosen symptom', async () => {
    const { user, fetchMock } = renderSymptoms()
    const f = await form()
    await user.selectOptions(within(f).getByLabelText(/^Mental symptom/), 'Paranoia')
    await user.selectOptions(within(f).getByLabelText(/^Duration/), 'Multiple days')
    await user.click(within(f).getByRole('button', { name: 'Log Symptoms' }))

    await screen.findByText('Symptom logged!')
    expect(sentBody(fetchMock, 'POST', '/api/symptoms')).toEqual({
      physicalSymptom: '',
      physicalSeverity: null,
      mentalSymptom: 'Paranoia',
      mentalSeverity: 5,
      duration: 'Multiple days',
      notes: '',
    })
  })

  it('shows the server’s field messages inline and the failure toast, keeping what was entered', async () => {
    const message = "Invalid enum value. Expected 'Less than 1 hour' | '1-4 hours', received 'x'"
    const { user } = renderSymptoms({
      ...symptomServer(),
      'POST /api/symptoms': {
        status: 400,
        body: { error: 'invalid', message: 'Please check the highlighted fields.', fields: { duration: message } },
      },
    })
    const f = await form()
    await user.selectOptions(within(f).getByLabelText(/^Physical symptom/), 'Nausea')
    await user.selectOptions(within(f).getByLabelText(/^Duration/), 'All day')
    await user.type(within(f).getByLabelText(/^Notes/), 'After dinner')
    await user.click(within(f).getByRole('button', { name: 'Log Symptoms' }))

    expect(await screen.findByText('Failed to log symptom. Please try again.')).toBeInTheDocument()
    expect(screen.getByText('Error')).toBeInTheDocument()
    expect(within(f).getByText(message)).toBeInTheDocument()
    expect(within(f).getByLabelText(/^Duration/)).toHaveAttribute('aria-invalid', 'true')
    expect(within(f).getByLabelText(/^Physical symptom/)).toHaveValue('Nausea')
    expect(within(f).getByLabelText(/^Notes/)).toHaveValue('After dinner')
  })

  it('shows the failure toast and a message above the form when the server fails', async () => {
    const { user } = renderSymptoms({
      ...symptomServer(),
      'POST /api/symptoms': { status: 500, body: { error: 'internal', message: 'Something went wrong.' } },
    })
    const f = await form()
    await user.selectOptions(within(f).getByLabelText(/^Duration/), 'All day')
    await user.click(within(f).getByRole('button', { name: 'Log Symptoms' }))

    expect(await screen.findByText('Failed to log symptom. Please try again.')).toBeInTheDocument()
    expect(within(f).getByRole('alert')).toHaveTextContent('Something went wrong on our side.')
    expect(within(f).getByLabelText(/^Duration/)).toHaveValue('All day')
  })
})

describe('symptom tracker: edit and delete', () => {
  const stored = makeSymptomLog({ id: 7, physicalSymptom: 'Fatigue', physicalSeverity: 3, duration: 'Half day', notes: 'Slow start' })

  it('edits an entry in a dialog with the same fields', async () => {
    const { user, fetchMock } = renderSymptoms(symptomServer([stored]))
    const entry = await within(await screen.findByRole('region', { name: 'Recent Symptom Logs' })).findByTestId('symptom-entry')

    await user.click(within(entry).getByRole('button', { name: 'Edit Fatigue from Sun, Nov 22, 2026, 2:30 PM' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Symptom Log' })
    const f = within(dialog).getByRole('form', { name: 'Edit Symptom Log' })
    expect(within(f).getByLabelText(/^Physical symptom/)).toHaveValue('Fatigue')
    expect(within(f).getByRole('slider', { name: 'Physical severity' })).toHaveAttribute('aria-valuenow', '3')
    expect(within(f).getByLabelText(/^Duration/)).toHaveValue('Half day')
    expect(within(f).getByLabelText(/^Notes/)).toHaveValue('Slow start')

    within(f).getByRole('slider', { name: 'Physical severity' }).focus()
    await user.keyboard('{End}')
    await user.selectOptions(within(f).getByLabelText(/^Duration/), 'All day')
    await user.click(within(f).getByRole('button', { name: 'Save Changes' }))

    expect(await screen.findByText('Symptom updated')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(sentBody(fetchMock, 'PATCH', '/api/symptoms/7')).toEqual({
      physicalSymptom: 'Fatigue',
      physicalSeverity: 10,
      mentalSymptom: '',
      mentalSeverity: null,
      duration: 'All day',
      notes: 'Slow start',
    })
    const updated = await within(list()).findByRole('img', { name: 'Severity 10 of 10, high' })
    expect(updated).toBeInTheDocument()
    expect(within(list()).getByTestId('symptom-entry')).toHaveTextContent('DurationAll day')
  })

  it('cancels an edit without sending anything', async () => {
    const { user, fetchMock } = renderSymptoms(symptomServer([stored]))
    const entry = await within(await screen.findByRole('region', { name: 'Recent Symptom Logs' })).findByTestId('symptom-entry')
    await user.click(within(entry).getByRole('button', { name: /^Edit Fatigue/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Symptom Log' })
    await user.click(within(dialog).getAllByRole('button', { name: 'Cancel' })[0])

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false)
  })

  it('deletes an entry after asking, and keeps it when told to', async () => {
    const { user, fetchMock } = renderSymptoms(symptomServer([stored]))
    const entry = await within(await screen.findByRole('region', { name: 'Recent Symptom Logs' })).findByTestId('symptom-entry')

    await user.click(within(entry).getByRole('button', { name: 'Delete Fatigue from Sun, Nov 22, 2026, 2:30 PM' }))
    let confirm = await screen.findByRole('alertdialog', { name: 'Delete this symptom log?' })
    expect(confirm).toHaveTextContent('Fatigue from Sun, Nov 22, 2026, 2:30 PM will be removed for good.')
    await user.click(within(confirm).getByRole('button', { name: 'Keep' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false)

    await user.click(within(entry).getByRole('button', { name: /^Delete Fatigue/ }))
    confirm = await screen.findByRole('alertdialog', { name: 'Delete this symptom log?' })
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }))

    expect(await screen.findByText('Symptom deleted')).toBeInTheDocument()
    expect(await within(list()).findByText('No symptoms logged yet.')).toBeInTheDocument()
  })

  it('says so when a delete fails, and keeps the entry', async () => {
    const { user } = renderSymptoms({
      ...symptomServer([stored]),
      'DELETE /api/symptoms/7': { status: 500, body: { error: 'internal', message: 'Something went wrong.' } },
    })
    const entry = await within(await screen.findByRole('region', { name: 'Recent Symptom Logs' })).findByTestId('symptom-entry')
    await user.click(within(entry).getByRole('button', { name: /^Delete Fatigue/ }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }))

    // The failure shows in the confirmation, which stays open for another try.
    const dialog = screen.getByRole('alertdialog')
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to delete symptom. Please try again.')
    await user.click(within(dialog).getByRole('button', { name: 'Keep' }))
    expect(await within(list()).findByTestId('symptom-entry')).toBeInTheDocument()
  })
})
