import { WifiOff } from 'lucide-react'

import { Skeleton } from '@/components/ui/skeleton'

import { useSavedSafetyPlan } from '../api/get-saved-safety-plan'
import { safetyPlanText as text } from '../content'
import { BackLink } from './back-link'
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
      <BackLink href={backHref} />
      <h1 className="text-3xl font-bold tracking-tight">{text.title}</h1>
      {saved.isPending ? (
        <Skeleton className="h-64 w-full" aria-label={text.loading} />
      ) : (
        <>
          <p className="flex items-start gap-2 rounded-lg border border-border bg-muted px-4 py-3 font-medium">
            <WifiOff aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            {saved.data ? text.offlineCopy(saved.data.savedAt ? dateFormat.format(new Date(saved.data.savedAt)) : 'earlier') : text.offlineNoCopy}
          </p>
          {saved.data ? <SafetyPlanView plan={saved.data.plan} /> : <LifelineRow />}
        </>
      )}
    </div>
  )
}
