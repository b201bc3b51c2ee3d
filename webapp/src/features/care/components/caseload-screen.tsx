import { HeartHandshake } from 'lucide-react'
import * as React from 'react'
import { Link } from 'wouter'

import { LoadError } from '@/components/load-error'
import { Badge, type BadgeProps } from '@/components/ui/badge'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Skeleton } from '@/components/ui/skeleton'
import { useProgressiveCount } from '@/hooks/use-progressive-count'
import { cn } from '@/lib/utils'

import { useCaseload } from '../api/get-caseload'
import { careText } from '../content'
import type { CaseloadEntry, CaseloadNeed } from '../types'
import { type CaseloadFilter, caseloadFilters, countCaseload, filterCaseload } from '../utils/caseload-filters'
import { formatDateTime } from '../utils/format'

const text = careText.caseload

export type CaseloadScreenProps = {
  /** A person's own page. */
  personHref: (id: number) => string
  timeZone?: string
}

const needVariant: Record<CaseloadNeed, NonNullable<BadgeProps['variant']>> = {
  sos: 'danger',
  unclaimed: 'danger',
  mine: 'default',
  missed_checkins: 'warning',
  device: 'warning',
  none: 'muted',
}

/** The lines under a name: each part the grant shares and that says something. */
function entryLines(e: CaseloadEntry, timeZone?: string): string[] {
  const lines: string[] = []
  if (e.sos) lines.push(text.sosSince(formatDateTime(e.sos.createdAt, timeZone)))
  if (e.alerts) {
    const { unclaimed, oldestUnclaimedAt, mine, claimedByOthers } = e.alerts
    if (unclaimed > 0 && oldestUnclaimedAt) lines.push(text.unclaimed(unclaimed, formatDateTime(oldestUnclaimedAt, timeZone)))
    if (mine > 0) lines.push(text.mine(mine))
    if (claimedByOthers > 0) lines.push(text.others(claimedByOthers))
  }
  if (e.checkIns) {
    const { checkedInToday, missedLately, daysSinceLast } = e.checkIns
    if (missedLately > 0) lines.push(text.missed(missedLately))
    lines.push(
      checkedInToday ? text.checkedInToday : daysSinceLast === null ? text.noCheckIns : text.lastCheckIn(daysSinceLast),
    )
  }
  if (e.device?.offline) lines.push(text.offline)
  if (e.device?.batteryLow) lines.push(text.batteryLow)
  if (!e.sos && !e.alerts && !e.checkIns && !e.device) lines.push(text.notShared)
  return lines
}

type RowProps = { entry: CaseloadEntry; href: string; timeZone?: string }

/**
 * One person: a card on a phone, a row from `sm` on; the whole row is the link.
 * Memoised: a refetch keeps unchanged entries (the query shares their
 * objects), so a list of 200 re-renders only who changed.
 */
const CaseloadRow = React.memo(function CaseloadRow({ entry, href, timeZone }: RowProps) {
  const lines = entryLines(entry, timeZone)
  return (
    // content-visibility: the rows below the screen are laid out and painted
    // only when scrolled to (200 rows are most of the screen's first work).
    <li className="[contain-intrinsic-size:auto_8rem] [content-visibility:auto] sm:border-b sm:last:border-b-0">
      <Link
        href={href}
        data-need={entry.need}
        className={cn(
          'grid gap-2 rounded-xl border bg-card p-4 outline-none transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring',
          'sm:grid-cols-[minmax(10rem,14rem)_11rem_1fr] sm:items-center sm:gap-4 sm:rounded-none sm:border-0 sm:bg-transparent sm:px-3 sm:py-3',
          entry.need === 'sos' && 'border-red-600/40',
        )}
      >
        <span className="font-semibold break-words">{entry.name}</span>
        <span>
          <Badge variant={needVariant[entry.need]}>{text.needs[entry.need]}</Badge>
        </span>
        <span className="grid gap-0.5 text-sm text-muted-foreground">
          {lines.map((line) => (
            <span key={line}>{line}</span>
          ))}
        </span>
      </Link>
    </li>
  )
})

/** Arrow keys, Home and End move the focus between the list's links (Enter opens one, as any link). */
function moveFocus(event: React.KeyboardEvent<HTMLUListElement>) {
  const links = Array.from(event.currentTarget.querySelectorAll<HTMLAnchorElement>(':scope > li > a'))
  const at = links.indexOf(document.activeElement as HTMLAnchorElement)
  const to =
    event.key === 'ArrowDown' ? Math.min(at + 1, links.length - 1)
    : event.key === 'ArrowUp' ? Math.max(at - 1, 0)
    : event.key === 'Home' ? 0
    : event.key === 'End' ? links.length - 1
    : null
  if (to === null || links.length === 0) return
  event.preventDefault()
  links[to].focus()
}

type FiltersProps = {
  filter: CaseloadFilter
  counts: Record<CaseloadFilter, number>
  onChange: (f: CaseloadFilter) => void
}

function Filters({ filter, counts, onChange }: FiltersProps) {
  return (
    <div role="group" aria-label={text.filtersLabel} className="flex flex-wrap gap-2">
      {caseloadFilters.map((f) => (
        <button
          key={f}
          type="button"
          aria-pressed={filter === f}
          onClick={() => onChange(f)}
          className={cn(
            'inline-flex min-h-10 items-center gap-2 rounded-full border px-3 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
            filter === f ? 'border-primary bg-primary text-primary-foreground' : 'bg-background hover:bg-accent',
          )}
        >
          {text.filters[f]}{' '}
          <span
            className={cn('rounded-full px-1.5 text-xs tabular-nums', filter === f ? 'bg-primary-foreground text-primary' : 'bg-muted')}
          >
            {counts[f]}
          </span>
        </button>
      ))}
    </div>
  )
}

/** `/caseload`: everyone I support by need, with filters, a name search and a list the keyboard can walk. */
export function CaseloadScreen({ personHref, timeZone }: CaseloadScreenProps) {
  const caseload = useCaseload()
  const [filter, setFilter] = React.useState<CaseloadFilter>('all')
  const [search, setSearch] = React.useState('')
  const searchId = React.useId()
  const hintId = React.useId()
  const all = caseload.data ?? []
  const shown = filterCaseload(all, filter, search)
  const counts = countCaseload(all, search)
  // The first screenful as soon as the data arrives, everyone a few frames later.
  const drawn = useProgressiveCount(shown.length)
  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <div>
        <title>{text.pageTitle}</title>
        <h1 className="text-3xl font-bold tracking-tight">{text.title}</h1>
        <p className="mt-2 text-muted-foreground">{text.description}</p>
      </div>
      {caseload.isPending ? (
        <div className="grid gap-3" data-testid="caseload-loading">
          <Skeleton className="h-10 w-full rounded-full" />
          <Skeleton className="h-64 w-full rounded-xl" />
        </div>
      ) : caseload.isError ? (
        <LoadError message={text.loadError} retryLabel={text.retry} onRetry={() => void caseload.refetch()} />
      ) : all.length === 0 ? (
        <div className="grid justify-items-start gap-3 rounded-xl border border-dashed p-6" data-testid="caseload-empty">
          <HeartHandshake aria-hidden="true" className="size-8 text-primary" />
          <p className="font-semibold">{text.empty}</p>
          <p className="text-muted-foreground">{text.emptyHow}</p>
        </div>
      ) : (
        <>
          <div className="grid gap-4">
            <Filters filter={filter} counts={counts} onChange={setFilter} />
            <div className="grid max-w-sm gap-1.5">
              <Label htmlFor={searchId}>{text.search}</Label>
              <Input
                id={searchId}
                type="search"
                value={search}
                placeholder={text.searchPlaceholder}
                onChange={(e) => setSearch(e.target.value)}
                autoComplete="off"
              />
            </div>
          </div>
          <section aria-label={text.listLabel} className="grid gap-2">
            <p className="text-sm text-muted-foreground" role="status">
              {text.count(shown.length, all.length)}
            </p>
            <p id={hintId} className="sr-only">
              {text.keyboardHint}
            </p>
            {shown.length === 0 ? (
              <p className="rounded-xl border border-dashed p-5">{text.nobodyHere}</p>
            ) : (
              <ul aria-label={text.listLabel} aria-describedby={hintId} onKeyDown={moveFocus} className="grid gap-3 sm:gap-0 sm:rounded-xl sm:border">
                {shown.slice(0, drawn).map((e) => (
                  <CaseloadRow key={e.id} entry={e} href={personHref(e.id)} timeZone={timeZone} />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  )
}
