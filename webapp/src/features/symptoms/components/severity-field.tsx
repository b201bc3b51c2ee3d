import * as React from 'react'

import { Slider } from '@/components/ui/slider'
import { cn } from '@/lib/utils'

import { formText, SEVERITY_MAX, SEVERITY_MIN, severityWord } from '../content'

export type SeverityFieldProps = {
  label: string
  value: number
  onChange: (value: number) => void
  onBlur?: () => void
  /** Set while the symptom beside it is unchosen: the slider is greyed out and skipped by Tab. */
  disabledHint?: string
  error?: string
}

/** A 1–10 severity slider in whole steps (docs/spec.md §5) with its label, value and end words. */
export function SeverityField({ label, value, onChange, onBlur, disabledHint, error }: SeverityFieldProps) {
  const id = React.useId()
  const labelId = `${id}-label`
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const disabled = Boolean(disabledHint)
  const describedBy = [disabled ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined
  return (
    <div className="grid gap-1.5" data-disabled={disabled || undefined}>
      <div className="flex items-baseline justify-between gap-4">
        <span id={labelId} className={cn('text-sm font-medium', disabled && 'text-muted-foreground')}>
          {label}
        </span>
        <output
          aria-hidden="true"
          className={cn(
            'rounded-full px-2.5 py-0.5 text-sm font-semibold tabular-nums',
            disabled ? 'bg-muted text-muted-foreground' : 'bg-primary/12 text-primary',
          )}
        >
          {formText.scaleValue(value)}
        </output>
      </div>
      <Slider
        min={SEVERITY_MIN}
        max={SEVERITY_MAX}
        step={1}
        value={[value]}
        disabled={disabled}
        onValueChange={([next]) => onChange(next)}
        onValueCommit={() => onBlur?.()}
        thumbProps={{
          'aria-labelledby': labelId,
          'aria-valuetext': formText.scaleValueText(value, severityWord(value)),
          'aria-describedby': describedBy,
          'aria-disabled': disabled || undefined,
          'aria-invalid': Boolean(error) || undefined,
          onBlur,
        }}
      />
      <div aria-hidden="true" className="flex justify-between text-xs font-medium text-muted-foreground">
        <span>{formText.low}</span>
        <span>{formText.high}</span>
      </div>
      {disabled && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {disabledHint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  )
}
