import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { makeSupporter } from '@/testing/care-data'
import { sentBody, stubFetch } from '@/testing/fetch-stub'
import { renderWithProviders } from '@/testing/test-utils'

import { careText } from '../content'
import { GrantEditor } from './grant-editor'

function renderEditor(supporter = makeSupporter(), routes = {}, addPhoneHref?: string) {
  const fetchMock = stubFetch(routes)
  const view = renderWithProviders(<GrantEditor supporter={supporter} name="Sam" addPhoneHref={addPhoneHref} />)
  return { ...view, fetchMock, form: screen.getByRole('form', { name: 'What Sam can see' }) }
}

describe('grant editor', () => {
  it('starts with everything off, check-in details waiting for check-ins, and nothing to save', () => {
    const { form } = renderEditor()
    for (const box of within(form).getAllByRole('checkbox')) expect(box).not.toBeChecked()
    expect(within(form).getByRole('checkbox', { name: 'Check-in details' })).toBeDisabled()
    expect(within(form).getByRole('radio', { name: 'Never' })).toBeChecked()
    expect(within(form).queryByLabelText('For how long after the alert')).not.toBeInTheDocument()
    expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled()
  })

  it('sends exactly what was ticked and says it was saved', async () => {
    const saved = makeSupporter({
      grant: { checkIns: true, checkInDetails: true, alerts: ['avoid_zone', 'sos'], location: 'during_alert', locationWindowMinutes: 30 },
    })
    const { user, form, fetchMock } = renderEditor(makeSupporter(), { 'PUT /api/supporters/1/grant': { body: saved } })
    await user.click(within(form).getByRole('checkbox', { name: 'Check-ins' }))
    await user.click(within(form).getByRole('checkbox', { name: 'Check-in details' }))
    await user.click(within(form).getByRole('checkbox', { name: 'Avoid zones' }))
    await user.click(within(form).getByRole('checkbox', { name: 'SOS, when you ask for help' }))
    await user.click(within(form).getByRole('radio', { name: 'Only during an alert or SOS' }))
    await user.selectOptions(within(form).getByLabelText('For how long after the alert'), '30')
    await user.click(within(form).getByRole('button', { name: 'Save' }))

    expect(await within(form).findByText('Saved. Sam now sees only what you ticked.')).toBeInTheDocument()
    expect(sentBody(fetchMock, 'PUT', '/api/supporters/1/grant')).toEqual({
      checkIns: true,
      checkInDetails: true,
      alerts: ['avoid_zone', 'sos'],
      location: 'during_alert',
      locationWindowMinutes: 30,
      phone: false,
      measures: false,
      signals: false,
    })
  })

  it('shares questionnaire scores and signals only once ticked, each with what it shows', async () => {
    const saved = makeSupporter({ grant: { checkIns: false, checkInDetails: false, alerts: [], location: 'never', locationWindowMinutes: 60, measures: true, signals: true } })
    const { user, form, fetchMock } = renderEditor(makeSupporter(), { 'PUT /api/supporters/1/grant': { body: saved } })
    const measures = within(form).getByRole('checkbox', { name: careText.grant.measures })
    const signals = within(form).getByRole('checkbox', { name: careText.grant.signals })
    expect(measures).not.toBeChecked()
    expect(signals).not.toBeChecked()
    expect(measures).toHaveAccessibleDescription(careText.grant.measuresHint)
    expect(signals).toHaveAccessibleDescription(careText.grant.signalsHint)
    await user.click(measures)
    await user.click(signals)
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    expect(await within(form).findByText('Saved. Sam now sees only what you ticked.')).toBeInTheDocument()
    expect(sentBody(fetchMock, 'PUT', '/api/supporters/1/grant')).toMatchObject({ measures: true, signals: true, phone: false })
  })

  it('lets them call or text back only once ticked, and says when there is no number yet', async () => {
    const saved = makeSupporter({ grant: { checkIns: false, checkInDetails: false, alerts: [], location: 'never', locationWindowMinutes: 60, phone: true } })
    const { user, form, fetchMock } = renderEditor(makeSupporter(), { 'PUT /api/supporters/1/grant': { body: saved } }, '/settings')
    const phone = within(form).getByRole('checkbox', { name: careText.grant.phone })
    expect(phone).not.toBeChecked()
    expect(phone).toHaveAccessibleDescription(careText.grant.phoneHint)
    expect(within(form).getByTestId('grant-phone-missing')).toHaveTextContent(careText.grant.phoneMissing)
    expect(within(form).getByRole('link', { name: careText.grant.addPhone })).toHaveAttribute('href', '/settings')
    await user.click(phone)
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    expect(await within(form).findByText('Saved. Sam now sees only what you ticked.')).toBeInTheDocument()
    expect(sentBody(fetchMock, 'PUT', '/api/supporters/1/grant')).toMatchObject({ phone: true, alerts: [] })
  })

  it('has no "add your number" line once the number is there', () => {
    const { form } = renderEditor()
    expect(within(form).queryByTestId('grant-phone-missing')).not.toBeInTheDocument()
  })

  it('turns check-in details off with check-ins', async () => {
    const { user, form } = renderEditor(
      makeSupporter({ grant: { checkIns: true, checkInDetails: true, alerts: [], location: 'never', locationWindowMinutes: 60 } }),
    )
    await user.click(within(form).getByRole('checkbox', { name: 'Check-ins' }))
    expect(within(form).getByRole('checkbox', { name: 'Check-in details' })).not.toBeChecked()
    expect(within(form).getByRole('checkbox', { name: 'Check-in details' })).toBeDisabled()
  })

  it("shows the server's message when saving fails", async () => {
    const { user, form } = renderEditor(makeSupporter(), {
      'PUT /api/supporters/1/grant': { status: 404, body: { error: 'not_found', message: 'Supporter not found.' } },
    })
    await user.click(within(form).getByRole('checkbox', { name: 'Missed check-ins' }))
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Supporter not found.')
  })
})
