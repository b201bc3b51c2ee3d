import { ShieldCheck } from 'lucide-react'

import { Button } from '@/components/ui/button'
import { toast } from '@/hooks/use-toast'
import { isUnauthorizedError } from '@/lib/api-client'
import { cn } from '@/lib/utils'

import { useResolveSos } from '../api/resolve-sos'
import { safeText } from '../content'

export type SafeNowButtonProps = {
  /** The open SOS's alert id. */
  alertId: number
  size?: 'sm' | 'default' | 'lg'
  className?: string
  /** After the SOS closed (the dialog closes itself). */
  onSafe?: () => void
}

/** "I'm safe now": one tap closes the SOS, and everyone who was told hears it in one short line. */
export function SafeNowButton({ alertId, size = 'default', className, onSafe }: SafeNowButtonProps) {
  const safe = useResolveSos()
  return (
    <div className={cn('grid justify-items-start gap-1.5', className)}>
      <Button
        size={size}
        className="rounded-full bg-emerald-700 text-white hover:bg-emerald-800 dark:bg-emerald-600 dark:hover:bg-emerald-500"
        disabled={safe.isPending}
        onClick={() =>
          // The promise, not mutate's callbacks: the banner holding this button goes as soon as the SOS closes.
          void safe.mutateAsync(alertId).then(
            () => {
              toast(safeText.closed)
              onSafe?.()
            },
            () => {}, // shown below from safe.isError
          )
        }
      >
        <ShieldCheck aria-hidden="true" />
        {safe.isPending ? safeText.sending : safeText.safe}
      </Button>
      {safe.isError && !isUnauthorizedError(safe.error) && (
        <p role="alert" className="text-sm text-destructive dark:text-red-300">
          {safeText.failed}
        </p>
      )}
    </div>
  )
}
