import * as React from 'react'

import { ContactListEditor, PlanSectionError, TextListEditor } from '@/components/plan/list-editors'
import { PlanStep } from '@/components/plan/plan-step'
import { Button } from '@/components/ui/button'
import { toast } from '@/hooks/use-toast'
import { isUnauthorizedError, readApiError } from '@/lib/api-client'

import { useSaveSafetyPlan } from '../api/save-safety-plan'
import {
  PLAN_LIMITS,
  professionalsSection,
  safetyPlanText as text,
  safetyPlanToasts,
  sectionOrder,
  textSections,
} from '../content'
import type { PlanContact, SafetyPlan, TextSectionKey } from '../types'
import { formToInput, planToForm, sameInput, validatePlanForm, type PlanFormValues } from '../utils/plan-form'
import { LifelineRow } from './lifeline-row'

export type SafetyPlanFormProps = {
  plan: SafetyPlan
  onSaved: () => void
  /** Back to the saved plan without saving; absent while there is no saved plan yet. */
  onCancel?: () => void
}

/** The plan's editor: every step a list of short entries, step 5 names with numbers under the fixed 988 row. */
export function SafetyPlanForm({ plan, onSaved, onCancel }: SafetyPlanFormProps) {
  const initial = React.useMemo(() => planToForm(plan), [plan])
  const [values, setValues] = React.useState<PlanFormValues>(initial)
  const [contactErrors, setContactErrors] = React.useState<Record<number, string>>({})
  const [sectionErrors, setSectionErrors] = React.useState<Record<string, string>>({})
  const save = useSaveSafetyPlan()
  const formRef = React.useRef<HTMLFormElement>(null)
  const dirty = !sameInput(values, initial)

  // Leaving with unsaved changes (closing the tab, reloading) asks first.
  React.useEffect(() => {
    if (!dirty) return
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => window.removeEventListener('beforeunload', onBeforeUnload)
  }, [dirty])

  const setText = (key: TextSectionKey, next: string[]) => setValues((prev) => ({ ...prev, [key]: next }))
  const setContacts = (next: PlanContact[]) => {
    setValues((prev) => ({ ...prev, professionals: next }))
    setContactErrors({})
  }

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault()
    if (save.isPending) return
    const found = validatePlanForm(values, text.professionalNameRequired)
    setContactErrors(found)
    setSectionErrors({})
    const first = Object.keys(found)[0]
    if (first !== undefined) {
      formRef.current?.querySelector<HTMLInputElement>(`[data-contact-name="${first}"]`)?.focus()
      return
    }
    save.mutate(formToInput(values), {
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
      {sectionOrder.map((key) => {
        if (key === 'professionals') {
          return (
            <PlanStep key={key} as="form" step={professionalsSection.step} title={professionalsSection.title} hint={professionalsSection.hint}>
              <LifelineRow />
              <ContactListEditor
                item={professionalsSection.item}
                nameLabel={text.professionalName}
                phoneLabel={text.professionalPhone}
                namePlaceholder={professionalsSection.placeholder}
                values={values.professionals}
                errors={contactErrors}
                onChange={setContacts}
                limits={PLAN_LIMITS}
              />
              <PlanSectionError message={sectionErrors[key]} />
            </PlanStep>
          )
        }
        const meta = textSections[key]
        return (
          <PlanStep key={key} as="form" step={meta.step} title={meta.title} hint={meta.hint}>
            <TextListEditor
              item={meta.item}
              placeholder={meta.placeholder}
              values={values[key]}
              onChange={(next) => setText(key, next)}
              maxEntries={PLAN_LIMITS.entries}
              maxLength={PLAN_LIMITS.entryLength}
            />
            <PlanSectionError message={sectionErrors[key]} />
          </PlanStep>
        )
      })}

      <div className="sticky bottom-24 z-10 flex flex-wrap items-center justify-end gap-3 rounded-xl border bg-background/95 p-3 shadow-md backdrop-blur lg:bottom-4">
        {dirty && <p className="mr-auto text-sm text-muted-foreground">{text.unsaved}</p>}
        {onCancel && (
          <Button type="button" variant="outline" className="rounded-full" onClick={onCancel}>
            {text.cancel}
          </Button>
        )}
        <Button type="submit" className="rounded-full" disabled={save.isPending}>
          {save.isPending ? text.saving : text.save}
        </Button>
      </div>
    </form>
  )
}
