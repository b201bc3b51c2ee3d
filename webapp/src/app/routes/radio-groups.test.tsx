import { screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'

import { makeUser } from '@/testing/data'
import { stubFetch } from '@/testing/fetch-stub'
import { preloadFormScreens, renderApp } from '@/testing/test-utils'

// The screens load lazily: fetch them once, outside any test's waiting time.
beforeAll(preloadFormScreens, 60_000)

/**
 * WAI-ARIA radio group pattern (https://www.w3.org/WAI/ARIA/apg/patterns/radio/):
 * the group is one tab stop, landing on the checked radio; arrow keys move
 * and select, wrapping around.
 */
describe('radio groups follow the WAI-ARIA radio pattern', () => {
  it('Substance Use: one tab stop, and arrow keys move and select', async () => {
    stubFetch({ '/api/auth/session': { body: makeUser() }, '/api/checkins/today': { body: null } })
    const { user } = renderApp('/checkin')
    const group = await screen.findByRole('radiogroup', { name: /substances/i }, { timeout: 10_000 })
    const yes = within(group).getByRole('radio', { name: 'Yes' })
    const no = within(group).getByRole('radio', { name: 'No' })
    expect(no).toBeChecked()

    // Tab from the field before lands on the checked radio.
    screen.getByLabelText(/^Describe your triggers/).focus()
    await user.tab()
    expect(no).toHaveFocus()
    await user.keyboard('{ArrowLeft}')
    expect(yes).toHaveFocus()
    expect(yes).toBeChecked()
    expect(no).not.toBeChecked()
    // Yes reveals the optional details.
    expect(await screen.findByLabelText(/^Details/)).toBeInTheDocument()

    await user.keyboard('{ArrowRight}')
    expect(no).toHaveFocus()
    expect(no).toBeChecked()
    await user.keyboard('{ArrowDown}')
    expect(yes).toBeChecked() // wraps around

    // Tab leaves the group at once: the other radio is not a stop of its own.
    await user.tab()
    expect(group).not.toContainElement(document.activeElement as HTMLElement)
    await user.tab({ shift: true })
    expect(yes).toHaveFocus()
  }, 60_000)
})
