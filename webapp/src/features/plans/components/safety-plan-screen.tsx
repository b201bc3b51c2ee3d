import { Pencil, Phone, Printer } from 'lucide-react'
import * as React from 'react'

import { LoadError } from '@/components/load-error'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'

import { usePlan } from '../api/get-plan'
import { safetyPlanText as text } from '../content'
import { BackLink } from './back-link'
import { SafetyPlanForm } from './safety-plan-form'
import { SafetyPlanPrint } from './safety-plan-print'
import { SafetyPlanView } from './safety-plan-view'

export type SafetyPlanScreenProps = {
  /** Where "Back to Crisis Resources" goes. */
  backHref: string
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/**
 * The Stanley-Brown safety plan saved to the account: read it, edit it,
 * print it. A plan never saved opens ready to fill in.
 */
export function SafetyPlanScreen({ backHref }: SafetyPlanScreenProps) {
  const plan = usePlan('safety-plan')
  // null: decided by the plan (a plan never saved opens in the editor).
  const [editing, setEditing] = React.useState<boolean | null>(null)
  const headingRef = React.useRef<HTMLHeadingElement>(null)

  const isEditing = plan.data ? (editing ?? plan.data.updatedAt === null) : false
  const saved = plan.data?.updatedAt ?? null

  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <title>{text.pageTitle}</title>
      <div className="grid gap-3">
        <BackLink href={backHref} />
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-bold tracking-tight outline-none">
            {text.title}
          </h1>
          {plan.data && !isEditing && (
            <div className="flex gap-2">
              <Button variant="outline" className="rounded-full" onClick={() => window.print()}>
                <Printer aria-hidden="true" />
                {text.print}
              </Button>
              <Button className="rounded-full" onClick={() => setEditing(true)}>
                <Pencil aria-hidden="true" />
                {text.edit}
              </Button>
            </div>
          )}
        </div>
        <p className="text-muted-foreground">{text.description}</p>
        {plan.data && (
          <p className="text-sm text-muted-foreground" data-testid="safety-plan-saved">
            {saved ? text.lastSaved(dateFormat.format(new Date(saved))) : text.neverSaved}
          </p>
        )}
      </div>

      {plan.isPending ? (
        <SafetyPlanSkeleton />
      ) : plan.isError ? (
        <LoadError
          message={text.loadFailed}
          retryLabel={text.retry}
          onRetry={() => void plan.refetch()}
          retrying={plan.isFetching}
          className="border-dashed"
        >
          <a
              href="tel:988"
              className="inline-flex h-10 items-center gap-2 rounded-full bg-primary px-4 font-semibold text-primary-foreground outline-none hover:bg-primary/90 focus-visible:ring-[3px] focus-visible:ring-ring"
            >
              <Phone aria-hidden="true" className="size-4" />
            988
          </a>
        </LoadError>
      ) : isEditing ? (
        <SafetyPlanForm
          plan={plan.data}
          onSaved={() => {
            setEditing(false)
            headingRef.current?.focus()
          }}
          onCancel={saved ? () => setEditing(false) : undefined}
        />
      ) : (
        <SafetyPlanView plan={plan.data} />
      )}
      {plan.data && <SafetyPlanPrint plan={plan.data} />}
    </div>
  )
}

export function SafetyPlanSkeleton() {
  return (
    <div role="status" className="grid gap-4">
      <span className="sr-only">{text.loading}</span>
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} className="h-28 rounded-xl" />
      ))}
    </div>
  )
}
