import { BookHeart, Check } from 'lucide-react'
import type * as React from 'react'
import { Link } from 'wouter'

import { Button } from '@/components/ui/button'

import { useAnswerOkay } from '../api/answer-okay'
import { actionsText } from '../content'
import { isAvoidZoneAlert, type ActionableAlert } from '../types'

export type AlertActionsProps = {
  alert: ActionableAlert
  /** Where the safety plan lives (composed by the route). */
  safetyPlanHref: string
  /** "Call Sam, my sponsor", or "Add my sponsor" without one (the crisis feature's, composed by the route). */
  sponsorAction?: React.ReactNode
}

/**
 * The escalation ladder's first step on an avoid-zone alert: "I'm okay", call my sponsor, "Open my safety plan".
 * An alert that ended (a supporter resolved it) asks nothing more: no "I'm okay".
 */
export function AlertActions({ alert, safetyPlanHref, sponsorAction }: AlertActionsProps) {
  const okay = useAnswerOkay()
  if (!isAvoidZoneAlert(alert)) return null
  const okayAt = alert.okayAt ?? (okay.isSuccess ? okay.data.okayAt : undefined)
  return (
    <div role="group" aria-label={actionsText.group} className="grid gap-2" data-testid="alert-actions">
      <div className="flex flex-wrap gap-2">
        {okayAt ? (
          <p role="status" className="flex items-center gap-1.5 text-sm font-medium text-primary" data-testid="okay-at">
            <Check aria-hidden="true" className="size-4" />
            {actionsText.okayAt(okayAt)}
          </p>
        ) : alert.resolvedAt ? null : (
          <Button size="sm" className="rounded-full" disabled={okay.isPending} onClick={() => okay.mutate(alert.id)}>
            <Check aria-hidden="true" />
            {okay.isPending ? actionsText.okaySending : actionsText.okay}
          </Button>
        )}
        {sponsorAction}
        <Button asChild size="sm" variant="outline" className="rounded-full">
          <Link href={safetyPlanHref}>
            <BookHeart aria-hidden="true" />
            {actionsText.safetyPlan}
          </Link>
        </Button>
      </div>
      {okay.isError && (
        <p role="alert" className="text-sm text-destructive">
          {actionsText.okayFailed}
        </p>
      )}
    </div>
  )
}
