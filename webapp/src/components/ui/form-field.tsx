import * as React from 'react'

import { Label } from '@/components/ui/label'
import { cn } from '@/lib/utils'

export type FormFieldControlProps = {
  id: string
  'aria-invalid': boolean
  'aria-describedby': string | undefined
}

export type FormFieldProps = {
  label: React.ReactNode
  /** The message shown under the input; also marks the input invalid. */
  error?: string
  hint?: React.ReactNode
  className?: string
  /** Renders the control with the id and ARIA wiring it needs. */
  children: (control: FormFieldControlProps) => React.ReactNode
}

/** A label, its control, an optional hint and the inline error, wired together for screen readers. */
function FormField({ label, error, hint, className, children }: FormFieldProps) {
  const id = React.useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ')

  return (
    <div data-slot="form-field" className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy || undefined })}
      {hint && (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
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

export { FormField }
