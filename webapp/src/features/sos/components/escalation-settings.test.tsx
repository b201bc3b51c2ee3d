import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import { jsonResponse, stubFetch } from '@/testing/fetch-stub'
import { renderWithProviders } from '@/testing/test-utils'

import { escalationText } from '../content'
import { EscalationSettingsSection } from './escalation-settings'

const defaults = {
  avoidZone: 'default',
  avoidZoneMinutes: null,
  missedCheckinDays: 2,
  device: 'at_once',
  tierWindowMinutes: 10,
  claimRemindMinutes: 30,
  defaultAvoidZoneMinutes: 10,
}

describe('EscalationSettingsSection', () => {
  it('saves a chosen wait with the keyboard', async () => {
    const user = userEvent.setup({ delay: null })
    let sent: unknown
    stubFetch({
      '/api/escalation': () => jsonResponse({ body: defaults }),
      'PUT /api/escalation': (init) => {
        sent = JSON.parse(init?.body as string)
        return jsonResponse({ body: { ...(sent as object), defaultAvoidZoneMinutes: 10 } })
      },
    })
    renderWithProviders(<EscalationSettingsSection />)
    expect(await screen.findByLabelText(escalationText.avoidZoneDefault(10))).toBeChecked()
    await user.click(screen.getByLabelText(escalationText.avoidZoneAfter))
    const minutes = screen.getByLabelText(escalationText.minutes)
    await user.clear(minutes)
    await user.type(minutes, '30')
    await user.click(within(screen.getByRole('group', { name: escalationText.device })).getByLabelText(escalationText.deviceNever))
    await user.click(screen.getByRole('button', { name: escalationText.save }))
    expect(await screen.findByText(escalationText.saved)).toBeInTheDocument()
    expect(sent).toEqual({ avoidZone: 'after', avoidZoneMinutes: 30, missedCheckinDays: 2, device: 'never', tierWindowMinutes: 10, claimRemindMinutes: 30 })
  })

  it('says the tier window and the reminder in plain words, and saves them', async () => {
    const user = userEvent.setup({ delay: null })
    let sent: Record<string, unknown> = {}
    stubFetch({
      '/api/escalation': () => jsonResponse({ body: defaults }),
      'PUT /api/escalation': (init) => {
        sent = JSON.parse(init?.body as string) as Record<string, unknown>
        return jsonResponse({ body: { ...sent, defaultAvoidZoneMinutes: 10 } })
      },
    })
    renderWithProviders(<EscalationSettingsSection />)
    expect(await screen.findByText("If nobody says they're on it within 10 minutes, tell the next people.")).toBeInTheDocument()
    expect(screen.getByText('Remind whoever is on it after 30 minutes.')).toBeInTheDocument()
    const window = screen.getByLabelText(escalationText.tierWindow)
    await user.clear(window)
    await user.type(window, '15')
    expect(screen.getByText("If nobody says they're on it within 15 minutes, tell the next people.")).toBeInTheDocument()
    const remind = screen.getByLabelText(escalationText.claimRemind)
    await user.clear(remind)
    await user.type(remind, '45')
    await user.keyboard('{Enter}')
    expect(await screen.findByText(escalationText.saved)).toBeInTheDocument()
    expect(sent).toMatchObject({ tierWindowMinutes: 15, claimRemindMinutes: 45 })
  })

  it("shows the server's message next to a field it refused", async () => {
    const user = userEvent.setup({ delay: null })
    stubFetch({
      '/api/escalation': () => jsonResponse({ body: defaults }),
      'PUT /api/escalation': () => jsonResponse({ status: 400, body: { error: 'invalid', message: 'Please check.', fields: { missedCheckinDays: 'Choose between 1 and 7 days.' } } }),
    })
    renderWithProviders(<EscalationSettingsSection />)
    const days = await screen.findByLabelText(escalationText.missedDays)
    await user.clear(days)
    await user.type(days, '9')
    await user.click(screen.getByRole('button', { name: escalationText.save }))
    expect(await screen.findByText('Choose between 1 and 7 days.')).toBeInTheDocument()
    expect(days).toHaveAttribute('aria-invalid', 'true')
  })

  it('offers a retry when the settings cannot be loaded', async () => {
    stubFetch({ '/api/escalation': () => jsonResponse({ status: 500, body: { error: 'internal', message: 'x' } }) })
    renderWithProviders(<EscalationSettingsSection />)
    expect(await screen.findByRole('button', { name: escalationText.retry })).toBeInTheDocument()
  })
})
