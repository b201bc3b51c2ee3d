import { Button } from '@/components/ui/button'
import { cn } from '@/lib/utils'

export type LoadErrorProps = {
  message: string
  retryLabel: string
  onRetry: () => void
  /** True while the retry is under way (the button waits). */
  retrying?: boolean
  className?: string
}

/** What a screen shows when its data did not load: the reason, and a way to try again. */
export function LoadError({ message, retryLabel, onRetry, retrying = false, className }: LoadErrorProps) {
  return (
    <div role="alert" className={cn('grid justify-items-start gap-3 rounded-xl border bg-card p-5', className)}>
      <p>{message}</p>
      <Button variant="outline" className="rounded-full" disabled={retrying} onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  )
}
