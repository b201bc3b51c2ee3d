import type { LucideIcon } from 'lucide-react'
import type * as React from 'react'

import { cn } from '@/lib/utils'

export type EmptyStateProps = {
  /** What is missing, in the feature's words ("No contacts yet."). */
  message: React.ReactNode
  /** What to do about it; the message reads as a title above it. */
  hint?: React.ReactNode
  /** A way on (a button or link). */
  action?: React.ReactNode
  /** A decorative icon above the words (screen size only). */
  icon?: LucideIcon
  /** `card` inside a card's list, `screen` for a screen's whole content. */
  size?: 'card' | 'screen'
  className?: string
  'data-testid'?: string
}

/** What an empty list or screen says: a dashed frame, the words, and a way on. */
export function EmptyState({
  message,
  hint,
  action,
  icon: Icon,
  size = 'card',
  className,
  'data-testid': testId,
}: EmptyStateProps) {
  const screen = size === 'screen'
  return (
    <div
      data-testid={testId}
      className={cn(
        'rounded-xl border border-dashed text-center',
        screen ? 'grid justify-items-center gap-3 bg-card/60 px-5 py-12' : 'p-4 sm:p-6',
        className,
      )}
    >
      {Icon && screen && <Icon aria-hidden="true" className="size-10 text-muted-foreground/70" />}
      <p className={hint ? 'font-medium' : 'text-muted-foreground'}>{message}</p>
      {hint && <p className={cn('text-sm text-muted-foreground', !screen && 'mt-1')}>{hint}</p>}
      {action && <div className={cn(!screen && 'mt-3')}>{action}</div>}
    </div>
  )
}
