import type * as React from 'react'

import { Button } from '@/components/ui/button'
import { cn } from '@/lib/utils'

export type LoadErrorProps = {
  message: string
  retryLabel: string
  onRetry: () => void
  /** True while the retry is under way (the button waits). */
  retrying?: boolean
  /** `sm` inside a card (a smaller text and button), `default` for a screen's main content. */
  size?: 'default' | 'sm'
  /** More ways out beside the retry (the safety plan's call to 988). */
  children?: React.ReactNode
  className?: string
}

/** What a screen shows when its data did not load: the reason, and a way to try again. */
export function LoadError({
  message,
  retryLabel,
  onRetry,
  retrying = false,
  size = 'default',
  children,
  className,
}: LoadErrorProps) {
  const sm = size === 'sm'
  const retry = (
    <Button variant="outline" size={sm ? 'sm' : 'default'} className="rounded-full" disabled={retrying} onClick={onRetry}>
      {retryLabel}
    </Button>
  )
  return (
    <div
      role="alert"
      className={cn('grid justify-items-start gap-3 rounded-xl border bg-card', sm ? 'border-dashed p-4' : 'p-5', className)}
    >
      <p className={cn(sm && 'text-sm')}>{message}</p>
      {children ? (
        <div className="flex flex-wrap gap-2">
          {retry}
          {children}
        </div>
      ) : (
        retry
      )}
    </div>
  )
}
