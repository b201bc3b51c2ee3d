import * as React from 'react'

import { Checkbox } from '@/components/ui/checkbox'
import { Label } from '@/components/ui/label'
import { cn } from '@/lib/utils'

export type Option = { readonly id: string; readonly label: string }

export type OptionCheckboxesProps = {
  legend: string
  /** Hide the legend visually when the section heading already says it. */
  legendHidden?: boolean
  options: readonly Option[]
  value: readonly string[]
  onChange: (value: string[]) => void
  onBlur?: () => void
  error?: string
}

/** A fieldset of checkboxes whose value is the list of checked option ids, in the options' order. */
export function OptionCheckboxes({ legend, legendHidden, options, value, onChange, onBlur, error }: OptionCheckboxesProps) {
  const id = React.useId()
  const toggle = (optionId: string, checked: boolean) => {
    const next = new Set(value)
    if (checked) next.add(optionId)
    else next.delete(optionId)
    onChange(options.filter((o) => next.has(o.id)).map((o) => o.id))
  }
  return (
    <fieldset className="grid gap-3" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className={cn('mb-3 text-sm font-medium', legendHidden && 'sr-only')}>{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => {
          const optionId = `${id}-${option.id}`
          const checked = value.includes(option.id)
          return (
            <div
              key={option.id}
              className={cn(
                'flex min-h-11 items-center gap-3 rounded-lg border px-3 py-2 transition-colors has-[button:focus-visible]:ring-[3px] has-[button:focus-visible]:ring-ring',
                checked ? 'border-primary/50 bg-primary/8' : 'bg-background hover:bg-accent/50',
              )}
            >
              <Checkbox
                id={optionId}
                value={option.id}
                checked={checked}
                onCheckedChange={(state) => toggle(option.id, state === true)}
                onBlur={onBlur}
              />
              <Label htmlFor={optionId} className="flex-1 cursor-pointer py-1 font-normal">
                {option.label}
              </Label>
            </div>
          )
        })}
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive dark:text-red-300">
          {error}
        </p>
      )}
    </fieldset>
  )
}
