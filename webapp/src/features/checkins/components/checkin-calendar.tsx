import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react'
import * as React from 'react'

import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader } from '@/components/ui/card'
import { cn } from '@/lib/utils'

import { useCheckins } from '../api/get-checkins'
import { calendarText } from '../content'
import {
  addMonths,
  compareYearMonth,
  formatLongDate,
  formatMonth,
  monthRange,
  monthWeeks,
  yearMonthOf,
  type YearMonth,
} from '../utils/dates'

const weekdays = [
  ['Sun', 'Sunday'],
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
] as const

export type CheckinCalendarProps = {
  /** The user's local date today (`YYYY-MM-DD`): the month shown first, and the last one offered. */
  today: string
}

/**
 * docs/spec.md Dashboard: the check-in history calendar. A month at a time, with
 * check-in days marked by a filled day and a dot named "Checked in" (not by
 * colour alone); previous and next month buttons.
 */
export function CheckinCalendar({ today }: CheckinCalendarProps) {
  const headingId = React.useId()
  const monthId = React.useId()
  const thisMonth = yearMonthOf(today)
  const [shown, setShown] = React.useState<YearMonth>(thisMonth)
  const range = monthRange(shown)
  const query = useCheckins({ ...range, limit: 31 }, { keepPrevious: true })

  const checkedIn = React.useMemo(() => {
    const dates = new Set<string>()
    for (const c of query.data ?? []) if (c.date >= range.from && c.date <= range.to) dates.add(c.date)
    return dates
  }, [query.data, range.from, range.to])

  const atLatest = compareYearMonth(shown, thisMonth) >= 0
  const monthName = formatMonth(shown)
  const loading = query.isPending || query.isPlaceholderData

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <h2 id={headingId} className="flex items-center gap-2 text-lg leading-tight font-semibold">
          <CalendarDays aria-hidden="true" className="size-5 text-primary" />
          {calendarText.title}
        </h2>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="flex items-center justify-between gap-2">
          <Button
            variant="outline"
            size="icon"
            className="rounded-full"
            aria-label={calendarText.previous}
            title={calendarText.previous}
            onClick={() => setShown((m) => addMonths(m, -1))}
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
          <p id={monthId} aria-live="polite" className="font-semibold">
            {monthName}
          </p>
          <Button
            variant="outline"
            size="icon"
            className="rounded-full"
            aria-label={calendarText.next}
            title={calendarText.next}
            disabled={atLatest}
            onClick={() => setShown((m) => addMonths(m, 1))}
          >
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>

        <table aria-labelledby={monthId} aria-busy={loading} className="w-full table-fixed border-separate border-spacing-y-1 text-center text-sm">
          <thead>
            <tr>
              {weekdays.map(([short, long]) => (
                <th key={short} scope="col" abbr={long} className="pb-1 text-xs font-medium text-muted-foreground">
                  {short}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className={cn('transition-opacity', loading && 'opacity-60')}>
            {monthWeeks(shown).map((week, i) => (
              <tr key={i}>
                {week.map((date, j) => {
                  if (!date) return <td key={j} />
                  const done = checkedIn.has(date)
                  const isToday = date === today
                  return (
                    <td key={date} aria-current={isToday ? 'date' : undefined} data-date={date} data-checked-in={done || undefined}>
                      <span
                        title={formatLongDate(date)}
                        className={cn(
                          'mx-auto flex size-9 flex-col items-center justify-center rounded-full leading-none tabular-nums sm:size-10',
                          done && 'bg-primary font-semibold text-primary-foreground',
                          isToday && 'ring-2 ring-primary ring-offset-2 ring-offset-card',
                          // Future days read quieter than past ones, still at 4.5:1.
                          !done && date > today && 'text-muted-foreground',
                        )}
                      >
                        {Number(date.slice(8))}
                        {done && (
                          <span role="img" aria-label={calendarText.checkedIn} className="mt-0.5 size-1.5 rounded-full bg-current" />
                        )}
                        {isToday && <span className="sr-only">, {calendarText.today}</span>}
                      </span>
                    </td>
                  )
                })}
              </tr>
            ))}
          </tbody>
        </table>

        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-xs text-muted-foreground">
          <p>
            {query.isError && !query.data ? (
              <>
                {calendarText.failed}{' '}
                <button
                  type="button"
                  onClick={() => void query.refetch()}
                  className="rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring"
                >
                  {calendarText.retry}
                </button>
              </>
            ) : loading ? (
              calendarText.loading
            ) : (
              calendarText.monthCount(checkedIn.size, monthName)
            )}
          </p>
          <p aria-hidden="true" className="flex items-center gap-3">
            <span className="flex items-center gap-1.5">
              <span className="flex size-4 items-center justify-center rounded-full bg-primary">
                <span className="size-1 rounded-full bg-primary-foreground" />
              </span>
              {calendarText.checkedIn}
            </span>
            <span className="flex items-center gap-1.5">
              <span className="size-4 rounded-full ring-2 ring-primary ring-inset" />
              {calendarText.legendToday}
            </span>
          </p>
        </div>
      </CardContent>
    </Card>
  )
}
