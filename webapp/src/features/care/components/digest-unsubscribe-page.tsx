import { LifeBuoy, MailX } from 'lucide-react'
import * as React from 'react'
import { Link } from 'wouter'

import { Button } from '@/components/ui/button'
import { buttonVariants } from '@/components/ui/button-variants'
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card'
import { readApiError } from '@/lib/api-client'
import { tokenFromFragment } from '@/lib/fragment-token'

import { useUnsubscribeDigest } from '../api/digest'
import { careText } from '../content'

const text = careText.digest

export type DigestUnsubscribePageProps = {
  /** The page's fragment (`#token=…`); window.location.hash by default. */
  hash?: string
}

/**
 * `/digest/unsubscribe#token=…`: the link in a weekly digest email. The
 * same page signed in or not; nothing happens until the button is pressed,
 * so a mail scanner that opens links turns nothing off (a mail client's
 * one-click POST goes to the API itself).
 */
export function DigestUnsubscribePage({ hash }: DigestUnsubscribePageProps) {
  const [token] = React.useState(() => {
    const found = tokenFromFragment(hash ?? window.location.hash)
    if (found && hash === undefined) window.history.replaceState(window.history.state, '', window.location.pathname)
    return found
  })
  const unsubscribe = useUnsubscribeDigest()
  const done = unsubscribe.data

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
            <MailX aria-hidden="true" className="size-5" />
            {text.title}
          </h1>
          {!done && token && <CardDescription>{text.intro}</CardDescription>}
        </CardHeader>
        <CardContent className="grid gap-4">
          {token === null ? (
            <p role="alert">{text.noToken}</p>
          ) : done ? (
            <>
              <p role="status">{text.done(done.name)}</p>
              <div>
                <Link href="/" className={buttonVariants({ variant: 'outline' })}>
                  {text.openApp}
                </Link>
              </div>
            </>
          ) : (
            <>
              {unsubscribe.isError && (
                <p role="alert" className="text-sm font-medium text-destructive dark:text-red-300">
                  {readApiError(unsubscribe.error)?.message ?? text.failedPage}
                </p>
              )}
              <div>
                <Button className="w-full sm:w-auto" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
                  {unsubscribe.isPending ? text.confirming : text.confirm}
                </Button>
              </div>
            </>
          )}
        </CardContent>
      </Card>
    </main>
  )
}
