import { Hand, LifeBuoy } from 'lucide-react'
import * as React from 'react'
import { Link } from 'wouter'

import { Button } from '@/components/ui/button'
import { buttonVariants } from '@/components/ui/button-variants'
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card'
import { readApiError } from '@/lib/api-client'
import { tokenFromFragment } from '@/lib/fragment-token'

import { useClaimByLink } from '../api/claim-by-link'
import { careText } from '../content'

const text = careText.claim.link

export type ClaimLinkPageProps = {
  /** The page's fragment (`#token=…`); window.location.hash by default. */
  hash?: string
}

/**
 * `/claim#token=…`: an alert email's one-tap "I'm on it", signed in or
 * not (it is often opened in a mail app's browser, on a phone). Nothing
 * happens until the button is pressed, so a mail scanner that opens links
 * claims nothing; a used or expired link says so in the server's words.
 */
export function ClaimLinkPage({ hash }: ClaimLinkPageProps) {
  const [token] = React.useState(() => tokenFromFragment(hash ?? window.location.hash))
  // The token leaves the address bar once the page has mounted, not while it
  // renders: a first render that React throws away (a lazy part suspending on
  // a slow phone) would otherwise take the token with it, and the page shown
  // would say the link is incomplete.
  React.useEffect(() => {
    if (token && hash === undefined) window.history.replaceState(window.history.state, '', window.location.pathname)
  }, [token, hash])
  const claim = useClaimByLink()
  const done = claim.data

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
            <Hand aria-hidden="true" className="size-5" />
            {text.title}
          </h1>
          {!done && token && <CardDescription>{text.intro}</CardDescription>}
        </CardHeader>
        <CardContent className="grid gap-4">
          {token === null ? (
            <p role="alert">{text.noToken}</p>
          ) : done ? (
            <>
              <p role="status" className="font-medium">
                {text.done(done.person)}
              </p>
              <p className="text-sm text-muted-foreground">{text.doneHint}</p>
              <div>
                <Link href="/supporting" className={buttonVariants({ variant: 'outline' })}>
                  {text.openApp}
                </Link>
              </div>
            </>
          ) : (
            <>
              {claim.isError && (
                <p role="alert" className="text-sm font-medium text-destructive dark:text-red-300">
                  {readApiError(claim.error)?.message ?? text.failed}
                </p>
              )}
              <div>
                <Button size="lg" className="w-full sm:w-auto" disabled={claim.isPending} onClick={() => claim.mutate(token)}>
                  {claim.isPending ? text.claiming : text.button}
                </Button>
              </div>
              <p className="text-sm text-muted-foreground">{text.mailScanner}</p>
            </>
          )}
        </CardContent>
      </Card>
    </main>
  )
}
