import * as React from 'react'

import { cn } from '@/lib/utils'

export type PlanStepProps = {
  step: number
  title: string
  hint: string
  /** A fieldset named by the title in the form, a section with a heading in the read view. */
  as?: 'view' | 'form'
  className?: string
  children: React.ReactNode
}

/** One numbered step of the plan: the number, title and hint, then its entries (or inputs). */
export function PlanStep({ step, title, hint, as = 'view', className, children }: PlanStepProps) {
  const hintId = React.useId()
  const titleId = React.useId()
  const titleText = (
    <>
      <span className="sr-only">Step {step}:</span> {title}
    </>
  )
  const badge = (
    <span
      aria-hidden="true"
      className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/12 text-sm font-bold text-primary"
    >
      {step}
    </span>
  )
  const hintText = (
    <p id={hintId} className="text-sm text-muted-foreground">
      {hint}
    </p>
  )
  const frame = cn('grid gap-3 rounded-xl border bg-card p-4 shadow-xs sm:p-5', className)

  if (as === 'form') {
    return (
      <fieldset className={frame} aria-labelledby={titleId} aria-describedby={hintId}>
        <div className="flex items-start gap-3">
          {badge}
          <div className="grid gap-0.5">
            <p id={titleId} className="text-base leading-tight font-semibold">
              {titleText}
            </p>
            {hintText}
          </div>
        </div>
        {children}
      </fieldset>
    )
  }
  return (
    <section className={frame} aria-describedby={hintId}>
      <div className="flex items-start gap-3">
        {badge}
        <div className="grid gap-0.5">
          <h2 className="text-base leading-tight font-semibold">{titleText}</h2>
          {hintText}
        </div>
      </div>
      {children}
    </section>
  )
}
