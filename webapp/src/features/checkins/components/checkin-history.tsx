import { CalendarPlus } from 'lucide-react'
import * as React from 'react'
import { Link, useLocation, useSearch } from 'wouter'

import { ConfirmRemoval } from '@/components/confirm-removal'
import { EmptyState } from '@/components/empty-state'
import { LoadError } from '@/components/load-error'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { useConfirmedRemoval } from '@/hooks/use-confirmed-removal'

import { useDeleteCheckin } from '../api/delete-checkin'
import { useCheckinHistory } from '../api/get-checkin-history'
import { correctText, historyText } from '../content'
import type { CheckIn, DateRange } from '../types'
import { formatMediumDate } from '../utils/dates'
import { rangeSearch, readRange } from '../utils/range'
import { EditCheckinDialog } from './edit-checkin-dialog'
import { HistoryFilter } from './history-filter'
import { HistoryItem } from './history-item'

export function HistorySkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div role="status" aria-busy="true" className="grid gap-3">
      <span className="sr-only">{historyText.loading}</span>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-36 rounded-xl" />
      ))}
    </div>
  )
}

export type CheckinHistoryProps = {
  /** The user's local date today: the latest date the filter offers. */
  today: string
  /** Where the empty state sends people to check in. */
  checkinPath: string
  /** Awaited after a correction or a delete, once the check-in data is refreshed (the app refreshes alerts). */
  onChanged?: () => unknown
}

/**
 * The `/checkins` screen's content: every check-in, newest first, a page at a
 * time, filtered by a date range kept in the URL (`?from=&to=`), with a CSV
 * export of the same range.
 */
export function CheckinHistory({ today, checkinPath, onChanged }: CheckinHistoryProps) {
  const search = useSearch()
  const [location, navigate] = useLocation()
  const range = React.useMemo(() => readRange(search), [search])
  const query = useCheckinHistory(range)
  const checkins = React.useMemo(() => query.data?.pages.flat() ?? [], [query.data])
  const filtered = Boolean(range.from || range.to)

  const onRangeChange = (next: DateRange) => navigate(`${location}${rangeSearch(next)}`)

  const [editing, setEditing] = React.useState<CheckIn | null>(null)
  const results = React.useRef<HTMLDivElement>(null)
  const removal = useConfirmedRemoval(useDeleteCheckin({ onChanged }), {
    done: (c: CheckIn) => correctText.toasts.deleted(formatMediumDate(c.date)),
    failed: correctText.toasts.deleteFailed,
  })
  // The edit dialog is opened by an entry's button: focus goes back to it when it closes, or, when the
  // entry is gone with its button, to the list rather than to <body> (ConfirmRemoval does the same).
  const opener = React.useRef<HTMLElement | null>(null)
  const edit = (c: CheckIn, from: HTMLElement) => {
    opener.current = from
    setEditing(c)
  }
  const returnFocus = (event: Event) => {
    event.preventDefault()
    const target = opener.current?.isConnected ? opener.current : results.current
    opener.current = null
    target?.focus()
  }

  let body: React.ReactNode
  if (query.isPending) {
    body = <HistorySkeleton />
  } else if (query.isError && checkins.length === 0) {
    body = (
      <LoadError message={historyText.failed} retryLabel={historyText.retry} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    )
  } else if (checkins.length === 0) {
    body = (
      <EmptyState
        size="screen"
        message={filtered ? historyText.emptyRange : historyText.empty}
        action={
          !filtered && (
            <Button asChild className="rounded-full">
              <Link href={checkinPath}>
                <CalendarPlus aria-hidden="true" />
                {historyText.startCheckin}
              </Link>
            </Button>
          )
        }
      />
    )
  } else {
    body = (
      <>
        <ul aria-label={historyText.list} className="grid gap-3">
          {checkins.map((c) => (
            <HistoryItem key={c.id} checkin={c} onEdit={edit} onDelete={removal.ask} />
          ))}
        </ul>
        <div className="flex justify-center pt-2">
          {query.hasNextPage ? (
            <Button
              variant="outline"
              className="rounded-full"
              disabled={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {query.isFetchingNextPage ? historyText.loadingMore : historyText.loadMore}
            </Button>
          ) : (
            <p className="text-sm text-muted-foreground">{historyText.end}</p>
          )}
        </div>
        {query.isFetchNextPageError && (
          <p role="alert" className="text-center text-sm text-destructive dark:text-red-300">
            {historyText.moreFailed}
          </p>
        )}
      </>
    )
  }

  return (
    <div className="grid gap-5">
      {/* Keyed by the range: the inputs start afresh whenever the URL's range changes (back button, Clear). */}
      <HistoryFilter key={`${range.from ?? ''}|${range.to ?? ''}`} range={range} onChange={onRangeChange} max={today} />
      <p role="status" className="sr-only">
        {query.isPending ? '' : historyText.shown(checkins.length)}
      </p>
      <div ref={results} tabIndex={-1} aria-busy={query.isFetching} className="grid gap-3 outline-none">
        {body}
      </div>
      <EditCheckinDialog
        checkin={editing}
        onClose={() => setEditing(null)}
        onChanged={onChanged}
        onCloseAutoFocus={returnFocus}
      />
      <ConfirmRemoval
        removal={removal}
        focusAfterRemoval={results}
        title={(c) => correctText.deleteTitle(formatMediumDate(c.date))}
        description={correctText.deleteDescription}
        cancelLabel={correctText.keep}
        confirmLabel={correctText.deleteConfirm}
        pendingLabel={correctText.deleting}
      />
    </div>
  )
}
