import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { contactDialogText, contactToasts, crisisText } from '@/features/crisis/content'
import type { CrisisContact } from '@/features/crisis/types'
import { makeUser } from '@/testing/data'
import { jsonResponse, pending, sentBody, signedOut, stubFetch, type FetchRoutes } from '@/testing/fetch-stub'
import { renderApp } from '@/testing/test-utils'

function card(name: string) {
  return screen.getByRole('heading', { name }).closest('[data-slot="card"]') as HTMLElement
}

function makeContact(overrides: Partial<CrisisContact> = {}): CrisisContact {
  return {
    id: 1,
    name: 'Maria Gomez',
    phone: '(555) 010-0123',
    relationship: 'sponsor',
    isEmergency: false,
    createdAt: '2026-11-22T09:00:00Z',
    ...overrides,
  }
}

/** A tiny contacts server: GET lists, POST adds, DELETE removes. */
function contactsServer(initial: CrisisContact[] = []) {
  let contacts = [...initial]
  let nextId = 100
  const routes: FetchRoutes = {
    'GET /api/crisis-contacts': () => jsonResponse({ body: contacts }),
    'POST /api/crisis-contacts': (init) => {
      const body = JSON.parse(init?.body as string) as Omit<CrisisContact, 'id' | 'createdAt'>
      const created = { ...body, id: nextId++, createdAt: '2026-11-22T10:00:00Z' }
      contacts = [...contacts, created]
      return jsonResponse({ status: 201, body: created })
    },
  }
  for (const c of initial) {
    routes[`DELETE /api/crisis-contacts/${c.id}`] = () => {
      contacts = contacts.filter((x) => x.id !== c.id)
      return jsonResponse({ status: 204 })
    }
  }
  return routes
}

function renderSignedIn(routes: FetchRoutes = {}) {
  const fetchMock = stubFetch({ '/api/auth/session': { body: makeUser() }, ...routes })
  return { fetchMock, ...renderApp('/crisis') }
}

describe('crisis page (signed out)', () => {
  it('shows the emergency banner and the three hotlines, calls dialled by digits only', async () => {
    stubFetch({ '/api/auth/session': signedOut })
    renderApp('/crisis')

    expect(
      await screen.findByText("If you're experiencing a medical emergency, call 911 immediately."),
    ).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Need Help Right Now?' })).toBeInTheDocument()
    const hotlines = card('Crisis Hotlines')
    expect(within(hotlines).getByRole('link', { name: '988' })).toHaveAttribute('href', 'tel:988')
    expect(within(hotlines).getByRole('link', { name: '1-800-662-4357' })).toHaveAttribute('href', 'tel:18006624357')
    expect(within(hotlines).getByRole('link', { name: 'Text HOME to 741741' })).toHaveAttribute(
      'href',
      'sms:741741?&body=HOME',
    )
    expect(within(hotlines).getAllByRole('listitem')).toHaveLength(3)
  })

  it('asks signed-out visitors to sign in for personal contacts, coming back here', async () => {
    const fetchMock = stubFetch({ '/api/auth/session': signedOut })
    renderApp('/crisis')

    expect(await screen.findByText(crisisText.signInPrompt)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/api/login?next=%2Fcrisis')
    expect(fetchMock.mock.calls.map(([url]) => url as string)).not.toContain('/api/crisis-contacts')
  })

  it('shows the hotlines and coping tools while the session is still loading (the API may be slow or down)', () => {
    stubFetch({ '/api/auth/session': pending })
    renderApp('/crisis')

    // Synchronously: nothing waited for.
    expect(screen.getByRole('link', { name: '988' })).toHaveAttribute('href', 'tel:988')
    expect(screen.getByRole('button', { name: '4-7-8 Breathing' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Personal Contacts' })).toBeInTheDocument()
    expect(screen.queryByText(crisisText.signInPrompt)).not.toBeInTheDocument()
  })

  it('opens the breathing and grounding tools, and links the safety plan in one tap', async () => {
    stubFetch({ '/api/auth/session': signedOut })
    const { user } = renderApp('/crisis')

    await user.click(await screen.findByRole('button', { name: '4-7-8 Breathing' }))
    const breathing = await screen.findByRole('dialog', { name: '4-7-8 Breathing' })
    expect(within(breathing).getByRole('button', { name: 'Start' })).toBeInTheDocument()
    expect(within(breathing).getByText('Cycles completed: 0')).toBeInTheDocument()
    await user.click(within(breathing).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    await user.click(screen.getByRole('button', { name: '5-4-3-2-1 Grounding' }))
    const grounding = await screen.findByRole('dialog', { name: '5-4-3-2-1 Grounding' })
    expect(within(grounding).getByRole('textbox', { name: '5 things you can see' })).toBeInTheDocument()
    await user.click(within(grounding).getByRole('button', { name: 'Close' }))

    expect(screen.getByRole('link', { name: 'Safety Plan' })).toHaveAttribute('href', '/crisis/safety-plan')
  })

  it('lists two sample treatment centres with directions in a maps site and the national locator', async () => {
    stubFetch({ '/api/auth/session': signedOut })
    renderApp('/crisis')

    const centres = await screen.findByRole('region', { name: 'Local Treatment Centers' })
    const list = within(centres).getByRole('list', { name: 'Local Treatment Centers' })
    expect(within(list).getAllByRole('heading', { level: 3 })).toHaveLength(2)
    expect(within(centres).getByText('123 Main Street, Springfield, IL 62701')).toBeInTheDocument()
    expect(within(centres).getByText('2.3 miles')).toBeInTheDocument()
    expect(within(centres).getByText('Detox')).toBeInTheDocument()
    const directions = within(centres).getByRole('link', { name: /^Directions to Hope Recovery Center/ })
    expect(directions).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1&destination=123%20Main%20Street%2C%20Springfield%2C%20IL%2062701',
    )
    expect(directions).toHaveAttribute('target', '_blank')
    expect(directions).toHaveAttribute('rel', 'noopener noreferrer')
    const more = within(centres).getByRole('link', { name: /^Find more treatment centers near me/ })
    expect(more).toHaveAttribute('href', 'https://findtreatment.gov')
    expect(more).toHaveAttribute('target', '_blank')
  })

  it('shows a sign-in prompt for the safety plan, coming back to it', async () => {
    stubFetch({ '/api/auth/session': signedOut })
    renderApp('/crisis/safety-plan')

    expect(await screen.findByRole('heading', { level: 1, name: 'My Safety Plan' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/api/login?next=%2Fcrisis%2Fsafety-plan')
    expect(screen.getByRole('link', { name: 'Back to Crisis Resources' })).toHaveAttribute('href', '/crisis')
  })
})

describe('crisis page (signed in): personal contacts', () => {
  it('lists contacts with relationship, an emergency badge and a tel link', async () => {
    renderSignedIn(
      contactsServer([
        makeContact({ id: 1, name: 'Dr. Lee', phone: '+1 (555) 010-0199', relationship: 'therapist', isEmergency: true }),
        makeContact({ id: 2, name: 'Sam', phone: '555 0100', relationship: '' }),
      ]),
    )

    const contacts = await screen.findByRole('region', { name: 'Personal Contacts' })
    const items = await within(contacts).findAllByRole('listitem')
    expect(items).toHaveLength(2)
    expect(within(items[0]).getByText('Dr. Lee')).toBeInTheDocument()
    expect(within(items[0]).getByText('Therapist')).toBeInTheDocument()
    expect(within(items[0]).getByText('Emergency')).toBeInTheDocument()
    expect(within(items[0]).getByRole('link', { name: /Call Dr\. Lee/ })).toHaveAttribute('href', 'tel:+15550100199')
    expect(within(items[1]).queryByText('Emergency')).not.toBeInTheDocument()
    expect(within(items[1]).getByRole('link', { name: /555 0100/ })).toHaveAttribute('href', 'tel:5550100')
    expect(within(items[1]).getByRole('button', { name: 'Delete Sam' })).toBeInTheDocument()
    expect(screen.queryByText(crisisText.signInPrompt)).not.toBeInTheDocument()
  })

  it('says so when there are none', async () => {
    renderSignedIn(contactsServer())

    expect(await screen.findByText('No personal contacts added yet.')).toBeInTheDocument()
  })

  it('stays usable when the contacts cannot load, with a gentle message and a retry', async () => {
    const { user } = renderSignedIn({ 'GET /api/crisis-contacts': { status: 503, body: { error: 'internal' } } })

    expect(await screen.findByText(/We couldn't load your contacts just now/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: '988' })).toHaveAttribute('href', 'tel:988')
    expect(screen.getByRole('button', { name: 'Add Contact' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
  })

  it('validates the Add Emergency Contact dialog without calling the server', async () => {
    const { user, fetchMock } = renderSignedIn(contactsServer())

    await user.click(await screen.findByRole('button', { name: 'Add Contact' }))
    const dialog = await screen.findByRole('dialog', { name: contactDialogText.addTitle })
    expect(within(dialog).getByRole('switch', { name: 'Emergency contact' })).not.toBeChecked()
    const relationship = within(dialog).getByLabelText('Relationship')
    expect(within(relationship).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Select relationship',
      'Therapist',
      'Sponsor',
      'Family',
      'Friend',
      'Doctor',
      'Other',
    ])

    await user.click(within(dialog).getByRole('button', { name: 'Save Contact' }))

    expect(within(dialog).getByText('Name is required')).toBeInTheDocument()
    expect(within(dialog).getByText('Phone number is required')).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Name')).toHaveFocus()
    expect(within(dialog).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true')
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false)

    await user.type(within(dialog).getByLabelText('Name'), '   ')
    await user.type(within(dialog).getByLabelText('Phone Number'), '555')
    await user.click(within(dialog).getByRole('button', { name: 'Save Contact' }))
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument()
    expect(within(dialog).queryByText('Phone number is required')).not.toBeInTheDocument()
  })

  it('adds a contact: Saving..., the exact body, the toast, the list, and an empty form next time', async () => {
    let release: () => void = () => {}
    const server = contactsServer()
    const post = server['POST /api/crisis-contacts'] as (init: RequestInit | undefined, url: string) => Response
    const { user, fetchMock } = renderSignedIn({
      ...server,
      'POST /api/crisis-contacts': (init, url) =>
        new Promise<Response>((resolve) => {
          release = () => resolve(post(init, url))
        }),
    })

    await user.click(await screen.findByRole('button', { name: 'Add Contact' }))
    const dialog = await screen.findByRole('dialog', { name: contactDialogText.addTitle })
    await user.type(within(dialog).getByLabelText('Name'), '  Maria Gomez ')
    await user.type(within(dialog).getByLabelText('Phone Number'), '(555) 010-0123')
    await user.selectOptions(within(dialog).getByLabelText('Relationship'), 'Sponsor')
    await user.click(within(dialog).getByRole('switch', { name: 'Emergency contact' }))
    await user.click(within(dialog).getByRole('button', { name: 'Save Contact' }))

    expect(await within(dialog).findByRole('button', { name: 'Saving...' })).toBeDisabled()
    expect(sentBody(fetchMock, 'POST', '/api/crisis-contacts')).toEqual({
      name: 'Maria Gomez',
      phone: '(555) 010-0123',
      relationship: 'sponsor',
      isEmergency: true,
    })
    release()

    expect(await screen.findByText(contactToasts.added.title)).toBeInTheDocument()
    expect(screen.getByText(contactToasts.added.description)).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const contacts = screen.getByRole('region', { name: 'Personal Contacts' })
    expect(await within(contacts).findByText('Maria Gomez')).toBeInTheDocument()
    expect(within(contacts).getByText('Sponsor')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Add Contact' }))
    const again = await screen.findByRole('dialog', { name: contactDialogText.addTitle })
    expect(within(again).getByLabelText('Name')).toHaveValue('')
    expect(within(again).getByRole('switch', { name: 'Emergency contact' })).not.toBeChecked()
  })

  it('keeps the dialog open with the failure toast when saving fails', async () => {
    const { user } = renderSignedIn({
      ...contactsServer(),
      'POST /api/crisis-contacts': { status: 500, body: { error: 'internal', message: 'Something went wrong.' } },
    })

    await user.click(await screen.findByRole('button', { name: 'Add Contact' }))
    const dialog = await screen.findByRole('dialog', { name: contactDialogText.addTitle })
    await user.type(within(dialog).getByLabelText('Name'), 'Sam')
    await user.type(within(dialog).getByLabelText('Phone Number'), '555')
    await user.click(within(dialog).getByRole('button', { name: 'Save Contact' }))

    expect(await screen.findByText('Failed to add contact. Please try again.')).toBeInTheDocument()
    expect(screen.getByRole('dialog', { name: contactDialogText.addTitle })).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Sam')
  })

  it('puts the server’s field messages under the inputs', async () => {
    const { user } = renderSignedIn({
      ...contactsServer(),
      'POST /api/crisis-contacts': {
        status: 400,
        body: { error: 'invalid', message: 'Please check the highlighted fields.', fields: { phone: 'Phone number is required' } },
      },
    })

    await user.click(await screen.findByRole('button', { name: 'Add Contact' }))
    const dialog = await screen.findByRole('dialog', { name: contactDialogText.addTitle })
    await user.type(within(dialog).getByLabelText('Name'), 'Sam')
    await user.type(within(dialog).getByLabelText('Phone Number'), '5')
    await user.click(within(dialog).getByRole('button', { name: 'Save Contact' }))

    expect(await within(dialog).findByText('Phone number is required')).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Phone Number')).toHaveFocus()
  })

  it('closes on Cancel without saving', async () => {
    const { user, fetchMock } = renderSignedIn(contactsServer())

    await user.click(await screen.findByRole('button', { name: 'Add Contact' }))
    const dialog = await screen.findByRole('dialog', { name: contactDialogText.addTitle })
    await user.type(within(dialog).getByLabelText('Name'), 'Sam')
    await user.click(within(dialog).getAllByRole('button', { name: 'Cancel' })[0])

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false)
  })

  it('deletes a contact after confirming, with the toast', async () => {
    const { user, fetchMock } = renderSignedIn(contactsServer([makeContact({ id: 7, name: 'Sam' })]))

    await user.click(await screen.findByRole('button', { name: 'Delete Sam' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove Sam?' })
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }))

    expect(await screen.findByText(contactToasts.removed.title)).toBeInTheDocument()
    expect(screen.getByText(contactToasts.removed.description)).toBeInTheDocument()
    expect(fetchMock).toHaveBeenCalledWith('/api/crisis-contacts/7', expect.objectContaining({ method: 'DELETE' }))
    expect(await screen.findByText('No personal contacts added yet.')).toBeInTheDocument()
  })

  it('says so when deleting fails, and keeps the contact', async () => {
    const { user } = renderSignedIn({
      ...contactsServer([makeContact({ id: 7, name: 'Sam' })]),
      'DELETE /api/crisis-contacts/7': { status: 500, body: { error: 'internal' } },
    })

    await user.click(await screen.findByRole('button', { name: 'Delete Sam' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }))

    expect(await screen.findByText('Failed to delete contact. Please try again.')).toBeInTheDocument()
    expect(screen.getByText('Sam')).toBeInTheDocument()
  })

  it('edits a contact with PATCH', async () => {
    const { user, fetchMock } = renderSignedIn({
      ...contactsServer([makeContact({ id: 7, name: 'Sam', relationship: 'friend' })]),
      'PATCH /api/crisis-contacts/7': { body: makeContact({ id: 7, name: 'Sam Ortiz' }) },
    })

    await user.click(await screen.findByRole('button', { name: 'Edit Sam' }))
    const dialog = await screen.findByRole('dialog', { name: contactDialogText.editTitle })
    const name = within(dialog).getByLabelText('Name')
    expect(name).toHaveValue('Sam')
    expect(within(dialog).getByLabelText('Relationship')).toHaveValue('friend')
    await user.type(name, ' Ortiz')
    await user.click(within(dialog).getByRole('button', { name: 'Save Contact' }))

    expect(await screen.findByText(contactToasts.updated.title)).toBeInTheDocument()
    expect(sentBody(fetchMock, 'PATCH', '/api/crisis-contacts/7')).toEqual({
      name: 'Sam Ortiz',
      phone: '(555) 010-0123',
      relationship: 'friend',
      isEmergency: false,
    })
  })
})
