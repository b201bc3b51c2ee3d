import { ArrowLeft, WifiOff } from 'lucide-react'
import { Link } from 'wouter'

import { Skeleton } from '@/components/ui/skeleton'

import { useSavedSafetyPlan } from '../api/get-saved-safety-plan'
import { safetyPlanText as text } from '../content'
import { LifelineRow } from './lifeline-row'
import { SafetyPlanView } from './safety-plan-view'

export type OfflineSafetyPlanProps = {
  backHref: string
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/** No network: the last copy of the plan this device saw, labelled as such, or 988 when there is none. */
export function OfflineSafetyPlan({ backHref }: OfflineSafetyPlanProps) {
  const saved = useSavedSafetyPlan()
  return (
    <div className="grid gap-6">
      <title>{text.pageTitle}</title>
      <Link
        href={backHref}
        className="inline-flex w-fit items-center gap-1.5 rounded-sm text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {text.back}
      </Link>
      <h1 className="text-3xl font-bold tracking-tight">{text.title}</h1>
      {saved.isPending ? (
        <Skeleton className="h-64 w-full" aria-label={text.loading} />
      ) : (
        <>
          <p className="flex items-start gap-2 rounded-lg border border-border bg-muted px-4 py-3 font-medium">
            <WifiOff aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            {saved.data ? text.offlineCopy(dateFormat.format(new Date(saved.data.savedAt ?? Date.now()))) : text.offlineNoCopy}
          </p>
          {saved.data ? <SafetyPlanView plan={saved.data.plan} /> : <LifelineRow />}
        </>
      )}
    </div>
  )
}
