import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { makeCheckin } from '@/testing/checkin-data'
import { stubFetch } from '@/testing/fetch-stub'
import { renderWithProviders } from '@/testing/test-utils'

import { calendarText } from '../content'
import { CheckinCalendar } from './checkin-calendar'

const november = '/api/checkins?limit=31&from=2026-11-01&to=2026-11-30'
const october = '/api/checkins?limit=31&from=2026-10-01&to=2026-10-31'

function renderCalendar() {
  const fetchMock = stubFetch({
    [november]: {
      body: [
        makeCheckin({ date: '2026-11-22' }),
        makeCheckin({ date: '2026-11-21' }),
        makeCheckin({ date: '2026-11-03' }),
      ],
    },
    [october]: { body: [makeCheckin({ date: '2026-10-31' })] },
  })
  return { fetchMock, ...renderWithProviders(<CheckinCalendar today="2026-11-22" />) }
}

function table() {
  return screen.getByRole('table')
}

function markedDates() {
  return within(table())
    .queryAllByRole('img', { name: calendarText.checkedIn })
    .map((mark) => mark.closest('td')?.getAttribute('data-date'))
}

describe('CheckinCalendar', () => {
  it('shows the month of today with check-in days marked by a named dot', async () => {
    renderCalendar()

    expect(await screen.findByText('3 check-ins in November 2026')).toBeInTheDocument()
    expect(table()).toHaveAccessibleName('November 2026')
    expect(markedDates()).toEqual(['2026-11-03', '2026-11-21', '2026-11-22'])
    expect(within(table()).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Sun',
      'Mon',
      'Tue',
      'Wed',
      'Thu',
      'Fri',
      'Sat',
    ])
    const today = table().querySelector('[aria-current="date"]')
    expect(today).toHaveAttribute('data-date', '2026-11-22')
    expect(today).toHaveTextContent('22, today')
  })

  it('goes to the previous month and back; never past the current month', async () => {
    const { user, fetchMock } = renderCalendar()
    await screen.findByText('3 check-ins in November 2026')
    const next = screen.getByRole('button', { name: calendarText.next })
    expect(next).toBeDisabled()

    await user.click(screen.getByRole('button', { name: calendarText.previous }))

    expect(await screen.findByText('1 check-in in October 2026')).toBeInTheDocument()
    expect(table()).toHaveAccessibleName('October 2026')
    expect(markedDates()).toEqual(['2026-10-31'])
    expect(fetchMock).toHaveBeenCalledWith(october, expect.anything())
    expect(next).toBeEnabled()

    await user.click(next)

    expect(await screen.findByText('3 check-ins in November 2026')).toBeInTheDocument()
    expect(next).toBeDisabled()
  })

  it('moves with the keyboard', async () => {
    const { user } = renderCalendar()
    await screen.findByText('3 check-ins in November 2026')

    screen.getByRole('button', { name: calendarText.previous }).focus()
    await user.keyboard('{Enter}')
    expect(await screen.findByText('1 check-in in October 2026')).toBeInTheDocument()
    await user.keyboard(' ')
    await waitFor(() => expect(table()).toHaveAccessibleName('September 2026'))
  })
})
