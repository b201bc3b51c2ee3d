import * as React from 'react'

import { Slider } from '@/components/ui/slider'
import { cn } from '@/lib/utils'

import { checkinText, SCALE_MAX, SCALE_MIN } from '../content'

export type ScaleFieldProps = {
  label: string
  value: number
  onChange: (value: number) => void
  onBlur?: () => void
  /** Words under the two ends ("Poor" … "Excellent"). */
  lowLabel: string
  highLabel: string
  /** A word for the value, read with the number ("7 out of 10, good"). */
  describe: (value: number) => string
  error?: string
  /** Colours the range: the mood is teal, cravings warm. */
  tone?: 'primary' | 'warm'
}

/** A 1–10 slider in whole steps (docs/spec.md §5) with its label, current value and end labels. */
export function ScaleField({ label, value, onChange, onBlur, lowLabel, highLabel, describe, error, tone = 'primary' }: ScaleFieldProps) {
  const id = React.useId()
  const labelId = `${id}-label`
  const errorId = `${id}-error`
  return (
    <div className="grid gap-2">
      <div className="flex items-baseline justify-between gap-4">
        <span id={labelId} className="text-sm font-medium">
          {label}
        </span>
        <output
          aria-hidden="true"
          className={cn(
            'rounded-full px-2.5 py-0.5 text-sm font-semibold tabular-nums',
            tone === 'warm'
              ? 'bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200'
              : 'bg-primary/12 text-primary',
          )}
        >
          {checkinText.scaleValue(value)}
        </output>
      </div>
      <Slider
        min={SCALE_MIN}
        max={SCALE_MAX}
        step={1}
        value={[value]}
        onValueChange={([next]) => onChange(next)}
        onValueCommit={() => onBlur?.()}
        className={cn(tone === 'warm' && '[&_[data-slot=slider-range]]:bg-amber-500')}
        thumbProps={{
          'aria-labelledby': labelId,
          'aria-valuetext': checkinText.scaleValueText(value, describe(value)),
          'aria-describedby': error ? errorId : undefined,
          'aria-invalid': Boolean(error) || undefined,
          onBlur,
        }}
      />
      <div aria-hidden="true" className="flex justify-between text-xs font-medium text-muted-foreground">
        <span>{lowLabel}</span>
        <span>{highLabel}</span>
      </div>
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  )
}
