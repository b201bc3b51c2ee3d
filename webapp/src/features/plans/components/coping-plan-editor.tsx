import { Plus, Printer } from 'lucide-react'
import * as React from 'react'

import { ContactListEditor, PlanSectionError, TextListEditor } from '@/components/plan/list-editors'
import { PlanStep } from '@/components/plan/plan-step'
import { Button } from '@/components/ui/button'
import { toast } from '@/hooks/use-toast'
import { isUnauthorizedError, readApiError } from '@/lib/api-client'

import { useSaveCopingPlan } from '../api/save-coping-plan'
import {
  copingPlanText as text,
  copingPlanToasts,
  peopleSection,
  PLAN_LIMITS,
  sectionOrder,
  textSections,
} from '../content'
import type { CopingPlan, PlanContact, TextSectionKey } from '../types'
import {
  addSuggestion,
  formToInput,
  planToForm,
  sameInput,
  validatePlanForm,
  type PlanFormValues,
} from '../utils/plan-form'
import { CopingPlanPrint } from './coping-plan-print'

export type CopingPlanEditorProps = {
  plan: CopingPlan
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/**
 * The plan's five sections as editable lists, with ideas to add in one tap,
 * a Save that replaces the whole plan, and a Print of what is on screen.
 */
export function CopingPlanEditor({ plan }: CopingPlanEditorProps) {
  // The saved plan: after a save the server's answer becomes the new baseline, so "unsaved" clears.
  const initial = React.useMemo(() => planToForm(plan), [plan])
  const [values, setValues] = React.useState<PlanFormValues>(initial)
  const [contactErrors, setContactErrors] = React.useState<Record<number, string>>({})
  const [sectionErrors, setSectionErrors] = React.useState<Record<string, string>>({})
  const [formError, setFormError] = React.useState<string | null>(null)
  const save = useSaveCopingPlan()
  const formRef = React.useRef<HTMLFormElement>(null)
  const errorIdBase = React.useId()
  const dirty = !sameInput(values, initial)

  // Leaving with unsaved changes (closing the tab, reloading) asks first.
  React.useEffect(() => {
    if (!dirty) return
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => window.removeEventListener('beforeunload', onBeforeUnload)
  }, [dirty])

  const clearSectionError = (key: string) => {
    setFormError(null)
    setSectionErrors((prev) => {
      if (!(key in prev)) return prev
      const next = { ...prev }
      delete next[key]
      return next
    })
  }
  const setText = (key: TextSectionKey, next: string[]) => {
    setValues((prev) => ({ ...prev, [key]: next }))
    clearSectionError(key)
  }
  const setPeople = (next: PlanContact[]) => {
    setValues((prev) => ({ ...prev, peopleToCall: next }))
    setContactErrors({})
    clearSectionError('peopleToCall')
  }

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault()
    if (save.isPending) return
    const found = validatePlanForm(values, text.personNameRequired)
    setContactErrors(found)
    setSectionErrors({})
    setFormError(null)
    const first = Object.keys(found)[0]
    if (first !== undefined) {
      formRef.current?.querySelector<HTMLInputElement>(`[data-contact-name="${first}"]`)?.focus()
      return
    }
    save.mutate(formToInput(values), {
      onSuccess: () => toast(copingPlanToasts.saved),
      onError: (error) => {
        if (isUnauthorizedError(error)) return
        const details = readApiError(error)
        if (details?.status === 400) {
          // The server names the section ("Entry 3 is longer than 500 characters.") or, for the
          // plan as a whole, only says what to do; either way everything typed stays.
          const fields = details.fields ?? {}
          setSectionErrors(fields)
          if (Object.keys(fields).length === 0 && details.message) setFormError(details.message)
          const firstKey = sectionOrder.find((key) => key in fields)
          if (firstKey) formRef.current?.querySelector<HTMLElement>(`[data-section="${firstKey}"] input`)?.focus()
          toast({ ...copingPlanToasts.invalid, variant: 'destructive' })
          return
        }
        toast({ ...copingPlanToasts.saveFailed, variant: 'destructive' })
      },
    })
  }

  const errorId = (key: string) => (sectionErrors[key] ? `${errorIdBase}-${key}` : undefined)

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-card px-4 py-3">
        <p className="text-sm text-muted-foreground" data-testid="coping-plan-saved">
          {plan.updatedAt ? text.lastSaved(dateFormat.format(new Date(plan.updatedAt))) : text.neverSaved}
        </p>
        <Button type="button" variant="outline" className="rounded-full" onClick={() => window.print()}>
          <Printer aria-hidden="true" />
          {text.print}
        </Button>
      </div>

      <form ref={formRef} noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={text.title}>
        {sectionOrder.map((key) => {
          if (key === 'peopleToCall') {
            return (
              <div key={key} data-section={key}>
                <PlanStep as="form" step={peopleSection.step} title={peopleSection.title} hint={peopleSection.hint}>
                  <ContactListEditor
                    item={peopleSection.item}
                    nameLabel={text.personName}
                    phoneLabel={text.personPhone}
                    namePlaceholder={peopleSection.placeholder}
                    values={values.peopleToCall}
                    errors={contactErrors}
                    onChange={setPeople}
                    limits={PLAN_LIMITS}
                  />
                  <PlanSectionError id={errorId(key)} message={sectionErrors[key]} />
                </PlanStep>
              </div>
            )
          }
          const meta = textSections[key]
          return (
            <div key={key} data-section={key}>
              <PlanStep as="form" step={meta.step} title={meta.title} hint={meta.hint}>
                <TextListEditor
                  item={meta.item}
                  placeholder={meta.placeholder}
                  values={values[key]}
                  onChange={(next) => setText(key, next)}
                  maxEntries={PLAN_LIMITS.entries}
                  maxLength={PLAN_LIMITS.entryLength}
                  reorderable
                  errorId={errorId(key)}
                />
                <PlanSectionError id={errorId(key)} message={sectionErrors[key]} />
                <Suggestions
                  examples={meta.examples}
                  values={values[key]}
                  onAdd={(next) => setText(key, next)}
                />
              </PlanStep>
            </div>
          )
        })}

        {formError && (
          <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm font-medium text-destructive dark:text-red-300">
            {formError}
          </p>
        )}

        <div className="sticky bottom-24 z-10 flex flex-wrap items-center justify-end gap-3 rounded-xl border bg-background/95 p-3 shadow-md backdrop-blur lg:bottom-4">
          <p className="mr-auto text-sm text-muted-foreground" role="status" data-testid="coping-plan-dirty">
            {dirty ? text.unsaved : plan.updatedAt ? text.allSaved : ''}
          </p>
          <Button type="submit" className="rounded-full" disabled={save.isPending}>
            {save.isPending ? text.saving : text.save}
          </Button>
        </div>
      </form>
      <CopingPlanPrint plan={formToInput(values)} />
    </>
  )
}

type SuggestionsProps = {
  examples: readonly string[]
  values: string[]
  onAdd: (next: string[]) => void
}

/** Ideas for a section: one tap puts the idea in the list (in its first empty row). */
function Suggestions({ examples, values, onAdd }: SuggestionsProps) {
  if (examples.length === 0) return null
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <span className="text-xs font-medium text-muted-foreground">{text.examples}</span>
      {examples.map((example) => {
        const next = addSuggestion(values, example, PLAN_LIMITS.entries)
        return (
          <Button
            key={example}
            type="button"
            variant="outline"
            size="sm"
            className="h-8 rounded-full px-3 text-xs font-normal"
            aria-label={text.addExample(example)}
            disabled={next === null}
            onClick={() => next && onAdd(next)}
          >
            <Plus aria-hidden="true" className="size-3" />
            {example}
          </Button>
        )
      })}
    </div>
  )
}
