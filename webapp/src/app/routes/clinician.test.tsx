import { screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it, vi } from 'vitest'

import { clinicianText } from '@/features/clinician/content'
import { makeFhirBundle } from '@/testing/clinician-data'
import { makeUser } from '@/testing/data'
import { pending, stubFetch, type FetchRoutes } from '@/testing/fetch-stub'
import { preloadFormScreens, renderApp } from '@/testing/test-utils'

beforeAll(preloadFormScreens)

const ana = makeUser({ firstName: 'Ana', lastName: 'Lopez', timezone: 'America/Chicago' })
const text = clinicianText

const taken = makeFhirBundle({
  instruments: [
    {
      title: 'PHQ-9 (Patient Health Questionnaire-9)',
      citation: 'Kroenke K, Spitzer RL, Williams JBW. 2001.',
      scores: [
        { at: '2026-11-08T18:00:00Z', score: 12, band: 'Moderate symptoms of depression' },
        { at: '2026-11-22T18:00:00Z', score: 8, band: 'Mild symptoms of depression' },
      ],
    },
  ],
})
const named = { ...taken, entry: [{ fullUrl: 'urn:uuid:patient', resource: { resourceType: 'Patient', name: [{ given: ['Ana'], family: 'Lopez' }] } }, ...(taken.entry ?? []).slice(1)] }

function renderClinician(routes: FetchRoutes = {}) {
  const fetchMock = stubFetch({ '/api/auth/session': { body: ana }, '/api/export/fhir': { body: taken }, ...routes })
  return { fetchMock, ...renderApp('/clinician') }
}

describe('My data for my clinician', () => {
  it('starts with nothing identifying ticked, and downloads the file with exactly what is ticked', async () => {
    const { user } = renderClinician({ '/api/export/fhir?include=name': { body: named } })

    expect(await screen.findByRole('heading', { level: 1, name: text.title })).toBeInTheDocument()
    for (const label of Object.values(text.choose.fields)) expect(screen.getByRole('checkbox', { name: label })).not.toBeChecked()
    expect(screen.getByText(text.choose.hint)).toBeInTheDocument()
    const download = await screen.findByRole('link', { name: text.download.button })
    expect(download).toHaveAttribute('href', '/api/export/fhir')

    await user.click(screen.getByRole('checkbox', { name: text.choose.fields.phone }))
    await user.click(screen.getByRole('checkbox', { name: text.choose.fields.name }))
    expect(screen.getByRole('link', { name: text.download.button })).toHaveAttribute('href', '/api/export/fhir?include=name,phone')
    // The summary names the person only now, and never shows their phone.
    const summary = screen.getByRole('region', { name: text.summary.title })
    expect(await within(summary).findByText(text.summary.forPerson('Ana Lopez'))).toBeInTheDocument()
    expect(within(summary).queryByText(/555/)).not.toBeInTheDocument()
  })

  it('shows the latest score, the trend and the source, ready to print', async () => {
    renderClinician()

    const summary = await screen.findByRole('region', { name: text.summary.title })
    expect(within(summary).getByRole('button', { name: text.summary.print })).toBeInTheDocument()
    expect(within(summary).getByRole('heading', { name: 'PHQ-9 (Patient Health Questionnaire-9)' })).toBeInTheDocument()
    expect(within(summary).getByText(/8, Mild symptoms of depression/)).toBeInTheDocument()
    const rows = within(within(summary).getByRole('table')).getAllByRole('row')
    expect(rows.map((r) => r.textContent)).toEqual([
      `${text.summary.columns.date}${text.summary.columns.score}${text.summary.columns.band}`,
      'Nov 22, 20268Mild symptoms of depression',
      'Nov 8, 202612Moderate symptoms of depression',
    ])
    expect(within(summary).getByText(/Kroenke K, Spitzer RL, Williams JBW\. 2001\./)).toBeInTheDocument()
    expect(screen.queryByText(text.summary.forPerson('Ana Lopez'))).not.toBeInTheDocument()
    // The paper copy waits, hidden, for the print dialog.
    expect(document.querySelector('[data-print-sheet] [data-clinician-summary]')).not.toBeNull()
  })

  it('says so when there is no questionnaire yet', async () => {
    renderClinician({ '/api/export/fhir': { body: makeFhirBundle() } })

    expect(await screen.findByRole('heading', { name: text.empty.title })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: text.download.button })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: text.summary.print })).not.toBeInTheDocument()
  })

  it('says it is loading while the export is on its way', async () => {
    renderClinician({ '/api/export/fhir': pending })

    expect(await screen.findByText(text.summary.loading)).toBeInTheDocument()
  })

  it('offers to try again when the export fails, and asks again', async () => {
    const { user, fetchMock } = renderClinician({ '/api/export/fhir': { status: 500, body: { error: 'internal', message: 'Something went wrong on our side. Please try again.' } } })

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(text.error.message)
    const asked = () => fetchMock.mock.calls.filter(([url]) => url === '/api/export/fhir').length
    expect(asked()).toBe(1)
    await user.click(within(alert).getByRole('button', { name: text.error.retry }))
    await vi.waitFor(() => expect(asked()).toBe(2))
  })
})
