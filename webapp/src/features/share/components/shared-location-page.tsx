import { Clock, LifeBuoy, MapPinOff } from 'lucide-react'
import * as React from 'react'

import { Card, CardContent, CardHeader } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'

import { shareText } from '../content'
import { useSharedView } from '../hooks/use-shared-view'
import type { SharedView } from '../types'
import { formatShareTime, readShareToken } from '../utils/share-token'

export type SharedLocationPageProps = {
  /** The page's fragment (`#token=…`); window.location.hash by default. */
  hash?: string
  /** Draws the map at the position (composed by the app: the GPS feature owns the map). */
  renderMap: (position: NonNullable<SharedView['location']>) => React.ReactNode
  refreshMs?: number
}

/**
 * `/share#token=…`: someone's live location, read-only, for whoever holds
 * the link; outside the signed-in layout, no account needed. The token
 * never leaves the fragment except in the POST body.
 */
export function SharedLocationPage({ hash, renderMap, refreshMs }: SharedLocationPageProps) {
  const token = React.useMemo(() => readShareToken(hash ?? window.location.hash), [hash])
  const view = useSharedView(token, refreshMs)
  const last = view.data

  let content: React.ReactNode
  if (token === null) {
    content = <Gone message={shareText.page.noToken} />
  } else if (view.gone) {
    const expired = last && new Date(last.expiresAt).getTime() <= view.errorUpdatedAt
    const message = !last
      ? shareText.page.gone
      : expired
        ? shareText.page.expired(formatShareTime(last.expiresAt))
        : shareText.page.stopped
    content = <Gone message={message} />
  } else if (!last) {
    content = view.isError ? (
      <p role="alert">{shareText.page.failed}</p>
    ) : (
      <div className="grid gap-3" aria-label={shareText.page.loading}>
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-[50dvh] w-full" />
      </div>
    )
  } else {
    content = <Live view={last} stale={view.isError} renderMap={renderMap} />
  }

  return (
    <main className="mx-auto grid min-h-dvh w-full max-w-3xl content-start gap-4 p-4 sm:p-6">
      <title>{shareText.page.pageTitle}</title>
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <LifeBuoy aria-hidden="true" className="size-4" />
        {shareText.page.readOnly}
      </p>
      {content}
    </main>
  )
}

function Live({
  view,
  stale,
  renderMap,
}: {
  view: SharedView
  stale: boolean
  renderMap: SharedLocationPageProps['renderMap']
}) {
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{shareText.page.title(view.firstName)}</h1>
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground" role="status" aria-live="polite">
        <span>
          {view.location ? shareText.page.updated(formatShareTime(view.location.timestamp)) : shareText.page.noPosition}
        </span>
        <span className="flex items-center gap-1">
          <Clock aria-hidden="true" className="size-4" />
          {shareText.page.until(formatShareTime(view.expiresAt))}
        </span>
      </div>
      {stale ? (
        <p role="alert" className="text-sm text-destructive">
          {shareText.page.failed}
        </p>
      ) : null}
      {view.location ? (
        <div className="overflow-hidden rounded-lg border" data-testid="shared-map">
          {renderMap(view.location)}
        </div>
      ) : null}
      <p className="text-xs text-muted-foreground">{shareText.page.refreshing}</p>
    </>
  )
}

function Gone({ message }: { message: string }) {
  return (
    <Card>
      <CardHeader>
        <h1 className="flex items-center gap-2 text-2xl font-bold">
          <MapPinOff aria-hidden="true" className="size-6" />
          {shareText.page.goneTitle}
        </h1>
      </CardHeader>
      <CardContent>
        <p role="status">{message}</p>
      </CardContent>
    </Card>
  )
}
