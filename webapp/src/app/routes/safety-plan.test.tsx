import { screen, waitFor, within } from '@testing-library/react'
import { beforeAll, describe, expect, it, vi } from 'vitest'

import { safetyPlanToasts } from '@/features/plans/content'
import type { SafetyPlan } from '@/features/plans/types'
import { makeUser } from '@/testing/data'
import { jsonResponse, sentBody, stubFetch, type FetchRoutes } from '@/testing/fetch-stub'
import { preloadFormScreens, renderApp } from '@/testing/test-utils'

beforeAll(preloadFormScreens)

const lifeline = { name: '988 Suicide & Crisis Lifeline', phone: '988' }

function makePlan(overrides: Partial<SafetyPlan> = {}): SafetyPlan {
  return {
    warningSigns: [],
    copingStrategies: [],
    distractionPeoplePlaces: [],
    helpPeople: [],
    professionals: [lifeline],
    environmentSafety: [],
    reasonsForLiving: [],
    updatedAt: null,
    ...overrides,
  }
}

/** GET answers the stored plan; PUT stores it like the server (988 back in an empty list). */
function planServer(initial: SafetyPlan) {
  let plan = initial
  const routes: FetchRoutes = {
    'GET /api/safety-plan': () => jsonResponse({ body: plan }),
    'PUT /api/safety-plan': (init) => {
      const body = JSON.parse(init?.body as string) as SafetyPlan
      plan = {
        ...body,
        professionals: body.professionals.length > 0 ? body.professionals : [lifeline],
        updatedAt: '2026-11-22T10:30:00Z',
      }
      return jsonResponse({ body: plan })
    },
  }
  return routes
}

function renderPlan(routes: FetchRoutes) {
  const fetchMock = stubFetch({ '/api/auth/session': { body: makeUser() }, ...routes })
  return { fetchMock, ...renderApp('/crisis/safety-plan') }
}

describe('safety plan', () => {
  it('opens a plan never saved in the editor, with the 988 line pre-filled, and saves it', async () => {
    const { user, fetchMock } = renderPlan(planServer(makePlan()))

    expect(await screen.findByRole('heading', { level: 1, name: 'My Safety Plan' })).toBeInTheDocument()
    const form = await screen.findByRole('form', { name: 'My Safety Plan' })
    const professionals = within(form).getByRole('group', { name: /Professionals and agencies/ })
    expect(within(professionals).getByText('988 Suicide & Crisis Lifeline')).toBeInTheDocument()
    expect(within(professionals).getByRole('link', { name: /988/ })).toHaveAttribute('href', 'tel:988')
    expect(within(form).getAllByRole('group')).toHaveLength(7)

    await user.type(within(form).getByRole('textbox', { name: 'Warning sign 1' }), 'Not sleeping{Enter}')
    expect(within(form).getByRole('textbox', { name: 'Warning sign 2' })).toHaveFocus()
    await user.type(within(form).getByRole('textbox', { name: 'Warning sign 2' }), 'Skipping meetings')
    await user.type(within(form).getByRole('textbox', { name: 'Reason 1' }), 'My daughter')
    await user.type(within(form).getByRole('textbox', { name: 'Name or service 1' }), 'Dr. Patel')
    await user.type(within(form).getByRole('textbox', { name: 'Phone 1' }), '555-0100')
    expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Save Safety Plan' }))

    expect(await screen.findByText(safetyPlanToasts.saved.title)).toBeInTheDocument()
    expect(sentBody(fetchMock, 'PUT', '/api/safety-plan')).toEqual({
      warningSigns: ['Not sleeping', 'Skipping meetings'],
      copingStrategies: [],
      distractionPeoplePlaces: [],
      helpPeople: [],
      professionals: [{ name: 'Dr. Patel', phone: '555-0100' }],
      environmentSafety: [],
      reasonsForLiving: ['My daughter'],
    })
    const view = await screen.findByTestId('safety-plan-view')
    expect(within(view).getByText('Not sleeping')).toBeInTheDocument()
    expect(within(view).getByRole('link', { name: /Call Dr\. Patel/ })).toHaveAttribute('href', 'tel:5550100')
    expect(within(view).getByRole('link', { name: /^Call 988/ })).toHaveAttribute('href', 'tel:988')
    expect(screen.getByTestId('safety-plan-saved')).toHaveTextContent(/^Last saved /)
  })

  it('never saves the 988 line as the person’s own entry', async () => {
    const { user, fetchMock } = renderPlan(planServer(makePlan()))

    const form = await screen.findByRole('form', { name: 'My Safety Plan' })
    await user.type(within(form).getByRole('textbox', { name: 'Coping strategy 1' }), '4-7-8 breathing')
    await user.click(screen.getByRole('button', { name: 'Save Safety Plan' }))

    await screen.findByText(safetyPlanToasts.saved.title)
    expect((sentBody(fetchMock, 'PUT', '/api/safety-plan') as SafetyPlan).professionals).toEqual([])
  })

  it('shows a saved plan to read, edits it, and prints it', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {})
    const { user } = renderPlan(
      planServer(
        makePlan({
          warningSigns: ['Not sleeping'],
          helpPeople: ['Maria, my sponsor'],
          professionals: [lifeline, { name: 'Clinic', phone: '' }],
          updatedAt: '2026-11-20T08:00:00Z',
        }),
      ),
    )

    const view = await screen.findByTestId('safety-plan-view')
    expect(within(view).getByText('Maria, my sponsor')).toBeInTheDocument()
    expect(within(view).getByText('Clinic')).toBeInTheDocument()
    expect(within(view).getAllByText('Nothing added yet.')).toHaveLength(4)

    await user.click(screen.getByRole('button', { name: 'Print' }))
    expect(print).toHaveBeenCalledOnce()
    const sheet = document.querySelector('[data-safety-plan-print]') as HTMLElement
    expect(sheet.parentElement).toBe(document.body)
    expect(sheet).toHaveTextContent('988 Suicide & Crisis Lifeline: 988')
    expect(sheet).toHaveTextContent('Maria, my sponsor')

    await user.click(screen.getByRole('button', { name: 'Edit plan' }))
    const form = await screen.findByRole('form', { name: 'My Safety Plan' })
    expect(within(form).getByRole('textbox', { name: 'Warning sign 1' })).toHaveValue('Not sleeping')
    expect(within(form).getByRole('textbox', { name: 'Name or service 1' })).toHaveValue('Clinic')
    await user.click(within(form).getByRole('button', { name: 'Remove warning sign 1' }))
    expect(within(form).getByRole('textbox', { name: 'Warning sign 1' })).toHaveValue('')
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(within(await screen.findByTestId('safety-plan-view')).getByText('Not sleeping')).toBeInTheDocument()
  })

  it('asks for a name beside a number, and keeps the edits when saving fails', async () => {
    const { user, fetchMock } = renderPlan({
      ...planServer(makePlan()),
      'PUT /api/safety-plan': { status: 500, body: { error: 'internal', message: 'Something went wrong.' } },
    })

    const form = await screen.findByRole('form', { name: 'My Safety Plan' })
    await user.type(within(form).getByRole('textbox', { name: 'Phone 1' }), '555-0100')
    await user.click(screen.getByRole('button', { name: 'Save Safety Plan' }))
    expect(within(form).getByText('Add a name for this number')).toBeInTheDocument()
    expect(within(form).getByRole('textbox', { name: 'Name or service 1' })).toHaveFocus()
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false)

    await user.type(within(form).getByRole('textbox', { name: 'Name or service 1' }), 'Dr. Patel')
    await user.click(screen.getByRole('button', { name: 'Save Safety Plan' }))
    expect(await screen.findByText(safetyPlanToasts.saveFailed.description)).toBeInTheDocument()
    expect(within(form).getByRole('textbox', { name: 'Name or service 1' })).toHaveValue('Dr. Patel')
  })

  it('offers 988 and a retry when the plan cannot load', async () => {
    const { user } = renderPlan({ 'GET /api/safety-plan': { status: 503, body: { error: 'internal' } } })

    expect(await screen.findByText(/couldn't load your safety plan/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /988/ })).toHaveAttribute('href', 'tel:988')
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument())
  })

  it('is one tap from the crisis page', async () => {
    const { user, location } = renderPlan(planServer(makePlan()))
    location.navigate?.('/crisis')
    await user.click(await screen.findByRole('link', { name: 'Safety Plan' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'My Safety Plan' })).toBeInTheDocument()
  })
})
