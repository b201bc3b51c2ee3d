import { ShieldCheck, UserPlus } from 'lucide-react'
import * as React from 'react'

import { LoadError } from '@/components/load-error'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'

import { useSupporters } from '../api/get-supporters'
import { careText } from '../content'
import { CareViewsCard } from './care-views-card'
import { InviteDialog } from './invite-dialog'
import { SupporterCard } from './supporter-card'

export type CareCircleScreenProps = {
  timeZone?: string
  /** Where the wearer adds their phone number, given while they have none (composed by the app). */
  addPhoneHref?: string
}

/** `/care-circle`: the wearer's supporters, what each may see, and what they looked at. */
export function CareCircleScreen({ timeZone, addPhoneHref }: CareCircleScreenProps) {
  const text = careText.circle
  const supporters = useSupporters()
  const [inviting, setInviting] = React.useState(false)
  const listId = React.useId()

  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <title>{text.pageTitle}</title>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{text.title}</h1>
          <p className="mt-2 text-muted-foreground">{text.description}</p>
        </div>
        <Button onClick={() => setInviting(true)}>
          <UserPlus aria-hidden="true" />
          {text.invite}
        </Button>
      </div>
      <p className="flex items-start gap-3 rounded-xl border bg-primary/5 p-4 text-sm dark:bg-primary/10">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        <span>{text.never}</span>
      </p>

      <section aria-labelledby={listId} className="grid gap-4">
        <h2 id={listId} className="text-xl font-semibold">
          {text.listTitle}
        </h2>
        {supporters.isPending ? (
          <Skeleton className="h-40 w-full rounded-xl" />
        ) : supporters.isError ? (
          <LoadError message={text.loadError} retryLabel={text.retry} onRetry={() => void supporters.refetch()} />
        ) : supporters.data.length === 0 ? (
          <p className="rounded-xl border border-dashed p-5 text-muted-foreground">{text.empty}</p>
        ) : (
          supporters.data.map((s) => <SupporterCard key={s.id} supporter={s} timeZone={timeZone} addPhoneHref={addPhoneHref} />)
        )}
      </section>

      <CareViewsCard timeZone={timeZone} />
      <InviteDialog open={inviting} onOpenChange={setInviting} />
    </div>
  )
}
