import { screen, waitFor, within } from '@testing-library/react'
import { beforeAll, describe, expect, it, vi } from 'vitest'

import { copingPlanText, copingPlanToasts } from '@/features/plans/content'
import type { CopingPlan, CopingPlanInput } from '@/features/plans/types'
import { makeUser } from '@/testing/data'
import { jsonResponse, sentBody, stubFetch, type FetchRoutes } from '@/testing/fetch-stub'
import { preloadFormScreens, renderApp } from '@/testing/test-utils'

beforeAll(preloadFormScreens)

const path = '/education/tools/coping-plan'

function makePlan(overrides: Partial<CopingPlan> = {}): CopingPlan {
  return {
    warningSigns: [],
    triggersToAvoid: [],
    copingActions: [],
    peopleToCall: [],
    safePlaces: [],
    updatedAt: null,
    ...overrides,
  }
}

/** GET answers the stored plan; PUT stores it like the server does. */
function planServer(initial: CopingPlan) {
  let plan = initial
  const routes: FetchRoutes = {
    'GET /api/coping-plan': () => jsonResponse({ body: plan }),
    'PUT /api/coping-plan': (init) => {
      plan = { ...(JSON.parse(init?.body as string) as CopingPlanInput), updatedAt: '2026-11-22T10:30:00Z' }
      return jsonResponse({ body: plan })
    },
  }
  return routes
}

function renderPlan(routes: FetchRoutes) {
  const fetchMock = stubFetch({ '/api/auth/session': { body: makeUser() }, ...routes })
  return { fetchMock, ...renderApp(path) }
}

const puts = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT').length

describe('Coping Plan Builder', () => {
  it('adds rows with Enter and ideas, and reorders them', async () => {
    const { user } = renderPlan(planServer(makePlan()))

    expect(await screen.findByRole('heading', { level: 1, name: 'My Coping Plan' })).toBeInTheDocument()
    const form = await screen.findByRole('form', { name: 'My Coping Plan' })
    expect(within(form).getAllByRole('group')).toHaveLength(5)
    expect(screen.getByTestId('coping-plan-saved')).toHaveTextContent(copingPlanText.neverSaved)
    expect(screen.queryByText(copingPlanText.unsaved)).toBeNull()

    await user.type(within(form).getByRole('textbox', { name: 'Warning sign 1' }), 'Not sleeping{Enter}')
    expect(within(form).getByRole('textbox', { name: 'Warning sign 2' })).toHaveFocus()
    // Enter in an empty last row adds nothing.
    await user.type(within(form).getByRole('textbox', { name: 'Trigger 1' }), '{Enter}')
    expect(within(form).queryByRole('textbox', { name: 'Trigger 2' })).toBeNull()

    await user.click(within(form).getByRole('button', { name: 'Add “Go for a walk”' }))
    expect(within(form).getByRole('textbox', { name: 'Coping action 1' })).toHaveValue('Go for a walk')
    expect(within(form).getByRole('button', { name: 'Add “Go for a walk”' })).toBeDisabled()
    await user.click(within(form).getByRole('button', { name: 'Add “4-7-8 breathing”' }))
    await user.click(within(form).getByRole('button', { name: 'Move coping action 2 up' }))
    expect(within(form).getByRole('textbox', { name: 'Coping action 1' })).toHaveValue('4-7-8 breathing')
    expect(within(form).getByRole('textbox', { name: 'Coping action 1' })).toHaveFocus()
    expect(within(form).getByRole('textbox', { name: 'Coping action 2' })).toHaveValue('Go for a walk')
    expect(screen.getByText(copingPlanText.unsaved)).toBeInTheDocument()
  })

  it('saves the whole plan, and then shows when it was saved', async () => {
    const { user, fetchMock } = renderPlan(planServer(makePlan()))

    const form = await screen.findByRole('form', { name: 'My Coping Plan' })
    await user.type(within(form).getByRole('textbox', { name: 'Warning sign 1' }), 'Not sleeping{Enter}')
    await user.type(within(form).getByRole('textbox', { name: 'Warning sign 2' }), 'Skipping meals')
    await user.click(within(form).getByRole('button', { name: 'Add “Go for a walk”' }))
    await user.type(within(form).getByRole('textbox', { name: 'Name 1' }), 'Sam')
    await user.type(within(form).getByRole('textbox', { name: 'Phone 1' }), '555-0100')
    await user.click(within(form).getByRole('button', { name: 'Add “The park”' }))
    expect(screen.getByText(copingPlanText.unsaved)).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Save Coping Plan' }))
    expect(await screen.findByText(copingPlanToasts.saved.title)).toBeInTheDocument()
    expect(sentBody(fetchMock, 'PUT', '/api/coping-plan')).toEqual({
      warningSigns: ['Not sleeping', 'Skipping meals'],
      triggersToAvoid: [],
      copingActions: ['Go for a walk'],
      peopleToCall: [{ name: 'Sam', phone: '555-0100' }],
      safePlaces: ['The park'],
    })
    expect(screen.getByTestId('coping-plan-saved')).toHaveTextContent(/^Last saved /)
    expect(screen.queryByText(copingPlanText.unsaved)).toBeNull()
    expect(screen.getByText(copingPlanText.allSaved)).toBeInTheDocument()
  })

  it('opens a saved plan to edit, removes an entry, and prints what is on screen', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {})
    const { user } = renderPlan(
      planServer(
        makePlan({
          warningSigns: ['Not sleeping', 'Isolating myself'],
          peopleToCall: [{ name: 'Sam', phone: '555-0100' }],
          updatedAt: '2026-11-20T08:00:00Z',
        }),
      ),
    )

    const form = await screen.findByRole('form', { name: 'My Coping Plan' })
    expect(within(form).getByRole('textbox', { name: 'Warning sign 2' })).toHaveValue('Isolating myself')
    expect(within(form).getByRole('textbox', { name: 'Name 1' })).toHaveValue('Sam')
    expect(screen.getByTestId('coping-plan-saved')).toHaveTextContent(/^Last saved /)
    await user.click(within(form).getByRole('button', { name: 'Remove warning sign 1' }))
    expect(within(form).getByRole('textbox', { name: 'Warning sign 1' })).toHaveValue('Isolating myself')
    expect(screen.getByText(copingPlanText.unsaved)).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Print' }))
    expect(print).toHaveBeenCalledOnce()
    const sheet = document.querySelector('[data-coping-plan-print]') as HTMLElement
    expect(sheet.parentElement).toBe(document.body)
    expect(sheet).toHaveTextContent('Isolating myself')
    expect(sheet).not.toHaveTextContent('Not sleeping')
    expect(sheet).toHaveTextContent('Sam: 555-0100')
    print.mockRestore()
  })

  it('asks for a name beside a number before saving', async () => {
    const { user, fetchMock } = renderPlan(planServer(makePlan()))
    const form = await screen.findByRole('form', { name: 'My Coping Plan' })
    await user.type(within(form).getByRole('textbox', { name: 'Phone 1' }), '555-0100')
    await user.click(screen.getByRole('button', { name: 'Save Coping Plan' }))
    expect(within(form).getByText(copingPlanText.personNameRequired)).toBeInTheDocument()
    expect(within(form).getByRole('textbox', { name: 'Name 1' })).toHaveFocus()
    expect(puts(fetchMock)).toBe(0)
  })

  it('shows the server’s message under its section and keeps every edit', async () => {
    const { user } = renderPlan({
      ...planServer(makePlan()),
      'PUT /api/coping-plan': {
        status: 400,
        body: { error: 'invalid', message: 'Please check the plan.', fields: { safePlaces: 'Keep this section to at most 25 entries.' } },
      },
    })
    const form = await screen.findByRole('form', { name: 'My Coping Plan' })
    await user.type(within(form).getByRole('textbox', { name: 'Safe place 1' }), 'The park')
    await user.click(screen.getByRole('button', { name: 'Save Coping Plan' }))

    const places = within(form).getByRole('group', { name: /Safe places I can go/ })
    expect(await within(places).findByText('Keep this section to at most 25 entries.')).toBeInTheDocument()
    const input = within(places).getByRole('textbox', { name: 'Safe place 1' })
    expect(input).toHaveValue('The park')
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveAccessibleDescription('Keep this section to at most 25 entries.')
    expect(input).toHaveFocus()
    expect(await screen.findByText(copingPlanToasts.invalid.title)).toBeInTheDocument()

    // Editing the section clears its message.
    await user.type(input, 's')
    expect(within(places).queryByText('Keep this section to at most 25 entries.')).toBeNull()
  })

  it('shows a message about the whole plan when the server names no section', async () => {
    const { user } = renderPlan({
      ...planServer(makePlan()),
      'PUT /api/coping-plan': {
        status: 400,
        body: { error: 'invalid', message: 'The plan is too long to save. Shorten some of its entries.' },
      },
    })
    const form = await screen.findByRole('form', { name: 'My Coping Plan' })
    await user.type(within(form).getByRole('textbox', { name: 'Warning sign 1' }), 'Long')
    await user.click(screen.getByRole('button', { name: 'Save Coping Plan' }))
    expect(await within(form).findByText('The plan is too long to save. Shorten some of its entries.')).toBeInTheDocument()
    expect(within(form).getByRole('textbox', { name: 'Warning sign 1' })).toHaveValue('Long')
  })

  it('reads “Saving...” while the save is pending, and keeps the edits when it fails', async () => {
    let answer: (res: Response) => void = () => {}
    const { user } = renderPlan({
      ...planServer(makePlan()),
      'PUT /api/coping-plan': () => new Promise<Response>((resolve) => (answer = resolve)),
    })
    const form = await screen.findByRole('form', { name: 'My Coping Plan' })
    await user.type(within(form).getByRole('textbox', { name: 'Safe place 1' }), 'The gym')
    await user.click(screen.getByRole('button', { name: 'Save Coping Plan' }))
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled()
    answer(jsonResponse({ status: 500, body: { error: 'internal' } }))
    expect(await screen.findByText(copingPlanToasts.saveFailed.description)).toBeInTheDocument()
    expect(within(form).getByRole('textbox', { name: 'Safe place 1' })).toHaveValue('The gym')
    expect(screen.getByText(copingPlanText.unsaved)).toBeInTheDocument()
  })

  it('offers a retry when the plan cannot load', async () => {
    let fail = true
    const server = planServer(makePlan({ safePlaces: ['Home'], updatedAt: '2026-11-20T08:00:00Z' }))
    const { user } = renderPlan({
      ...server,
      'GET /api/coping-plan': (init, url) =>
        fail ? jsonResponse({ status: 503, body: { error: 'internal' } }) : (server['GET /api/coping-plan'] as (i: RequestInit | undefined, u: string) => Response)(init, url),
    })
    expect(await screen.findByText(copingPlanText.loadFailed)).toBeInTheDocument()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Safe place 1' })).toHaveValue('Home'))
  })
})
