import * as React from 'react'

import { ConfirmRemoval } from '@/components/confirm-removal'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader } from '@/components/ui/card'
import { useConfirmedRemoval } from '@/hooks/use-confirmed-removal'
import { readApiError } from '@/lib/api-client'

import { useRevokeSupporter } from '../api/revoke-supporter'
import { careText } from '../content'
import type { Supporter } from '../types'
import { formatDate, grantSummary, supporterName } from '../utils/format'
import { GrantEditor } from './grant-editor'
import { TierSelect } from './tier-select'
import { MuteNotes } from './mute-notes'

const statusVariant = { pending: 'warning', active: 'success', revoked: 'muted' } as const

export type SupporterCardProps = {
  supporter: Supporter
  timeZone?: string
  /** Where the wearer adds their phone number, given while they have none. */
  addPhoneHref?: string
}

/** One supporter: status, when they were invited or accepted, the grant editor and Remove. */
export function SupporterCard({ supporter, timeZone, addPhoneHref }: SupporterCardProps) {
  const text = careText.supporter
  const name = supporterName(supporter)
  const headingId = React.useId()
  const [editing, setEditing] = React.useState(false)
  const editorId = React.useId()
  const summary = grantSummary(supporter.grant)
  const removal = useConfirmedRemoval<Supporter, number>(useRevokeSupporter(), {
    done: () => ({ title: text.revoked(name) }),
    failed: (error) => ({ title: readApiError(error)?.message ?? text.revokeFailed }),
  })

  const account = supporter.name && supporter.name !== name ? supporter.name : null
  return (
    <Card role="region" aria-labelledby={headingId} data-testid="supporter">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={headingId} className="text-lg leading-tight font-semibold">
              {name}
            </h3>
            <Badge variant={statusVariant[supporter.status]} data-testid="supporter-status">
              {careText.status[supporter.status]}
            </Badge>
            <Badge variant="muted" data-testid="supporter-tier-badge">
              {careText.tier.options[supporter.tier]}
            </Badge>
          </div>
          <p className="text-sm text-muted-foreground wrap-anywhere">
            {[account, supporter.email || null].filter(Boolean).join(' · ')}
          </p>
          <p className="text-sm text-muted-foreground">
            {supporter.status === 'pending'
              ? `${text.invitedOn(formatDate(supporter.invitedAt, timeZone))}. ${text.expiresOn(formatDate(supporter.expiresAt, timeZone))}${
                  supporter.inviteEmail ? ` ${text.onlyFor(supporter.inviteEmail)}` : ''
                }`
              : supporter.acceptedAt
                ? text.acceptedOn(formatDate(supporter.acceptedAt, timeZone))
                : ''}
          </p>
          {supporter.status === 'pending' && inviteEmailLine(supporter) && (
            <p
              className={supporter.inviteEmailState === 'failed' ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'}
              data-testid="invite-email-state"
            >
              {inviteEmailLine(supporter)}
            </p>
          )}
        </div>
        <Button variant="outline" size="sm" onClick={(e) => removal.ask(supporter, e.currentTarget)} aria-label={text.revokeLabel(name)}>
          {text.revoke}
        </Button>
      </CardHeader>
      <CardContent className="grid gap-4">
        {supporter.status === 'pending' && <p className="text-sm">{text.waiting}</p>}
        <TierSelect supporter={supporter} name={name} />
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-muted/60 px-3 py-2.5">
          <p className="text-sm" data-testid="grant-summary">
            <span className="font-medium">{text.sees}</span> {summary ?? text.seesNothing}
          </p>
          <Button variant="outline" size="sm" aria-expanded={editing} aria-controls={editorId} onClick={() => setEditing((on) => !on)}>
            {editing ? text.closeEditor : text.edit}
          </Button>
        </div>
        <div id={editorId} hidden={!editing}>
          {editing && <GrantEditor supporter={supporter} name={name} addPhoneHref={addPhoneHref} />}
        </div>
        {supporter.status === 'active' && <MuteNotes supporter={supporter} name={name} />}
      </CardContent>
      <ConfirmRemoval
        removal={removal}
        title={text.revokeTitle(name)}
        description={text.revokeDescription}
        cancelLabel={text.cancel}
        confirmLabel={text.revokeConfirm}
        pendingLabel={text.revokePending}
      />
    </Card>
  )
}

/** The invitation email's state, for a pending invitation sent by email. */
function inviteEmailLine(s: Supporter): string | null {
  const words = careText.supporter.inviteEmail
  switch (s.inviteEmailState) {
    case 'pending':
      return words.pending
    case 'sent':
      return words.sent
    case 'failed':
      return words.failed(s.inviteEmailError ?? '')
    default:
      return null
  }
}
