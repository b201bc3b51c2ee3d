import { ArrowLeft } from 'lucide-react'
import { Link } from 'wouter'

import { LoadError } from '@/components/load-error'
import { Skeleton } from '@/components/ui/skeleton'

import { usePlan } from '../api/get-plan'
import { copingPlanText as text } from '../content'
import { CopingPlanEditor } from './coping-plan-editor'

export type CopingPlanScreenProps = {
  /** Where "Back to Learn & Grow" goes. */
  backHref: string
}

/** Learn & Grow's Coping Plan Builder: the plan saved to the account, always open to edit, print or save. */
export function CopingPlanScreen({ backHref }: CopingPlanScreenProps) {
  const plan = usePlan('coping-plan')

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <title>{text.pageTitle}</title>
      <div className="grid gap-3">
        <Link
          href={backHref}
          className="-ml-2 inline-flex h-9 w-fit items-center gap-1.5 rounded-full px-2 text-sm font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {text.back}
        </Link>
        <h1 className="text-3xl font-bold tracking-tight">{text.title}</h1>
        <p className="text-muted-foreground">{text.description}</p>
      </div>

      {plan.isPending ? (
        <CopingPlanSkeleton />
      ) : plan.isError ? (
        <LoadError message={text.loadFailed} retryLabel={text.retry} onRetry={() => void plan.refetch()} retrying={plan.isFetching} />
      ) : (
        <CopingPlanEditor plan={plan.data} />
      )}
    </div>
  )
}

function CopingPlanSkeleton() {
  return (
    <div role="status" aria-busy="true" className="grid gap-4">
      <span className="sr-only">{text.loading}</span>
      <Skeleton className="h-10 w-full rounded-xl" />
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} className="h-36 rounded-xl" />
      ))}
    </div>
  )
}
