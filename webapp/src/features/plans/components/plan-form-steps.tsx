import type * as React from 'react'

import { PLAN_LIMITS, type SectionMeta } from '../content'
import type { PlanContact } from '../types'
import { ContactListEditor, PlanSectionError, TextListEditor } from './list-editors'
import { PlanStep } from './plan-step'

/*
 * The two kinds of step in a plan's form, each with the server's message
 * about it underneath: a list of short entries, or names with numbers.
 */

type StepError = {
  /** The server's message about this step. */
  error?: string
  /** The message's id, for the inputs to name it. */
  errorId?: string
}

export type PlanTextStepProps = StepError & {
  meta: SectionMeta
  values: string[]
  onChange: (next: string[]) => void
  reorderable?: boolean
  /** Under the message (the coping plan's ideas). */
  children?: React.ReactNode
}

export function PlanTextStep({ meta, values, onChange, reorderable, error, errorId, children }: PlanTextStepProps) {
  return (
    <PlanStep as="form" step={meta.step} title={meta.title} hint={meta.hint}>
      <TextListEditor
        item={meta.item}
        placeholder={meta.placeholder}
        values={values}
        onChange={onChange}
        maxEntries={PLAN_LIMITS.entries}
        maxLength={PLAN_LIMITS.entryLength}
        reorderable={reorderable}
        errorId={errorId}
      />
      <PlanSectionError id={errorId} message={error} />
      {children}
    </PlanStep>
  )
}

export type PlanContactsStepProps = StepError & {
  meta: SectionMeta
  nameLabel: string
  phoneLabel: string
  values: PlanContact[]
  /** Messages under rows, by index (a number without a name). */
  contactErrors: Record<number, string>
  onChange: (next: PlanContact[]) => void
  /** Above the rows (the safety plan's fixed 988 line). */
  children?: React.ReactNode
}

export function PlanContactsStep({
  meta,
  nameLabel,
  phoneLabel,
  values,
  contactErrors,
  onChange,
  error,
  errorId,
  children,
}: PlanContactsStepProps) {
  return (
    <PlanStep as="form" step={meta.step} title={meta.title} hint={meta.hint}>
      {children}
      <ContactListEditor
        item={meta.item}
        nameLabel={nameLabel}
        phoneLabel={phoneLabel}
        namePlaceholder={meta.placeholder}
        values={values}
        errors={contactErrors}
        onChange={onChange}
        limits={PLAN_LIMITS}
      />
      <PlanSectionError id={errorId} message={error} />
    </PlanStep>
  )
}
