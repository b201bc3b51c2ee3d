import { useLocation } from 'wouter'

import { toast } from '@/hooks/use-toast'
import { isUnauthorizedError, readApiError } from '@/lib/api-client'

import { useCreateCheckin, type CreateCheckinInput } from '../api/create-checkin'
import { useTodayCheckin } from '../api/get-today-checkin'
import { checkinText } from '../content'
import { CheckinComplete } from './checkin-complete'
import { CheckinForm } from './checkin-form'
import { CheckinSkeleton } from './checkin-skeleton'

export type CheckinScreenProps = {
  /** Where Cancel, a successful save and "Back to Dashboard" go. */
  dashboardPath: string
  /** Awaited after a save, once the check-in data is refreshed (the app refreshes alerts). */
  onSaved?: () => unknown
}

/**
 * docs/spec.md "Daily check-in screen": a skeleton while today's check-in loads,
 * the completed message when it exists, otherwise the form.
 */
export function CheckinScreen({ dashboardPath, onSaved }: CheckinScreenProps) {
  const [, navigate] = useLocation()
  const today = useTodayCheckin()
  const mutation = useCreateCheckin({ onSaved })

  if (today.isPending) return <CheckinSkeleton />
  // Keep the form on screen while a save finishes: its refresh fills today's check-in.
  const saving = mutation.isPending || mutation.isSuccess
  if (today.data && !saving) return <CheckinComplete dashboardPath={dashboardPath} />

  const onSubmit = (input: CreateCheckinInput) => {
    mutation.mutate(input, {
      onSuccess: () => {
        toast(checkinText.toasts.saved)
        navigate(dashboardPath)
        // The submit button is gone with the form: start keyboard focus at the top of the next screen, not on <body>.
        requestAnimationFrame(() => document.getElementById('main-content')?.focus())
      },
      onError: (error) => {
        if (isUnauthorizedError(error)) return
        if (readApiError(error)?.status === 409) {
          toast(checkinText.toasts.alreadyDone)
          return
        }
        toast({ ...checkinText.toasts.failed, variant: 'destructive' })
      },
    })
  }

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{checkinText.title}</h1>
        <p className="mt-2 text-muted-foreground">{checkinText.subtitle}</p>
      </div>
      <CheckinForm onSubmit={onSubmit} onCancel={() => navigate(dashboardPath)} pending={saving} />
    </div>
  )
}
