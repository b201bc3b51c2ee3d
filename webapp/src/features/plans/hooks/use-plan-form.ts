import * as React from 'react'

import type { PlanContact } from '../types'
import { formToInput, planToForm, sameInput, validatePlanForm, type PlanSections, type PlanShape } from '../utils/plan-form'
import { useUnsavedChangesPrompt } from './use-unsaved-changes-prompt'

/**
 * The state both plan editors keep: the rows, the errors under contacts and
 * sections, whether anything is unsaved (and the prompt on leaving while it
 * is). The saved plan is the baseline: after a save the server's answer
 * becomes the new one, so "unsaved" clears.
 */
export function usePlanForm<T extends string, C extends string>(
  shape: PlanShape<T, C>,
  plan: PlanSections<T, C>,
  nameRequired: string,
) {
  const initial = React.useMemo(() => planToForm(shape, plan), [shape, plan])
  const [values, setValues] = React.useState(initial)
  const [contactErrors, setContactErrors] = React.useState<Record<number, string>>({})
  const [sectionErrors, setSectionErrors] = React.useState<Record<string, string>>({})
  const formRef = React.useRef<HTMLFormElement>(null)
  const dirty = !sameInput(shape, values, initial)
  useUnsavedChangesPrompt(dirty)

  const setText = (key: T, next: string[]) => setValues((prev) => ({ ...prev, [key]: next }))
  const setContacts = (next: PlanContact[]) => {
    setValues((prev) => ({ ...prev, [shape.contactsKey]: next }))
    setContactErrors({})
  }

  /**
   * Clears the server's messages and checks the contacts: the PUT body, or
   * null when a number has no name (the message goes under it and its name
   * input takes the focus).
   */
  const checkedInput = (): PlanSections<T, C> | null => {
    const found = validatePlanForm(shape, values, nameRequired)
    setContactErrors(found)
    setSectionErrors({})
    const first = Object.keys(found)[0]
    if (first === undefined) return formToInput(shape, values)
    formRef.current?.querySelector<HTMLInputElement>(`[data-contact-name="${first}"]`)?.focus()
    return null
  }

  return { values, dirty, formRef, setText, setContacts, contactErrors, sectionErrors, setSectionErrors, checkedInput }
}
