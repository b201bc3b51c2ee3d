import * as React from 'react'

import { Button } from '@/components/ui/button'
import { toast } from '@/hooks/use-toast'
import { isUnauthorizedError, readApiError } from '@/lib/api-client'

import { useSavePlan } from '../api/save-plan'
import {
  professionalsSection,
  safetyPlanText as text,
  safetyPlanToasts,
  safetySectionOrder,
  safetyTextSections,
} from '../content'
import { usePlanForm } from '../hooks/use-plan-form'
import type { SafetyPlan } from '../types'
import { safetyPlanShape } from '../utils/plan-shapes'
import { LifelineRow } from './lifeline-row'
import { PlanContactsStep, PlanTextStep } from './plan-form-steps'
import { PlanSaveBar } from './plan-save-bar'

export type SafetyPlanFormProps = {
  plan: SafetyPlan
  onSaved: () => void
  /** Back to the saved plan without saving; absent while there is no saved plan yet. */
  onCancel?: () => void
}

/** The plan's editor: every step a list of short entries, step 5 names with numbers under the fixed 988 row. */
export function SafetyPlanForm({ plan, onSaved, onCancel }: SafetyPlanFormProps) {
  const { values, dirty, formRef, setText, setContacts, contactErrors, sectionErrors, setSectionErrors, checkedInput } =
    usePlanForm(safetyPlanShape, plan, text.professionalNameRequired)
  const save = useSavePlan('safety-plan')

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault()
    if (save.isPending) return
    const input = checkedInput()
    if (!input) return
    save.mutate(input, {
      onSuccess: () => {
        toast(safetyPlanToasts.saved)
        onSaved()
      },
      onError: (error) => {
        if (isUnauthorizedError(error)) return
        const details = readApiError(error)
        if (details?.status === 400 && details.fields) setSectionErrors(details.fields)
        toast({ ...safetyPlanToasts.saveFailed, variant: 'destructive' })
      },
    })
  }

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={text.title}>
      {safetySectionOrder.map((key) =>
        key === 'professionals' ? (
          <PlanContactsStep
            key={key}
            meta={professionalsSection}
            nameLabel={text.professionalName}
            phoneLabel={text.professionalPhone}
            values={values.professionals}
            contactErrors={contactErrors}
            onChange={setContacts}
            error={sectionErrors[key]}
          >
            <LifelineRow />
          </PlanContactsStep>
        ) : (
          <PlanTextStep
            key={key}
            meta={safetyTextSections[key]}
            values={values[key]}
            onChange={(next) => setText(key, next)}
            error={sectionErrors[key]}
          />
        ),
      )}

      <PlanSaveBar status={dirty ? text.unsaved : ''} saving={save.isPending} saveLabel={text.save} savingLabel={text.saving}>
        {onCancel && (
          <Button type="button" variant="outline" className="rounded-full" onClick={onCancel}>
            {text.cancel}
          </Button>
        )}
      </PlanSaveBar>
    </form>
  )
}
