import { HeartHandshake } from 'lucide-react'
import * as React from 'react'
import { Link } from 'wouter'

import { buttonVariants } from '@/components/ui/button-variants'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader } from '@/components/ui/card'
import { FormMessage } from '@/components/ui/form-message'
import { readApiError } from '@/lib/api-client'

import { useAcceptInvitation } from '../api/accept-invitation'
import { useInvitationPreview } from '../api/get-invitation-preview'
import { careText } from '../content'
import type { Supported } from '../types'
import { formatDate } from '../utils/format'
import { forgetInviteToken, takeInviteToken } from '../utils/invite-token'

export type AcceptInvitationProps = {
  /** Signed out: links to sign in and to create an account, each coming back here. */
  signedOut?: { signInHref: string; registerHref: string }
  /** Where "People I support" is. */
  supportingHref: string
  /**
   * Signed in: the ways of being told, offered right after accepting ("How
   * should we reach you when … needs you?"), composed by the app; without
   * it the page goes straight on to People I support.
   */
  reachSetup?: React.ReactNode
}

/**
 * `/care/accept#token=…`: the token is read from the fragment and kept in
 * this tab while the person signs in, then sent in a POST body, never in a URL.
 */
export function AcceptInvitation({ signedOut, supportingHref, reachSetup }: AcceptInvitationProps) {
  const text = careText.accept
  const [token] = React.useState(takeInviteToken)
  const [accepted, setAccepted] = React.useState<Supported | null>(null)
  const [error, setError] = React.useState<string | null>(null)
  const accept = useAcceptInvitation()
  const preview = useInvitationPreview(accepted ? null : token)
  const previewGone = readApiError(preview.error)?.status === 404

  const onAccept = () => {
    if (!token) return
    setError(null)
    accept.mutate(token, {
      onSuccess: (person) => {
        forgetInviteToken()
        setAccepted(person)
      },
      onError: (failure) => {
        const details = readApiError(failure)
        if (details?.status === 404) {
          forgetInviteToken()
          setError(text.expired)
          return
        }
        setError(details?.message ?? text.failed)
      },
    })
  }

  // Who invites and until when; a failed preview (other than a dead link) leaves the page as it was.
  const about = preview.data && (
    <div className="grid gap-1" data-testid="invitation-preview">
      <p className="text-lg font-semibold">{text.from(preview.data.from)}</p>
      <p className="text-sm text-muted-foreground">
        {text.until(formatDate(preview.data.expiresAt))}
        {preview.data.forEmail ? ` ${text.forEmail}` : ''}
      </p>
    </div>
  )

  let body: React.ReactNode
  if (accepted && reachSetup) {
    body = (
      <div className="grid gap-5" data-testid="reach-step">
        <p role="status" className="text-lg font-semibold">
          {text.accepted(accepted.name)}
        </p>
        <div className="grid gap-1">
          <h2 className="text-xl font-semibold">{text.reachTitle(accepted.name)}</h2>
          <p className="text-muted-foreground">{text.reachDescription}</p>
        </div>
        {reachSetup}
        <div className="flex flex-wrap gap-3">
          <Link href={supportingHref} className={buttonVariants()}>
            {text.reachDone}
          </Link>
          <Link href={supportingHref} className={buttonVariants({ variant: 'ghost' })}>
            {text.reachSkip}
          </Link>
        </div>
      </div>
    )
  } else if (accepted) {
    body = (
      <div className="grid gap-4" role="status">
        <p className="text-lg font-semibold">{text.accepted(accepted.name)}</p>
        <p className="text-muted-foreground">{text.acceptedHint}</p>
        <Link href={supportingHref} className={buttonVariants({ className: 'w-fit' })}>
          {text.goSupporting}
        </Link>
      </div>
    )
  } else if (!token) {
    body = <FormMessage>{text.noToken}</FormMessage>
  } else if (previewGone) {
    body = <FormMessage>{text.expired}</FormMessage>
  } else if (preview.isPending) {
    body = (
      <p role="status" className="text-muted-foreground">
        {text.checking}
      </p>
    )
  } else if (signedOut) {
    body = (
      <div className="grid gap-4">
        {about}
        <p>{text.signedOut}</p>
        <div className="flex flex-wrap gap-3">
          <Link href={signedOut.signInHref} className={buttonVariants()}>
            {text.signIn}
          </Link>
          <Link href={signedOut.registerHref} className={buttonVariants({ variant: 'outline' })}>
            {text.register}
          </Link>
        </div>
      </div>
    )
  } else {
    body = (
      <div className="grid gap-4">
        {about}
        {error && <FormMessage>{error}</FormMessage>}
        <Button className="w-fit" onClick={onAccept} disabled={accept.isPending}>
          {accept.isPending ? text.accepting : text.accept}
        </Button>
      </div>
    )
  }

  return (
    <div className="mx-auto grid w-full max-w-xl gap-6">
      <title>{text.pageTitle}</title>
      <Card>
        <CardHeader className="grid gap-3">
          <HeartHandshake aria-hidden="true" className="size-10 text-primary" />
          <h1 className="text-2xl font-bold tracking-tight">{text.title}</h1>
          <p className="text-muted-foreground">{text.description}</p>
        </CardHeader>
        <CardContent>{body}</CardContent>
      </Card>
    </div>
  )
}
