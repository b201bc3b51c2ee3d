import { LifeBuoy, MailCheck } from 'lucide-react'
import * as React from 'react'
import { Link } from 'wouter'

import { Button } from '@/components/ui/button'
import { buttonVariants } from '@/components/ui/button-variants'
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card'
import { readApiError } from '@/lib/api-client'
import { tokenFromFragment } from '@/lib/fragment-token'

import { useConfirmChannel } from '../api/notifications'
import { notificationsText } from '../content'

const text = notificationsText.confirm

export type ConfirmChannelPageProps = {
  /** The page's fragment (`#token=…`); window.location.hash by default. */
  hash?: string
}

/**
 * `/confirm-channel#token=…`: the link of an email address's confirmation
 * message. The same page signed in or not (it is often opened in a mail
 * app's browser): holding the link is what proves the mailbox. Nothing
 * happens until the button is pressed, so a mail scanner that opens links
 * confirms nothing.
 */
export function ConfirmChannelPage({ hash }: ConfirmChannelPageProps) {
  const [token] = React.useState(() => {
    const found = tokenFromFragment(hash ?? window.location.hash)
    if (found && hash === undefined) window.history.replaceState(window.history.state, '', window.location.pathname)
    return found
  })
  const confirm = useConfirmChannel()
  const confirmed = confirm.data

  return (
    <main className="mx-auto grid min-h-dvh w-full max-w-lg content-start gap-4 p-4 sm:p-6">
      <title>{text.pageTitle}</title>
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <LifeBuoy aria-hidden="true" className="size-4" />
        Lifeline
      </p>
      <Card>
        <CardHeader>
          <h1 className="flex items-center gap-2 text-xl leading-tight font-semibold">
            <MailCheck aria-hidden="true" className="size-5" />
            {text.title}
          </h1>
          {!confirmed && token && <CardDescription>{text.intro}</CardDescription>}
        </CardHeader>
        <CardContent className="grid gap-4">
          {token === null ? (
            <p role="alert">{text.noToken}</p>
          ) : confirmed ? (
            <>
              <p role="status">{text.done(confirmed.address)}</p>
              <div>
                <Link href="/" className={buttonVariants({ variant: 'outline' })}>
                  {text.openApp}
                </Link>
              </div>
            </>
          ) : (
            <>
              {confirm.isError && (
                <p role="alert" className="text-sm font-medium text-destructive dark:text-red-300">
                  {readApiError(confirm.error)?.message ?? text.failed}
                </p>
              )}
              <div>
                <Button className="w-full sm:w-auto" disabled={confirm.isPending} onClick={() => confirm.mutate(token)}>
                  {confirm.isPending ? text.confirming : text.confirm}
                </Button>
              </div>
              <p className="text-sm text-muted-foreground">{text.notMine}</p>
            </>
          )}
        </CardContent>
      </Card>
    </main>
  )
}
