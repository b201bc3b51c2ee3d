import { cn } from '@/lib/utils'

import { severityDescription, severityLevel } from '../utils/severity'

const dotColour = {
  high: 'bg-red-500',
  medium: 'bg-amber-500',
  low: 'bg-emerald-500',
} as const

export type SeverityDotProps = {
  /** The entry's severity (docs/spec.md: physical, else mental, else 0). */
  severity: number
  className?: string
}

/**
 * docs/spec.md: the entry's severity dot, red above 7, amber above 4, otherwise
 * green. It is an image with words ("Severity 8 of 10, high"), so colour is
 * never the only signal.
 */
export function SeverityDot({ severity, className }: SeverityDotProps) {
  const level = severityLevel(severity)
  const description = severityDescription(severity)
  return (
    <span
      role="img"
      aria-label={description}
      title={description}
      data-testid="severity-dot"
      data-level={level}
      className={cn(
        'inline-block size-3 shrink-0 rounded-full ring-2 ring-background',
        dotColour[level],
        className,
      )}
    />
  )
}
