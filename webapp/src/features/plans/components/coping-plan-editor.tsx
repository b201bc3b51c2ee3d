import { Plus, Printer } from 'lucide-react'
import * as React from 'react'

import { Button } from '@/components/ui/button'
import { toast } from '@/hooks/use-toast'
import { isUnauthorizedError, readApiError } from '@/lib/api-client'

import { useSavePlan } from '../api/save-plan'
import {
  copingPlanText as text,
  copingPlanToasts,
  copingSectionOrder,
  copingTextSections,
  peopleSection,
  PLAN_LIMITS,
} from '../content'
import { usePlanForm } from '../hooks/use-plan-form'
import type { CopingPlan, CopingTextSectionKey, PlanContact } from '../types'
import { addSuggestion, formToInput } from '../utils/plan-form'
import { copingPlanShape } from '../utils/plan-shapes'
import { CopingPlanPrint } from './coping-plan-print'
import { PlanContactsStep, PlanTextStep } from './plan-form-steps'
import { PlanSaveBar } from './plan-save-bar'

export type CopingPlanEditorProps = {
  plan: CopingPlan
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/**
 * The plan's five sections as editable lists, with ideas to add in one tap,
 * a Save that replaces the whole plan, and a Print of what is on screen.
 */
export function CopingPlanEditor({ plan }: CopingPlanEditorProps) {
  const form = usePlanForm(copingPlanShape, plan, text.personNameRequired)
  const { values, dirty, formRef, contactErrors, sectionErrors, setSectionErrors, checkedInput } = form
  const [formError, setFormError] = React.useState<string | null>(null)
  const save = useSavePlan('coping-plan')
  const errorIdBase = React.useId()

  const clearSectionError = (key: string) => {
    setFormError(null)
    setSectionErrors((prev) => {
      if (!(key in prev)) return prev
      const next = { ...prev }
      delete next[key]
      return next
    })
  }
  const setText = (key: CopingTextSectionKey, next: string[]) => {
    form.setText(key, next)
    clearSectionError(key)
  }
  const setPeople = (next: PlanContact[]) => {
    form.setContacts(next)
    clearSectionError('peopleToCall')
  }

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault()
    if (save.isPending) return
    setFormError(null)
    const input = checkedInput()
    if (!input) return
    save.mutate(input, {
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
          const firstKey = copingSectionOrder.find((key) => key in fields)
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
        {copingSectionOrder.map((key) => (
          <div key={key} data-section={key}>
            {key === 'peopleToCall' ? (
              <PlanContactsStep
                meta={peopleSection}
                nameLabel={text.personName}
                phoneLabel={text.personPhone}
                values={values.peopleToCall}
                contactErrors={contactErrors}
                onChange={setPeople}
                error={sectionErrors[key]}
                errorId={errorId(key)}
              />
            ) : (
              <PlanTextStep
                meta={copingTextSections[key]}
                values={values[key]}
                onChange={(next) => setText(key, next)}
                reorderable
                error={sectionErrors[key]}
                errorId={errorId(key)}
              >
                <Suggestions
                  examples={copingTextSections[key].examples}
                  values={values[key]}
                  onAdd={(next) => setText(key, next)}
                />
              </PlanTextStep>
            )}
          </div>
        ))}

        {formError && (
          <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm font-medium text-destructive dark:text-red-300">
            {formError}
          </p>
        )}

        <PlanSaveBar
          status={dirty ? text.unsaved : plan.updatedAt ? text.allSaved : ''}
          statusTestId="coping-plan-dirty"
          saving={save.isPending}
          saveLabel={text.save}
          savingLabel={text.saving}
        />
      </form>
      <CopingPlanPrint plan={formToInput(copingPlanShape, values)} />
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
