import { LifeBuoy, type LucideIcon } from 'lucide-react'
import * as React from 'react'
import { Link } from 'wouter'

import { Button } from '@/components/ui/button'
import { buttonVariants } from '@/components/ui/button-variants'
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card'
import { readApiError } from '@/lib/api-client'
import { tokenFromFragment } from '@/lib/fragment-token'

/** The texts of a link's page; done words the answer. */
export type LinkTokenPageText<T> = {
  pageTitle: string
  title: string
  intro: string
  action: string
  pending: string
  done: (answer: T) => string
  noToken: string
  failed: string
  openApp: string
  /** A line under the button, before it is pressed. */
  footnote?: string
}

export type LinkTokenPageProps<T> = {
  text: LinkTokenPageText<T>
  icon: LucideIcon
  /** The link's one action, given the token (a mutation's state and mutate). */
  action: { mutate: (token: string) => void; isPending: boolean; isError: boolean; error: unknown; data: T | undefined }
  /** The page's fragment (`#token=…`); window.location.hash by default. */
  hash?: string
}

/**
 * The public page of an emailed link (`#token=…`): the same signed in or
 * not, since it is often opened in a mail app's browser. The token leaves
 * the address bar at once, and nothing happens until the button is
 * pressed, so a mail scanner that opens links does nothing.
 */
export function LinkTokenPage<T>({ text, icon: Icon, action, hash }: LinkTokenPageProps<T>) {
  const [token] = React.useState(() => tokenFromFragment(hash ?? window.location.hash))
  // The token leaves the address bar once the page has mounted, not while it
  // renders: a first render that React throws away (a lazy part suspending on
  // a slow phone) would otherwise take the token with it, and the page shown
  // would say the link is incomplete.
  React.useEffect(() => {
    if (token && hash === undefined) window.history.replaceState(window.history.state, '', window.location.pathname)
  }, [token, hash])
  const done = action.data

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
            <Icon aria-hidden="true" className="size-5" />
            {text.title}
          </h1>
          {!done && token && <CardDescription>{text.intro}</CardDescription>}
        </CardHeader>
        <CardContent className="grid gap-4">
          {token === null ? (
            <p role="alert">{text.noToken}</p>
          ) : done ? (
            <>
              <p role="status">{text.done(done)}</p>
              <div>
                <Link href="/" className={buttonVariants({ variant: 'outline' })}>
                  {text.openApp}
                </Link>
              </div>
            </>
          ) : (
            <>
              {action.isError && (
                <p role="alert" className="text-sm font-medium text-destructive dark:text-red-300">
                  {readApiError(action.error)?.message ?? text.failed}
                </p>
              )}
              <div>
                <Button className="w-full sm:w-auto" disabled={action.isPending} onClick={() => action.mutate(token)}>
                  {action.isPending ? text.pending : text.action}
                </Button>
              </div>
              {text.footnote && <p className="text-sm text-muted-foreground">{text.footnote}</p>}
            </>
          )}
        </CardContent>
      </Card>
    </main>
  )
}
