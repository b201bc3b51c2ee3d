import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import { makeAlert, makeCheckin, makeStats } from '@/testing/checkin-data'
import { makeUser } from '@/testing/data'
import { pending, stubFetch, type FetchRoutes } from '@/testing/fetch-stub'
import { preloadFormScreens, renderApp } from '@/testing/test-utils'

// ApexCharts needs a real browser (SVG measuring): the e2e suite draws it.
// Here the lazy canvas is replaced by a list of what it would draw.
vi.mock('@/features/checkins/components/mood-chart-canvas', () => ({
  default: ({ points, average }: { points: { date: string; mood: number }[]; average: number | null }) => (
    <ol data-testid="chart-canvas" data-average={average}>
      {points.map((p) => (
        <li key={p.date}>{`${p.date}:${p.mood}`}</li>
      ))}
    </ol>
  ),
}))

beforeAll(preloadFormScreens)

beforeEach(() => {
  // Only the clock's date: timers and promises stay real.
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2026-11-22T12:00:00Z'))
})

afterEach(() => {
  vi.useRealTimers()
})

const recent = `/api/checkins?limit=7`
const november = '/api/checkins?limit=31&from=2026-11-01&to=2026-11-30'

function renderDashboard(routes: FetchRoutes = {}, user = makeUser({ firstName: 'Ana', timezone: 'Europe/London' })) {
  const fetchMock = stubFetch({
    '/api/auth/session': { body: user },
    '/api/checkins/today': { body: null },
    '/api/stats': { body: makeStats() },
    [recent]: { body: [] },
    [november]: { body: [] },
    '/api/alerts': { body: [] },
    '/api/asks/open': { body: null },
    '/api/signals': { body: { signals: [] } },
    ...routes,
  })
  return { fetchMock, ...renderApp('/') }
}

describe('dashboard', () => {
  it('shows the loading skeleton first', async () => {
    renderDashboard({ '/api/stats': pending })

    expect(await screen.findByText('Loading your dashboard…')).toBeInTheDocument()
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument()
  })

  it('for a fresh user: welcome, no check-in today, streak 0, empty chart and activities', async () => {
    renderDashboard()

    // A first visit (no check-in yet) is not welcomed back.
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ana!' })).toBeInTheDocument()
    expect(screen.getByTestId('checkin-status')).toHaveTextContent('No check-in today')
    expect(screen.getByTestId('streak-days')).toHaveTextContent('0')
    expect(screen.getByText('Your mood chart will appear after your first check-in.')).toBeInTheDocument()
    expect(screen.getByText('No check-ins yet. Your recent activity will show up here.')).toBeInTheDocument()
    expect(screen.queryByTestId('alert')).not.toBeInTheDocument()
  })

  it('falls back to "User" without a first name', async () => {
    renderDashboard({}, makeUser({ firstName: '' }))

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, User!' })).toBeInTheDocument()
  })

  it('shows today\'s check-in, the streak, stats, alerts, chart, calendar and recent activities', async () => {
    const checkins = [
      makeCheckin({ date: '2026-11-22', mood: 8, cravingIntensity: 2, moodDescription: 'A'.repeat(60) }),
      makeCheckin({ date: '2026-11-21', mood: 6, cravingIntensity: 3, moodDescription: 'Short' }),
      makeCheckin({ date: '2026-11-20', mood: 3, cravingIntensity: 7 }),
      makeCheckin({ date: '2026-11-19', mood: 5, cravingIntensity: 5 }),
    ]
    renderDashboard({
      '/api/checkins/today': { body: checkins[0] },
      '/api/stats': {
        body: makeStats({
          streakDays: 4,
          weeklyCheckins: 4,
          avgMood: 5.5,
          avgCravings: 4.25,
          daysSinceSubstanceUse: 9,
          substanceUseReported: true,
        }),
      },
      [recent]: { body: checkins },
      [november]: { body: checkins },
      '/api/alerts': {
        body: [1, 2, 3, 4, 5].map((id) => makeAlert({ id, message: `Alert ${id}`, type: 'concerning_pattern', link: '/crisis' })),
      },
    })

    expect(await screen.findByTestId('checkin-status')).toHaveTextContent('Last check-in: Today')
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, Ana!' })).toBeInTheDocument()
    expect(screen.getByTestId('streak-days')).toHaveTextContent('4')
    expect(screen.getByText('3 days to go')).toBeInTheDocument()
    expect(screen.getByTestId('recovery-days')).toHaveTextContent('9 days since you last reported using')

    const stats = screen.getByRole('region', { name: 'Your statistics' })
    expect(within(stats).getByText('4 days')).toBeInTheDocument()
    expect(within(stats).getByText('4/7')).toBeInTheDocument()
    expect(within(stats).getByText('5.5')).toBeInTheDocument()
    expect(within(stats).getByText('4.3')).toBeInTheDocument()

    expect(screen.getAllByTestId('alert')).toHaveLength(3)
    expect(screen.getByText('+2 more notifications')).toBeInTheDocument()

    // Oldest first, with low, high and the average to one decimal.
    const canvas = await screen.findByTestId('chart-canvas')
    // The drawing is hidden from screen readers (a table says the same), so read its items directly.
    expect(Array.from(canvas.querySelectorAll('li'), (li) => li.textContent)).toEqual([
      '2026-11-19:5',
      '2026-11-20:3',
      '2026-11-21:6',
      '2026-11-22:8',
    ])
    expect(screen.getByTestId('mood-low')).toHaveTextContent('3')
    expect(screen.getByTestId('mood-high')).toHaveTextContent('8')
    expect(screen.getByTestId('mood-average')).toHaveTextContent('5.5')
    expect(screen.getByRole('table', { name: 'Mood by check-in date' })).toHaveTextContent('Thursday, November 19, 20265/10')

    const calendar = screen.getByRole('region', { name: 'Check-in History' })
    await waitFor(() => expect(within(calendar).getAllByRole('img', { name: 'Checked in' })).toHaveLength(4))

    const activities = screen.getByRole('region', { name: 'Recent Activities' })
    const items = within(activities).getAllByRole('listitem')
    expect(items).toHaveLength(3)
    expect(items[0]).toHaveTextContent('Today')
    expect(items[0]).toHaveTextContent(`${'A'.repeat(50)}...`)
    expect(items[1]).toHaveTextContent('Yesterday')
    expect(items[1]).toHaveTextContent('Short')
    expect(within(activities).getByRole('link', { name: /View all/i })).toHaveAttribute('href', '/checkins')
  })

  it('has the three quick links', async () => {
    renderDashboard()

    const links = await screen.findByRole('region', { name: 'Quick links' })
    expect(within(links).getAllByRole('link').map((a) => [a.textContent?.match(/^(Daily Check-in|Log Symptoms|Learn & Grow)/)?.[0], a.getAttribute('href')])).toEqual([
      ['Daily Check-in', '/checkin'],
      ['Log Symptoms', '/symptoms'],
      ['Learn & Grow', '/education'],
    ])
  })

  it('keeps working when a part fails, with a way to retry', async () => {
    renderDashboard({ '/api/stats': { status: 500, body: { error: 'internal', message: 'Something went wrong.' } } })

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ana!' })).toBeInTheDocument()
    expect(screen.getByText("We couldn't load your statistics.")).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Recent Activities' })).toBeInTheDocument()
  })

  it('shows the early-warning signals card, with a link to the check-in history', async () => {
    renderDashboard({
      '/api/signals': {
        body: {
          signals: [
            {
              kind: 'mood',
              title: 'Your mood has been lower than usual',
              explanation: 'Your mood averaged 4 out of 10 over your last three check-ins; your usual is 7.',
              step: 'Call Dana',
              fromPlan: true,
            },
          ],
        },
      },
    })

    const card = await screen.findByRole('region', { name: 'What Lifeline noticed' })
    expect(within(card).getByText('Your mood averaged 4 out of 10 over your last three check-ins; your usual is 7.')).toBeInTheDocument()
    expect(within(card).getByRole('link', { name: 'See my check-ins' })).toHaveAttribute('href', '/checkins')
  })
})
