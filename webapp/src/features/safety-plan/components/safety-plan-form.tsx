import { Plus, X } from 'lucide-react'
import * as React from 'react'

import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
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
import { PlanStep } from './plan-step'

export type SafetyPlanFormProps = {
  plan: SafetyPlan
  onSaved: () => void
  /** Back to the saved plan without saving; absent while there is no saved plan yet. */
  onCancel?: () => void
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1)
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
              <ContactListEditor values={values.professionals} errors={contactErrors} onChange={setContacts} />
              <SectionError message={sectionErrors[key]} />
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
            />
            <SectionError message={sectionErrors[key]} />
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

function SectionError({ message }: { message?: string }) {
  if (!message) return null
  return (
    <p role="alert" className="text-sm font-medium text-destructive dark:text-red-300">
      {message}
    </p>
  )
}

type TextListEditorProps = {
  item: string
  placeholder: string
  values: string[]
  onChange: (next: string[]) => void
}

function TextListEditor({ item, placeholder, values, onChange }: TextListEditorProps) {
  const listRef = React.useRef<HTMLUListElement>(null)
  const focusLast = React.useRef(false)
  React.useEffect(() => {
    if (!focusLast.current) return
    focusLast.current = false
    const inputs = listRef.current?.querySelectorAll('input')
    inputs?.[inputs.length - 1]?.focus()
  }, [values.length])

  return (
    <div className="grid gap-2">
      <ul ref={listRef} className="grid gap-2">
        {values.map((value, i) => (
          <li key={i} className="flex items-center gap-2">
            <Input
              aria-label={`${capitalize(item)} ${i + 1}`}
              placeholder={i === 0 ? placeholder : undefined}
              maxLength={PLAN_LIMITS.entryLength}
              value={value}
              onChange={(e) => onChange(values.map((v, j) => (j === i ? e.target.value : v)))}
              onKeyDown={(e) => {
                // Enter in the last row adds the next one instead of submitting half a plan.
                if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
                  e.preventDefault()
                  if (i === values.length - 1 && value.trim() !== '' && values.length < PLAN_LIMITS.entries) {
                    focusLast.current = true
                    onChange([...values, ''])
                  }
                }
              }}
            />
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="size-11 shrink-0 rounded-full"
              aria-label={text.remove(item, i + 1)}
              disabled={values.length === 1 && value === ''}
              onClick={() => onChange(values.length === 1 ? [''] : values.filter((_, j) => j !== i))}
            >
              <X aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
      <Button
        type="button"
        variant="ghost"
        className="w-fit rounded-full text-primary"
        disabled={values.length >= PLAN_LIMITS.entries}
        onClick={() => {
          focusLast.current = true
          onChange([...values, ''])
        }}
      >
        <Plus aria-hidden="true" />
        Add {/^[aeiou]/.test(item) ? 'an' : 'a'} {item}
      </Button>
    </div>
  )
}

type ContactListEditorProps = {
  values: PlanContact[]
  errors: Record<number, string>
  onChange: (next: PlanContact[]) => void
}

function ContactListEditor({ values, errors, onChange }: ContactListEditorProps) {
  const item = professionalsSection.item
  const set = (i: number, field: keyof PlanContact, value: string) =>
    onChange(values.map((c, j) => (j === i ? { ...c, [field]: value } : c)))
  return (
    <div className="grid gap-2">
      <ul className="grid gap-3">
        {values.map((contact, i) => {
          const errorId = `plan-contact-error-${i}`
          return (
            <li key={i} className="grid gap-1.5">
              <div className="flex items-start gap-2">
                <div className="grid flex-1 gap-2 sm:grid-cols-[1fr_12rem]">
                  <Input
                    data-contact-name={i}
                    aria-label={`${text.professionalName} ${i + 1}`}
                    aria-invalid={Boolean(errors[i])}
                    aria-describedby={errors[i] ? errorId : undefined}
                    placeholder={i === 0 ? professionalsSection.placeholder : undefined}
                    maxLength={PLAN_LIMITS.nameLength}
                    value={contact.name}
                    onChange={(e) => set(i, 'name', e.target.value)}
                  />
                  <Input
                    type="tel"
                    inputMode="tel"
                    aria-label={`${text.professionalPhone} ${i + 1}`}
                    placeholder={i === 0 ? 'e.g. 555-0100' : undefined}
                    maxLength={PLAN_LIMITS.phoneLength}
                    value={contact.phone}
                    onChange={(e) => set(i, 'phone', e.target.value)}
                  />
                </div>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-11 shrink-0 rounded-full"
                  aria-label={text.remove(item, i + 1)}
                  disabled={values.length === 1 && contact.name === '' && contact.phone === ''}
                  onClick={() =>
                    onChange(values.length === 1 ? [{ name: '', phone: '' }] : values.filter((_, j) => j !== i))
                  }
                >
                  <X aria-hidden="true" />
                </Button>
              </div>
              {errors[i] && (
                <p id={errorId} className="text-sm font-medium text-destructive dark:text-red-300">
                  {errors[i]}
                </p>
              )}
            </li>
          )
        })}
      </ul>
      <Button
        type="button"
        variant="ghost"
        className="w-fit rounded-full text-primary"
        disabled={values.length >= PLAN_LIMITS.entries}
        onClick={() => onChange([...values, { name: '', phone: '' }])}
      >
        <Plus aria-hidden="true" />
        Add a {item}
      </Button>
    </div>
  )
}
