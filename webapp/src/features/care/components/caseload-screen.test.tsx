import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import { makeCaseloadEntry, makePerson } from '@/testing/care-data'
import { stubFetch } from '@/testing/fetch-stub'
import { renderWithProviders } from '@/testing/test-utils'

import type { CaseloadEntry } from '../types'
import { CaseloadScreen } from './caseload-screen'
import { SupportingScreen } from './supporting-screen'

const personHref = (id: number) => `/supporting/${id}`
const LIST = 'People, whoever needs you most first'

function renderCaseload(list: CaseloadEntry[] | { status: number }) {
  stubFetch({ '/api/caseload': Array.isArray(list) ? { body: list } : { status: list.status, body: { error: 'Something went wrong.' } } })
  return renderWithProviders(<CaseloadScreen personHref={personHref} timeZone="UTC" />)
}

const people = [
  makeCaseloadEntry({
    id: 1,
    name: 'Una Berg',
    need: 'unclaimed',
    alerts: { unclaimed: 1, oldestUnclaimedAt: '2026-11-22T21:04:00Z', mine: 0, claimedByOthers: 0 },
  }),
  makeCaseloadEntry({ id: 2, name: 'Milo Hart', need: 'missed_checkins', checkIns: { checkedInToday: false, missedLately: 2, daysSinceLast: 3 } }),
  makeCaseloadEntry({ id: 3, name: 'Abe Stone' }),
]

describe('Caseload', () => {
  it('lists everyone by need, in words, with nothing for what is not shared', async () => {
    renderCaseload(people)
    const list = await screen.findByRole('list', { name: LIST })
    const links = within(list).getAllByRole('link')
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/supporting/1', '/supporting/2', '/supporting/3'])
    expect(links[0]).toHaveTextContent('Nobody on it yet')
    expect(links[0]).toHaveTextContent('1 alert nobody has taken, since Nov 22, 2026, 9:04 PM')
    expect(links[1]).toHaveTextContent('Missed 2 of the last 7 days')
    expect(links[1]).toHaveTextContent('Last check-in 3 days ago')
    expect(links[2]).toHaveTextContent('Shares nothing with you yet')
    expect(links[2]).not.toHaveTextContent(/0|check-in/)
  })

  it('filters with counts, and searches by name', async () => {
    const user = userEvent.setup()
    renderCaseload(people)
    const unclaimed = await screen.findByRole('button', { name: 'Nobody on it yet 1' })
    expect(screen.getByRole('button', { name: 'Everyone 3' })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByRole('button', { name: 'Needs attention now 2' })).toBeInTheDocument()
    await user.click(unclaimed)
    expect(unclaimed).toHaveAttribute('aria-pressed', 'true')
    expect(within(screen.getByRole('list', { name: LIST })).getAllByRole('link')).toHaveLength(1)
    expect(screen.getByText('1 of 3 people')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: /^I'm on it/ }))
    expect(screen.getByText('Nobody here right now.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: /^Everyone/ }))
    await user.type(screen.getByLabelText('Search by name'), 'milo')
    expect(within(screen.getByRole('list', { name: LIST })).getByRole('link')).toHaveTextContent('Milo Hart')
  })

  it('moves through the list with the arrow keys, Home and End', async () => {
    const user = userEvent.setup()
    renderCaseload(people)
    const links = within(await screen.findByRole('list', { name: LIST })).getAllByRole('link')
    links[0].focus()
    await user.keyboard('{ArrowDown}')
    expect(links[1]).toHaveFocus()
    await user.keyboard('{ArrowDown}{ArrowDown}')
    expect(links[2]).toHaveFocus()
    await user.keyboard('{ArrowUp}')
    expect(links[1]).toHaveFocus()
    await user.keyboard('{Home}')
    expect(links[0]).toHaveFocus()
    await user.keyboard('{End}')
    expect(links[2]).toHaveFocus()
  })

  it('says so when there is nobody yet, or when it cannot load', async () => {
    renderCaseload([])
    expect(await screen.findByText('You are not supporting anyone yet.')).toBeInTheDocument()
  })

  it('offers to try again when it cannot load', async () => {
    renderCaseload({ status: 500 })
    expect(await screen.findByText("We couldn't load your caseload.")).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })
})

describe('Caseload of many', () => {
  it('draws the first screenful at once and everyone a few frames later, the count saying all', async () => {
    const many = Array.from({ length: 200 }, (_, i) => makeCaseloadEntry({ id: i + 1, name: `Person ${i + 1}` }))
    renderCaseload(many)
    const list = await screen.findByRole('list', { name: LIST })
    // Rows counted as list items: role queries over 200 links are slow in jsdom.
    expect(list.querySelectorAll(':scope > li').length).toBeLessThan(200)
    expect(screen.getByRole('status')).toHaveTextContent('200')
    expect(await within(list).findByText('Person 200', {}, { timeout: 10_000 })).toBeInTheDocument()
    expect(list.querySelectorAll(':scope > li')).toHaveLength(200)
  })
})

describe('People I support, for someone who supports many', () => {
  it.each([
    [3, false],
    [4, true],
  ])('with %i people offers the caseload: %s', async (n, offered) => {
    stubFetch({ '/api/supporting': { body: Array.from({ length: n }, (_, i) => makePerson({ id: i + 1, name: `Person ${i + 1}` })) } })
    renderWithProviders(<SupportingScreen personHref={personHref} caseloadHref="/caseload" timeZone="UTC" />)
    await screen.findByText(`Person ${n}`)
    const link = screen.queryByRole('link', { name: 'Open the caseload' })
    expect(!!link).toBe(offered)
    if (link) expect(link).toHaveAttribute('href', '/caseload')
  })
})
