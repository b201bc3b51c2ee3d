import { Link2 } from 'lucide-react'
import * as React from 'react'

import { ConfirmRemoval } from '@/components/confirm-removal'
import { CopyField } from '@/components/copy-field'
import { QueryList } from '@/components/query-list'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog'
import { Label } from '@/components/ui/label'
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group'
import { Skeleton } from '@/components/ui/skeleton'
import { useConfirmedRemoval } from '@/hooks/use-confirmed-removal'
import { readApiError } from '@/lib/api-client'

import { useCreateShareLink } from '../api/create-share-link'
import { useShareLinks } from '../api/get-share-links'
import { useRevokeShareLink } from '../api/revoke-share-link'
import { shareText } from '../content'
import type { ShareHours, ShareLink } from '../types'
import { formatShareTime } from '../utils/share-token'

const HOURS: ShareHours[] = [1, 8, 24]

/** The GPS page's "Share my location": make a 1, 8 or 24 hour link, copy it, see and turn off the live ones. */
export function ShareDialog({ timeZone }: { timeZone?: string }) {
  const [open, setOpen] = React.useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Link2 aria-hidden="true" />
          {shareText.open}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={shareText.close} className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{shareText.title}</DialogTitle>
          <DialogDescription>{shareText.description}</DialogDescription>
        </DialogHeader>
        {open ? <ShareDialogBody timeZone={timeZone} /> : null}
      </DialogContent>
    </Dialog>
  )
}

function ShareDialogBody({ timeZone }: { timeZone?: string }) {
  const [hours, setHours] = React.useState<ShareHours>(1)
  const [url, setUrl] = React.useState<string | null>(null)
  const create = useCreateShareLink()
  const error = create.error ? (readApiError(create.error)?.message ?? shareText.failed) : null

  return (
    <div className="grid gap-6">
      <form
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault()
          create.mutate(hours, { onSuccess: (created) => setUrl(created.url) })
        }}
      >
        <fieldset className="grid gap-3">
          <legend className="mb-2 text-sm font-medium">{shareText.howLong}</legend>
          <RadioGroup
            value={String(hours)}
            onValueChange={(v) => setHours(Number(v) as ShareHours)}
            className="flex flex-wrap gap-4"
          >
            {HOURS.map((h) => (
              <div key={h} className="flex items-center gap-2">
                <RadioGroupItem value={String(h)} id={`share-hours-${h}`} />
                <Label htmlFor={`share-hours-${h}`}>{shareText.hours[h]}</Label>
              </div>
            ))}
          </RadioGroup>
        </fieldset>
        <Button type="submit" disabled={create.isPending} className="justify-self-start">
          {create.isPending ? shareText.creating : shareText.create}
        </Button>
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </form>
      {url ? <CopyLink url={url} /> : null}
      <ActiveLinks timeZone={timeZone} />
    </div>
  )
}

function CopyLink({ url }: { url: string }) {
  return (
    <div className="grid gap-2 rounded-md border bg-muted/40 p-3">
      <p className="text-sm" role="status">
        {shareText.created}
      </p>
      <CopyField display="input" label={shareText.linkLabel} value={url} texts={shareText.copyField} />
    </div>
  )
}

function ActiveLinks({ timeZone }: { timeZone?: string }) {
  const links = useShareLinks()
  const removal = useConfirmedRemoval<ShareLink, number>(useRevokeShareLink(), {
    done: () => ({ title: shareText.revoked }),
    failed: { title: shareText.failed },
  })

  return (
    <section className="grid gap-3" aria-labelledby="share-active-title">
      <h3 id="share-active-title" className="text-base font-semibold">
        {shareText.activeTitle}
      </h3>
      <QueryList
        query={links}
        loading={
          <div className="grid gap-2" aria-label={shareText.loading}>
            <Skeleton className="h-14 w-full" />
          </div>
        }
        error={{ message: shareText.loadFailed, retryLabel: shareText.retry }}
        empty={<p className="text-sm text-muted-foreground">{shareText.none}</p>}
      >
        {(items) => (
          <ul className="grid gap-3">
            {items.map((link) => (
              <li key={link.id} className="grid gap-1 rounded-md border p-3" data-testid="share-link">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="text-sm font-medium">{shareText.expires(formatShareTime(link.expiresAt, new Date(), timeZone))}</span>
                  <Button variant="ghost" size="sm" className="text-destructive" onClick={(e) => removal.ask(link, e.currentTarget)}>
                    {shareText.revoke}
                  </Button>
                </div>
                <p className="text-sm text-muted-foreground">
                  {link.openCount === 0 ? shareText.neverOpened : shareText.opened(link.openCount)}
                </p>
                {link.openedAt.length > 0 ? (
                  <ul aria-label={shareText.openedAt} className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
                    {link.openedAt.map((at) => (
                      <li key={at}>
                        <time dateTime={at}>{formatShareTime(at, new Date(), timeZone)}</time>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </QueryList>
      <ConfirmRemoval
        removal={removal}
        title={shareText.revokeTitle}
        description={shareText.revokeDescription}
        cancelLabel={shareText.cancel}
        confirmLabel={shareText.revoke}
        pendingLabel={shareText.revoking}
      />
    </section>
  )
}
