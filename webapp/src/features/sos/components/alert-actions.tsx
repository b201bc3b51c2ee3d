import { BookHeart, Check, Phone } from 'lucide-react'
import { Link } from 'wouter'

import { Button } from '@/components/ui/button'

import { useAnswerOkay } from '../api/answer-okay'
import { useSponsor } from '../api/get-sponsor'
import { actionsText } from '../content'
import { isAvoidZoneAlert, type ActionableAlert } from '../types'

export type AlertActionsProps = {
  alert: ActionableAlert
  /** Where the safety plan lives (composed by the route). */
  safetyPlanHref: string
}

/** The escalation ladder's first step on an avoid-zone alert: "I'm okay", "Call my sponsor", "Open my safety plan". */
export function AlertActions({ alert, safetyPlanHref }: AlertActionsProps) {
  const okay = useAnswerOkay()
  const sponsor = useSponsor()
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
        ) : (
          <Button size="sm" className="rounded-full" disabled={okay.isPending} onClick={() => okay.mutate(alert.id)}>
            <Check aria-hidden="true" />
            {okay.isPending ? actionsText.okaySending : actionsText.okay}
          </Button>
        )}
        {sponsor.data && (
          <Button asChild size="sm" variant="outline" className="rounded-full">
            <a href={sponsor.data.href} aria-label={actionsText.callSponsorNamed(sponsor.data.name)}>
              <Phone aria-hidden="true" />
              {actionsText.callSponsor}
            </a>
          </Button>
        )}
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
