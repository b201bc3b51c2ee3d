import * as React from 'react'

import { Label } from '@/components/ui/label'
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group'

export type Choice<T extends string> = { value: T; label: string; hint?: string }

export type ChoiceGroupProps<T extends string> = {
  label: string
  value: T
  onChange: (value: T) => void
  choices: readonly Choice<T>[]
}

/** A labelled radio group of cards (arrow keys move, Tab enters and leaves it). */
export function ChoiceGroup<T extends string>({ label, value, onChange, choices }: ChoiceGroupProps<T>) {
  const id = React.useId()
  return (
    <div className="grid gap-2">
      <span id={id} className="text-sm font-medium">
        {label}
      </span>
      <RadioGroup
        aria-labelledby={id}
        value={value}
        onValueChange={(next) => onChange(next as T)}
        className="grid grid-cols-1 gap-2 sm:auto-cols-fr sm:grid-flow-col"
      >
        {choices.map((choice) => (
          <div
            key={choice.value}
            className="flex min-h-11 items-start gap-3 rounded-lg border bg-background px-3 py-2.5 has-[button[data-state=checked]]:border-primary/60 has-[button[data-state=checked]]:bg-primary/8"
          >
            <RadioGroupItem
              value={choice.value}
              id={`${id}-${choice.value}`}
              aria-describedby={choice.hint ? `${id}-${choice.value}-hint` : undefined}
              className="mt-0.5"
            />
            <div className="grid gap-0.5">
              <Label htmlFor={`${id}-${choice.value}`} className="cursor-pointer leading-snug">
                {choice.label}
              </Label>
              {choice.hint && (
                <span id={`${id}-${choice.value}-hint`} className="text-xs text-muted-foreground">
                  {choice.hint}
                </span>
              )}
            </div>
          </div>
        ))}
      </RadioGroup>
    </div>
  )
}
