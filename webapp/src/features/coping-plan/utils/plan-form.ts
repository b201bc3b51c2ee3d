import { sectionOrder } from '../content'
import type { CopingPlan, CopingPlanInput, PlanContact, TextSectionKey } from '../types'

export type PlanFormValues = Record<TextSectionKey, string[]> & { peopleToCall: PlanContact[] }

export const textSectionKeys = sectionOrder.filter((key): key is TextSectionKey => key !== 'peopleToCall')

/** The plan as form values: every section with at least one row to type into. */
export function planToForm(plan: CopingPlan): PlanFormValues {
  const values = {} as PlanFormValues
  for (const key of textSectionKeys) values[key] = plan[key].length > 0 ? [...plan[key]] : ['']
  values.peopleToCall =
    plan.peopleToCall.length > 0 ? plan.peopleToCall.map((c) => ({ ...c })) : [{ name: '', phone: '' }]
  return values
}

/** The PUT body, as the server would store it: entries trimmed, blank ones dropped. */
export function formToInput(values: PlanFormValues): CopingPlanInput {
  const input = {} as CopingPlanInput
  for (const key of textSectionKeys) input[key] = values[key].map((s) => s.trim()).filter((s) => s !== '')
  input.peopleToCall = values.peopleToCall
    .map((c) => ({ name: c.name.trim(), phone: c.phone.trim() }))
    .filter((c) => c.name !== '' || c.phone !== '')
  return input
}

/** A number without a name cannot be saved (docs/api.md): the message goes under that row, by index. */
export function validatePlanForm(values: PlanFormValues, message: string): Record<number, string> {
  const errors: Record<number, string> = {}
  values.peopleToCall.forEach((c, i) => {
    if (c.name.trim() === '' && c.phone.trim() !== '') errors[i] = message
  })
  return errors
}

/** True when the two sets of values would save the same plan. */
export function sameInput(a: PlanFormValues, b: PlanFormValues): boolean {
  return JSON.stringify(formToInput(a)) === JSON.stringify(formToInput(b))
}

/**
 * Adds a suggested entry: into the first empty row, else as a new row. Null
 * when it is already in the list (any case) or the list is full.
 */
export function addSuggestion(list: string[], suggestion: string, max: number): string[] | null {
  if (list.some((v) => v.trim().toLowerCase() === suggestion.toLowerCase())) return null
  const empty = list.findIndex((v) => v.trim() === '')
  if (empty >= 0) return list.map((v, i) => (i === empty ? suggestion : v))
  return list.length < max ? [...list, suggestion] : null
}
