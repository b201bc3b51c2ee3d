import { screen, within } from '@testing-library/react'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import { settingsText } from '@/features/settings/content'
import { browser } from '@/lib/browser'
import { makeUser } from '@/testing/data'
import { jsonResponse, pending, sentBody, stubFetch, type FetchRoutes } from '@/testing/fetch-stub'
import { preloadFormScreens, renderApp } from '@/testing/test-utils'

// The form screens load lazily: fetch them once, outside any test's waiting time.
beforeAll(preloadFormScreens)

const ana = makeUser({ firstName: 'Ana', lastName: 'Lopez', timezone: 'Europe/London' })

function renderSettings(routes: FetchRoutes = {}, user = ana) {
  const fetchMock = stubFetch({ '/api/auth/session': { body: user }, ...routes })
  return { fetchMock, ...renderApp('/settings') }
}

function section(name: string) {
  return screen.getByRole('region', { name })
}

describe('settings: profile', () => {
  beforeEach(() => {
    vi.spyOn(browser, 'timeZone').mockReturnValue('America/Chicago')
  })

  it('shows the current profile', async () => {
    renderSettings()

    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument()
    const profile = section('Profile')
    expect(within(profile).getByLabelText('First name')).toHaveValue('Ana')
    expect(within(profile).getByLabelText('Last name')).toHaveValue('Lopez')
    expect(within(profile).getByLabelText('Time zone')).toHaveValue('Europe/London')
  })

  it('saves changes, says so, and the shell greets the new name', async () => {
    const { user, fetchMock } = renderSettings({
      'PATCH /api/auth/user': (init) => {
        const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, string>
        return jsonResponse({ body: { ...ana, ...body } })
      },
    })

    const firstName = await screen.findByLabelText('First name')
    await user.clear(firstName)
    await user.type(firstName, 'Anita')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))

    expect(await screen.findByText(settingsText.toasts.profileSaved.title)).toBeInTheDocument()
    expect(screen.getByText(settingsText.toasts.profileSaved.description)).toBeInTheDocument()
    expect(sentBody(fetchMock, 'PATCH', '/api/auth/user')).toEqual({
      firstName: 'Anita',
      lastName: 'Lopez',
      timezone: 'Europe/London',
      phone: '',
    })
    expect(screen.getAllByTestId('user-first-name')[0]).toHaveTextContent('Anita')
  })

  it('saves their own phone number, for supporters they let call back', async () => {
    const { user, fetchMock } = renderSettings({
      'PATCH /api/auth/user': (init) => {
        const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, string>
        return jsonResponse({ body: { ...ana, ...body } })
      },
    })
    const phone = await screen.findByLabelText(settingsText.profile.phone)
    expect(phone).toHaveValue('')
    expect(phone).toHaveAccessibleDescription(settingsText.profile.phoneHint)

    await user.type(phone, 'call me')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText(settingsText.errors.phoneDigits)).toBeInTheDocument()
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false)

    await user.clear(phone)
    await user.type(phone, ' +1 555 010 2000 ')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText(settingsText.toasts.profileSaved.title)).toBeInTheDocument()
    expect(sentBody(fetchMock, 'PATCH', '/api/auth/user')).toMatchObject({ phone: '+1 555 010 2000' })
  })

  it('suggests the device time zone', async () => {
    const { user } = renderSettings()

    expect(await screen.findByText(/This device is set to America\/Chicago/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Use this time zone' }))

    expect(screen.getByLabelText('Time zone')).toHaveValue('America/Chicago')
    expect(screen.queryByText(/This device is set to/)).not.toBeInTheDocument()
  })

  it('checks the first name before saving', async () => {
    const { user, fetchMock } = renderSettings()

    await user.clear(await screen.findByLabelText('First name'))
    await user.click(screen.getByRole('button', { name: 'Save changes' }))

    expect(await screen.findByText('First name is required.')).toBeInTheDocument()
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false)
  })

  it("puts the server's field messages under their inputs", async () => {
    const { user } = renderSettings({
      'PATCH /api/auth/user': {
        status: 400,
        body: { error: 'invalid', message: 'Check the fields.', fields: { timezone: 'Unknown time zone.' } },
      },
    })

    await user.click(await screen.findByRole('button', { name: 'Save changes' }))

    expect(await screen.findByText('Unknown time zone.')).toBeInTheDocument()
    expect(screen.getByLabelText('Time zone')).toHaveAttribute('aria-invalid', 'true')
  })

  it('reads "Saving..." while waiting and shows an error toast when saving fails', async () => {
    let answer: (res: Response) => void = () => {}
    const { user } = renderSettings({
      'PATCH /api/auth/user': () => new Promise<Response>((resolve) => (answer = resolve)),
    })

    await user.click(await screen.findByRole('button', { name: 'Save changes' }))
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled()

    answer(jsonResponse({ status: 500, body: 'database down' }))

    expect(await screen.findByText(settingsText.toasts.profileFailed.description)).toBeInTheDocument()
    expect(screen.getByText('Error').closest('li')).toHaveClass('destructive')
  })
})

describe('settings: password', () => {
  async function fill(user: ReturnType<typeof renderApp>['user'], current: string, next: string, confirm = next) {
    const form = section('Password')
    await user.type(within(form).getByLabelText('Current password'), current)
    await user.type(within(form).getByLabelText('New password'), next)
    await user.type(within(form).getByLabelText('Confirm new password'), confirm)
    await user.click(within(form).getByRole('button', { name: 'Change password' }))
  }

  it('says that other devices get signed out', async () => {
    renderSettings()

    expect(await screen.findByText(settingsText.password.note)).toBeInTheDocument()
  })

  it('checks length and confirmation before asking the server', async () => {
    const { user } = renderSettings()
    await screen.findByRole('region', { name: 'Password' })

    await fill(user, 'old password 1', 'short', 'different')

    expect(await screen.findByText('Use at least 10 characters.')).toBeInTheDocument()
    expect(screen.getByText("The new passwords don't match.")).toBeInTheDocument()
  })

  it('shows a wrong current password under its input', async () => {
    const { user } = renderSettings({
      'POST /api/auth/password': {
        status: 400,
        body: { error: 'invalid', message: 'Check the fields.', fields: { currentPassword: 'Current password is incorrect.' } },
      },
    })
    await screen.findByRole('region', { name: 'Password' })

    await fill(user, 'not my password', 'a brand new phrase')

    expect(await screen.findByText('Current password is incorrect.')).toBeInTheDocument()
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true')
  })

  it('changes the password, clears the form and says so', async () => {
    const { user, fetchMock } = renderSettings({ 'POST /api/auth/password': { status: 204 } })
    await screen.findByRole('region', { name: 'Password' })

    await fill(user, 'old password 1', 'a brand new phrase')

    expect(await screen.findByText(settingsText.toasts.passwordChanged.title)).toBeInTheDocument()
    expect(sentBody(fetchMock, 'POST', '/api/auth/password')).toEqual({
      currentPassword: 'old password 1',
      newPassword: 'a brand new phrase',
    })
    expect(screen.getByLabelText('Current password')).toHaveValue('')
    expect(screen.getByLabelText('New password')).toHaveValue('')
  })

  it('has no password form for single-sign-on accounts', async () => {
    renderSettings({}, makeUser({ hasPassword: false }))

    expect(await screen.findByText(settingsText.password.noPassword)).toBeInTheDocument()
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument()
  })
})

describe('settings: data and account', () => {
  it('downloads the export with a plain link', async () => {
    renderSettings()

    const link = await screen.findByRole('link', { name: 'Download my data' })
    expect(link).toHaveAttribute('href', '/api/account/export')
    expect(link).toHaveAttribute('download')
  })

  it('asks for the password before deleting, and shows a wrong one', async () => {
    const { user } = renderSettings({
      'DELETE /api/account': {
        status: 400,
        body: { error: 'invalid', message: 'Check the fields.', fields: { password: 'Password is incorrect.' } },
      },
    })

    await user.click(await screen.findByRole('button', { name: 'Delete account' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }))
    expect(await within(dialog).findByText('Enter your password.')).toBeInTheDocument()

    await user.type(within(dialog).getByLabelText('Your password'), 'wrong one')
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }))

    expect(await within(dialog).findByText('Password is incorrect.')).toBeInTheDocument()
    expect(browser.navigate).not.toHaveBeenCalled()
  })

  it('deletes the account with the password, then leaves for the landing page', async () => {
    const { user, fetchMock } = renderSettings({ 'DELETE /api/account': { status: 204 } })

    await user.click(await screen.findByRole('button', { name: 'Delete account' }))
    const dialog = await screen.findByRole('alertdialog')
    await user.type(within(dialog).getByLabelText('Your password'), 'correct horse battery')
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }))

    await vi.waitFor(() => expect(browser.navigate).toHaveBeenCalledWith('/'))
    expect(sentBody(fetchMock, 'DELETE', '/api/account')).toEqual({ password: 'correct horse battery' })
    expect(within(dialog).getByRole('button', { name: 'Deleting...' })).toBeDisabled()
  })

  it('reads "Deleting..." while waiting', async () => {
    const { user } = renderSettings({ 'DELETE /api/account': pending })

    await user.click(await screen.findByRole('button', { name: 'Delete account' }))
    const dialog = await screen.findByRole('alertdialog')
    await user.type(within(dialog).getByLabelText('Your password'), 'correct horse battery')
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }))

    expect(await within(dialog).findByRole('button', { name: 'Deleting...' })).toBeDisabled()
  })

  it('asks single-sign-on accounts to type DELETE', async () => {
    const { user, fetchMock } = renderSettings({ 'DELETE /api/account': { status: 204 } }, makeUser({ hasPassword: false }))

    await user.click(await screen.findByRole('button', { name: 'Delete account' }))
    const dialog = await screen.findByRole('alertdialog')
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'delete')
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }))
    expect(await within(dialog).findByText('Type DELETE in capital letters to confirm.')).toBeInTheDocument()

    await user.clear(within(dialog).getByLabelText('Type DELETE to confirm'))
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE')
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }))

    await vi.waitFor(() => expect(browser.navigate).toHaveBeenCalledWith('/'))
    expect(sentBody(fetchMock, 'DELETE', '/api/account')).toEqual({ confirm: 'DELETE' })
  })

  it('closes without deleting on Cancel', async () => {
    const { user, fetchMock } = renderSettings()

    await user.click(await screen.findByRole('button', { name: 'Delete account' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }))

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false)
  })
})

describe('settings: location history', () => {
  it('shows how long the history is kept and saves a new choice at once', async () => {
    const { user, fetchMock } = renderSettings({
      'PATCH /api/auth/user': (init) => {
        const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, number>
        return jsonResponse({ body: { ...ana, ...body } })
      },
    })

    const choice = await within(await screen.findByRole('region', { name: 'Location history' })).findByLabelText(
      settingsText.history.label,
    )
    expect(choice).toHaveValue('400')
    await user.selectOptions(choice, '30')

    expect(await screen.findByText(settingsText.toasts.historySaved.title)).toBeInTheDocument()
    expect(sentBody(fetchMock, 'PATCH', '/api/auth/user')).toEqual({ historyDays: 30 })
    expect(choice).toHaveValue('30')
  })

  it('says so when saving fails', async () => {
    const { user } = renderSettings({ 'PATCH /api/auth/user': { status: 500, body: 'database down' } })

    await user.selectOptions(await screen.findByLabelText(settingsText.history.label), '7')

    expect(await screen.findByText(settingsText.toasts.historyFailed.description)).toBeInTheDocument()
  })
})
