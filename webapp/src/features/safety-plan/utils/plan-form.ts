import { LIFELINE_988, sectionOrder } from '../content'
import type { PlanContact, SafetyPlan, SafetyPlanInput, TextSectionKey } from '../types'

export type PlanFormValues = Record<TextSectionKey, string[]> & { professionals: PlanContact[] }

export const textSectionKeys = sectionOrder.filter((key): key is TextSectionKey => key !== 'professionals')

/** The 988 line the server puts in an empty professionals list: shown fixed, never one of the person's entries. */
export function isLifeline988(contact: PlanContact): boolean {
  return contact.name.trim() === LIFELINE_988.name && contact.phone.replace(/\D/g, '') === '988'
}

/** The professionals the person added themselves. */
export function ownProfessionals(plan: Pick<SafetyPlan, 'professionals'>): PlanContact[] {
  return plan.professionals.filter((c) => !isLifeline988(c))
}

/** The plan as form values: every section with at least one row to type into. */
export function planToForm(plan: SafetyPlan): PlanFormValues {
  const values = {} as PlanFormValues
  for (const key of textSectionKeys) values[key] = plan[key].length > 0 ? [...plan[key]] : ['']
  const own = ownProfessionals(plan)
  values.professionals = own.length > 0 ? own.map((c) => ({ ...c })) : [{ name: '', phone: '' }]
  return values
}

/**
 * The PUT body: entries trimmed, blank ones dropped, and the 988 line left
 * out (the server adds it back to an empty list), so it is never stored as
 * the person's own entry.
 */
export function formToInput(values: PlanFormValues): SafetyPlanInput {
  const input = {} as SafetyPlanInput
  for (const key of textSectionKeys) input[key] = values[key].map((s) => s.trim()).filter((s) => s !== '')
  input.professionals = values.professionals
    .map((c) => ({ name: c.name.trim(), phone: c.phone.trim() }))
    .filter((c) => (c.name !== '' || c.phone !== '') && !isLifeline988(c))
  return input
}

/** A number without a name cannot be saved (docs/api.md): the message goes under that row, by index. */
export function validatePlanForm(values: PlanFormValues, message: string): Record<number, string> {
  const errors: Record<number, string> = {}
  values.professionals.forEach((c, i) => {
    if (c.name.trim() === '' && c.phone.trim() !== '') errors[i] = message
  })
  return errors
}

/** True when the two sets of values would save the same plan. */
export function sameInput(a: PlanFormValues, b: PlanFormValues): boolean {
  return JSON.stringify(formToInput(a)) === JSON.stringify(formToInput(b))
}
