import { screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'

import { makeUser } from '@/testing/data'
import { stubFetch } from '@/testing/fetch-stub'
import { preloadFormScreens, renderApp } from '@/testing/test-utils'

import { navItems, shellText } from './content'

// The form screens load lazily: fetch them once, outside any test's waiting time.
beforeAll(preloadFormScreens)

const expectedNav = [
  ['Dashboard', '/'],
  ['Daily Check-in', '/checkin'],
  ['Symptom Log', '/symptoms'],
  ['Learn & Grow', '/education'],
  ['Blog', '/blog'],
  ['Statistics', '/statistics'],
  ['AI Chatbot', '/chatbot'],
  ['GPS Tracking', '/gps'],
  ['Crisis Resources', '/crisis'],
]

function renderSignedIn(path = '/', user = makeUser({ firstName: 'Ana', lastName: 'Lopez' })) {
  stubFetch({ '/api/auth/session': { body: user } })
  return renderApp(path)
}

/** The desktop sidebar is the `Main` navigation outside any dialog. */
async function sidebar() {
  const [nav] = await screen.findAllByRole('navigation', { name: shellText.mainNav })
  const panel = nav.closest<HTMLElement>('[data-slot="sidebar"]')
  if (!panel) throw new Error('the Main navigation is not inside the sidebar')
  return panel
}

describe('navigation shell', () => {
  it('keeps docs/spec.md texts exactly', () => {
    expect(shellText.encouragement).toBe('Keep going strong!')
    expect(shellText.quickActions).toBe('Quick Actions')
    expect(shellText.quickCheckin).toBe('Quick Check-in')
    expect(shellText.needHelpNow).toBe('Need Help Now')
    expect(shellText.signOut).toBe('Sign Out')
    expect(shellText.fallbackFirstName).toBe('User')
    expect(shellText.fallbackInitials).toBe('U')
    expect(navItems.map((item) => [item.label, item.path])).toEqual(expectedNav)
  })

  it('lists the nine items in order in the sidebar', async () => {
    renderSignedIn()

    const nav = (await screen.findAllByRole('navigation', { name: shellText.mainNav }))[0]
    const links = within(nav).getAllByRole('link')
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(expectedNav)
  })

  it('shows the first name, the initials and the encouragement', async () => {
    renderSignedIn()

    const panel = await sidebar()
    expect(within(panel).getByText('Ana')).toBeInTheDocument()
    expect(within(panel).getByText('AL')).toBeInTheDocument()
    expect(within(panel).getByText('Keep going strong!')).toBeInTheDocument()
  })

  it.each([
    [{ firstName: '', lastName: '' }, 'User', 'U'],
    [{ firstName: 'Sam', lastName: '' }, 'Sam', 'SA'],
  ])('falls back for %o', async (names, name, initials) => {
    renderSignedIn('/', makeUser(names))

    const panel = await sidebar()
    expect(within(panel).getByTestId('user-first-name')).toHaveTextContent(name)
    expect(within(panel).getByTestId('user-initials')).toHaveTextContent(initials)
  })

  it('offers the quick actions, settings and sign out', async () => {
    renderSignedIn()

    const panel = await sidebar()
    expect(within(panel).getByRole('heading', { name: 'Quick Actions' })).toBeInTheDocument()
    expect(within(panel).getByRole('link', { name: 'Quick Check-in' })).toHaveAttribute('href', '/checkin')
    expect(within(panel).getByRole('link', { name: 'Need Help Now' })).toHaveAttribute('href', '/crisis')
    expect(within(panel).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings')
    expect(within(panel).getByRole('link', { name: 'Sign Out' })).toHaveAttribute('href', '/api/logout')
    expect(within(panel).getByRole('button', { name: 'Switch to dark theme' })).toBeInTheDocument()
  })

  it.each([
    ['/', 'Dashboard'],
    ['/checkin', 'Daily Check-in'],
    ['/checkins', 'Daily Check-in'],
    ['/blog/7', 'Blog'],
    ['/crisis', 'Crisis Resources'],
  ])('at %s marks %s as the current page, and only it', async (path, label) => {
    renderSignedIn(path)

    const nav = (await screen.findAllByRole('navigation', { name: shellText.mainNav }))[0]
    const current = within(nav)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page')
    expect(current.map((link) => link.textContent)).toEqual([label])
  })

  it('marks Settings, and no nav item, on the settings screen', async () => {
    renderSignedIn('/settings')

    const panel = await sidebar()
    expect(within(panel).getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page')
    const nav = within(panel).getByRole('navigation', { name: shellText.mainNav })
    expect(within(nav).queryAllByRole('link', { current: 'page' })).toEqual([])
  })

  it('has a bottom tab bar of five with the first word of each label, Crisis always on it', async () => {
    renderSignedIn('/chatbot')

    const tabs = await screen.findByRole('navigation', { name: shellText.tabNav })
    const links = within(tabs).getAllByRole('link')
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/'],
      ['Daily', '/checkin'],
      ['AI', '/chatbot'],
      ['GPS', '/gps'],
      ['Crisis', '/crisis'],
    ])
    // The accessible name is the full label, which starts with the visible word.
    expect(within(tabs).getByRole('link', { name: 'AI Chatbot' })).toHaveAttribute('aria-current', 'page')
    expect(within(tabs).getByRole('link', { name: 'Crisis Resources' })).toHaveAttribute('data-crisis', 'true')
  })

  it('keeps Crisis on the bar on a screen that is not on it, which the menu still lists', async () => {
    const { user } = renderSignedIn('/education')

    const tabs = await screen.findByRole('navigation', { name: shellText.tabNav })
    expect(within(tabs).queryAllByRole('link', { current: 'page' })).toEqual([])
    expect(within(tabs).getByRole('link', { name: 'Crisis Resources' })).toHaveAttribute('href', '/crisis')

    await user.click(screen.getByRole('button', { name: shellText.openMenu }))
    const menu = await screen.findByRole('dialog', { name: shellText.menuTitle })
    expect(within(menu).getByRole('link', { name: 'Learn & Grow' })).toHaveAttribute('aria-current', 'page')
    expect(within(menu).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(
      expect.arrayContaining(expectedNav.map(([, path]) => path)),
    )
  })

  it('slides out the menu on phones, navigates and closes; Escape closes it too', async () => {
    const { user, location } = renderSignedIn('/')

    await user.click(await screen.findByRole('button', { name: shellText.openMenu }))
    const menu = await screen.findByRole('dialog', { name: shellText.menuTitle })
    expect(within(menu).getByText('Ana')).toBeInTheDocument()
    expect(within(menu).getByText('Keep going strong!')).toBeInTheDocument()

    await user.click(within(menu).getByRole('link', { name: 'Symptom Log' }))
    expect(location.history?.at(-1)).toBe('/symptoms')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: shellText.openMenu }))
    expect(await screen.findByRole('dialog', { name: shellText.menuTitle })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: shellText.openMenu })).toHaveFocus()
  })

  it('links the avatar of the top bar to the settings screen', async () => {
    renderSignedIn('/')

    expect(await screen.findByRole('link', { name: new RegExp(shellText.account) })).toHaveAttribute('href', '/settings')
  })
})
