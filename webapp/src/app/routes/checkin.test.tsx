import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'

import { checkinDefaults, checkinInputSchema } from '@/features/checkins/api/create-checkin'
import { checkinText, copingOptions, triggerOptions } from '@/features/checkins/content'
import { classicErrorMessages } from '@/lib/validation-messages'
import { makeCheckin } from '@/testing/checkin-data'
import { makeUser } from '@/testing/data'
import { jsonResponse, pending, sentBody, stubFetch, type FetchRoutes } from '@/testing/fetch-stub'
import { preloadFormScreens, renderApp } from '@/testing/test-utils'

// The screens load lazily: fetch them once, outside any test's waiting time.
beforeAll(preloadFormScreens)

function renderCheckin(routes: FetchRoutes = {}) {
  const fetchMock = stubFetch({
    '/api/auth/session': { body: makeUser() },
    '/api/checkins/today': { body: null },
    ...routes,
  })
  return { fetchMock, ...renderApp('/checkin') }
}

async function form() {
  return screen.findByRole('form', { name: 'Daily Check-in' })
}

describe('check-in screen: states', () => {
  it('shows a skeleton while today\'s check-in loads', async () => {
    renderCheckin({ '/api/checkins/today': pending })

    expect(await screen.findByText(checkinText.loading)).toBeInTheDocument()
    expect(screen.getByRole('status', { busy: true })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { level: 1, name: 'Daily Check-in' })).not.toBeInTheDocument()
  })

  it('says it is done when today\'s check-in exists', async () => {
    const { user, location } = renderCheckin({ '/api/checkins/today': { body: makeCheckin() } })

    expect(await screen.findByRole('heading', { level: 1, name: 'Check-in Complete!' })).toBeInTheDocument()
    expect(
      screen.getByText("You've already completed your daily check-in for today. Come back tomorrow!"),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Back to Dashboard' }))
    expect(location.history?.at(-1)).toBe('/')
  })

  it('otherwise shows the form with its title and subtitle', async () => {
    renderCheckin()

    expect(await screen.findByRole('heading', { level: 1, name: 'Daily Check-in' })).toBeInTheDocument()
    expect(screen.getByText("Take a moment to reflect on how you're feeling today.")).toBeInTheDocument()
    for (const title of ['How are you feeling today?', 'Cravings & Triggers', 'Substance Use', 'Coping Strategies Used']) {
      expect(screen.getByRole('region', { name: title })).toBeInTheDocument()
    }
  })
})

describe('check-in screen: the form', () => {
  it('starts at docs/spec.md defaults: mood 5, cravings 1, No, nothing checked', async () => {
    renderCheckin()
    await form()

    const mood = screen.getByRole('slider', { name: 'Mood' })
    expect(mood).toHaveAttribute('aria-valuenow', '5')
    expect(mood).toHaveAttribute('aria-valuemin', '1')
    expect(mood).toHaveAttribute('aria-valuemax', '10')
    expect(mood).toHaveAttribute('aria-valuetext', '5 out of 10, okay')
    expect(screen.getByRole('slider', { name: 'Craving intensity' })).toHaveAttribute('aria-valuenow', '1')
    expect(screen.getByText('Poor')).toBeInTheDocument()
    expect(screen.getByText('Excellent')).toBeInTheDocument()
    expect(screen.getByText('None')).toBeInTheDocument()
    expect(screen.getByText('Intense')).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'No' })).toBeChecked()
    expect(screen.getByRole('radio', { name: 'Yes' })).not.toBeChecked()
    expect(screen.queryByLabelText(/^Details/)).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Complete Check-in' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument()
    expect(checkinDefaults.mood).toBe(5)
    expect(checkinDefaults.cravingIntensity).toBe(1)
  })

  it('lists the six triggers and seven coping strategies with their docs/spec.md labels', async () => {
    renderCheckin()
    await form()

    const triggers = within(screen.getByRole('region', { name: 'Cravings & Triggers' })).getAllByRole('checkbox')
    expect(triggers.map((box) => box.getAttribute('aria-checked'))).toEqual(Array(6).fill('false'))
    for (const option of triggerOptions) expect(screen.getByRole('checkbox', { name: option.label })).toBeInTheDocument()
    expect(triggerOptions.map((o) => o.label)).toEqual([
      'Stress',
      'Social situations',
      'Boredom',
      'Difficult emotions',
      'Physical discomfort',
      'Environmental triggers',
    ])
    const coping = within(screen.getByRole('region', { name: 'Coping Strategies Used' })).getAllByRole('checkbox')
    expect(coping).toHaveLength(7)
    expect(copingOptions.map((o) => o.label)).toEqual([
      'Meditation',
      'Exercise',
      'Journaling',
      'Called support',
      'Deep breathing',
      'Healthy distraction',
      'Other',
    ])
  })

  it('reveals the details only while substance use is Yes', async () => {
    const { user } = renderCheckin()
    await form()

    await user.click(screen.getByRole('radio', { name: 'Yes' }))
    expect(screen.getByLabelText(/^Details/)).toBeInTheDocument()

    await user.click(screen.getByRole('radio', { name: 'No' }))
    expect(screen.queryByLabelText(/^Details/)).not.toBeInTheDocument()
  })

  it('moves the sliders with the keyboard in whole steps from 1 to 10', async () => {
    const { user } = renderCheckin()
    await form()
    const mood = screen.getByRole('slider', { name: 'Mood' })

    mood.focus()
    await user.keyboard('{ArrowRight}{ArrowRight}')
    expect(mood).toHaveAttribute('aria-valuenow', '7')
    expect(screen.getByText('7/10')).toBeInTheDocument()
    await user.keyboard('{End}')
    expect(mood).toHaveAttribute('aria-valuenow', '10')
    await user.keyboard('{Home}{ArrowLeft}')
    expect(mood).toHaveAttribute('aria-valuenow', '1')
  })

  it('validates with the default messages (docs/spec.md §5)', async () => {
    const { user, fetchMock } = renderCheckin()
    await form()

    const description = screen.getByLabelText(/^Describe your mood/)
    fireEvent.change(description, { target: { value: 'x'.repeat(2001) } })
    await user.click(screen.getByRole('button', { name: 'Complete Check-in' }))

    expect(await screen.findByText('String must contain at most 2000 character(s)')).toBeInTheDocument()
    expect(description).toHaveAttribute('aria-invalid', 'true')
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false)

    // The sliders cannot leave 1..10; the schema words those rules as the server does.
    const parse = (values: object) =>
      checkinInputSchema.safeParse({ ...checkinDefaults, ...values }, { error: classicErrorMessages }).error?.issues[0]
        ?.message
    expect(parse({ mood: 0 })).toBe('Number must be greater than or equal to 1')
    expect(parse({ cravingIntensity: 11 })).toBe('Number must be less than or equal to 10')
    expect(parse({ mood: undefined })).toBe('Required')
    expect(parse({ substanceUse: undefined })).toBe('Required')
  })
})

describe('check-in screen: saving', () => {
  it('sends exactly the docs/spec.md §7 fields, shows the toast, refreshes and goes to /', async () => {
    let saved = false
    const { user, fetchMock, location } = renderCheckin({
      '/api/checkins/today': () => jsonResponse({ body: saved ? makeCheckin() : null }),
      'POST /api/checkins': () => {
        saved = true
        return jsonResponse({ status: 201, body: makeCheckin() })
      },
      '/api/stats': { body: { streakDays: 1, weeklyCheckins: 1, avgMood: 7, avgCravings: 3 } },
    })
    await form()

    screen.getByRole('slider', { name: 'Mood' }).focus()
    await user.keyboard('{ArrowRight}{ArrowRight}')
    screen.getByRole('slider', { name: 'Craving intensity' }).focus()
    await user.keyboard('{ArrowRight}{ArrowRight}')
    await user.type(screen.getByLabelText(/^Describe your mood/), '  Steady today  ')
    await user.click(screen.getByRole('checkbox', { name: 'Boredom' }))
    await user.click(screen.getByRole('checkbox', { name: 'Stress' }))
    await user.type(screen.getByLabelText(/^Describe your triggers/), 'Quiet evening')
    await user.click(screen.getByRole('radio', { name: 'Yes' }))
    await user.type(screen.getByLabelText(/^Details/), 'One drink')
    await user.click(screen.getByRole('checkbox', { name: 'Other' }))
    await user.click(screen.getByRole('checkbox', { name: 'Meditation' }))
    await user.click(screen.getByRole('button', { name: 'Complete Check-in' }))

    expect(await screen.findByText('Check-in completed!')).toBeInTheDocument()
    expect(screen.getByText('Your daily check-in has been saved successfully.')).toBeInTheDocument()
    await waitFor(() => expect(location.history?.at(-1)).toBe('/'))
    expect(sentBody(fetchMock, 'POST', '/api/checkins')).toEqual({
      mood: 7,
      moodDescription: 'Steady today',
      cravingIntensity: 3,
      triggers: ['stress', 'boredom'],
      triggerDescription: 'Quiet evening',
      substanceUse: true,
      substanceDetails: 'One drink',
      copingStrategies: ['meditation', 'other'],
      notes: '',
    })
    // Today's check-in and the stats were fetched again after the save.
    const post = fetchMock.mock.calls.findIndex(([, init]) => init?.method === 'POST')
    const after = fetchMock.mock.calls.slice(post + 1).map(([url]) => url)
    expect(after).toContain('/api/checkins/today')
  })

  it('leaves out details typed before switching back to No', async () => {
    const { user, fetchMock } = renderCheckin({ 'POST /api/checkins': { status: 201, body: makeCheckin() } })
    await form()

    await user.click(screen.getByRole('radio', { name: 'Yes' }))
    await user.type(screen.getByLabelText(/^Details/), 'Changed my mind')
    await user.click(screen.getByRole('radio', { name: 'No' }))
    await user.click(screen.getByRole('button', { name: 'Complete Check-in' }))

    await screen.findByText('Check-in completed!')
    expect(sentBody(fetchMock, 'POST', '/api/checkins')).toMatchObject({ substanceUse: false, substanceDetails: '' })
  })

  it('reads "Saving..." and is disabled while the save is pending', async () => {
    const { user } = renderCheckin({ 'POST /api/checkins': pending })
    await form()

    await user.click(screen.getByRole('button', { name: 'Complete Check-in' }))

    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled()
  })

  it('shows the destructive error toast when the save fails, and keeps the form', async () => {
    const { user, location } = renderCheckin({
      'POST /api/checkins': { status: 500, body: { error: 'internal', message: 'Something went wrong.' } },
    })
    await form()

    await user.click(screen.getByRole('button', { name: 'Complete Check-in' }))

    const title = await screen.findByText('Error')
    expect(title.closest('li')).toHaveClass('destructive')
    expect(screen.getByText('Failed to save check-in. Please try again.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Complete Check-in' })).toBeEnabled()
    expect(location.history?.at(-1)).toBe('/checkin')
  })

  it('says kindly when today\'s check-in was saved elsewhere (409), then shows it as done', async () => {
    let exists = false
    const { user } = renderCheckin({
      '/api/checkins/today': () => jsonResponse({ body: exists ? makeCheckin() : null }),
      'POST /api/checkins': () => {
        exists = true
        return jsonResponse({ status: 409, body: { error: 'conflict', message: "Today's check-in exists." } })
      },
    })
    await form()

    await user.click(screen.getByRole('button', { name: 'Complete Check-in' }))

    expect(await screen.findByText(checkinText.toasts.alreadyDone.title)).toBeInTheDocument()
    expect(await screen.findByRole('heading', { level: 1, name: 'Check-in Complete!' })).toBeInTheDocument()
  })

  it('goes back to / on Cancel without saving', async () => {
    const { user, location, fetchMock } = renderCheckin()
    await form()

    await user.click(screen.getByRole('button', { name: 'Cancel' }))

    expect(location.history?.at(-1)).toBe('/')
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false)
  })
})
