import type { PlanContact } from '../types'

/*
 * What the two plan editors share: each plan is some sections that are lists
 * of text and one section of names with numbers. The form shows every section
 * with at least one row to type into; the PUT body has entries trimmed and
 * blank ones dropped, as the server stores them.
 */

/** A plan's shape: its text sections, its contacts section, and any contact the form never shows or sends. */
export type PlanShape<T extends string, C extends string> = {
  textKeys: readonly T[]
  contactsKey: C
  /** A contact the server adds itself (the 988 line): never one of the person's own entries. */
  isFixedContact?: (contact: PlanContact) => boolean
}

/** A plan's sections (the form's rows, or the PUT body). */
export type PlanSections<T extends string, C extends string> = Record<T, string[]> & Record<C, PlanContact[]>

/** The contacts the person added themselves. */
export function ownContacts<C extends string>(shape: PlanShape<string, C>, plan: Record<C, PlanContact[]>): PlanContact[] {
  const fixed = shape.isFixedContact
  return fixed ? plan[shape.contactsKey].filter((c) => !fixed(c)) : plan[shape.contactsKey]
}

/** The plan as form values: every section with at least one row to type into. */
export function planToForm<T extends string, C extends string>(
  shape: PlanShape<T, C>,
  plan: PlanSections<T, C>,
): PlanSections<T, C> {
  const values: Record<string, unknown> = {}
  for (const key of shape.textKeys) values[key] = plan[key].length > 0 ? [...plan[key]] : ['']
  const own = ownContacts(shape, plan)
  values[shape.contactsKey] = own.length > 0 ? own.map((c) => ({ ...c })) : [{ name: '', phone: '' }]
  return values as PlanSections<T, C>
}

/** The PUT body: entries trimmed, blank ones dropped, fixed contacts left out (the server adds them back). */
export function formToInput<T extends string, C extends string>(
  shape: PlanShape<T, C>,
  values: PlanSections<T, C>,
): PlanSections<T, C> {
  const input: Record<string, unknown> = {}
  for (const key of shape.textKeys) input[key] = values[key].map((s) => s.trim()).filter((s) => s !== '')
  const fixed = shape.isFixedContact ?? (() => false)
  const contacts: Record<C, PlanContact[]> = values
  input[shape.contactsKey] = contacts[shape.contactsKey]
    .map((c) => ({ name: c.name.trim(), phone: c.phone.trim() }))
    .filter((c) => (c.name !== '' || c.phone !== '') && !fixed(c))
  return input as PlanSections<T, C>
}

/** A number without a name cannot be saved (docs/api.md): the message goes under that row, by index. */
export function validatePlanForm<C extends string>(
  shape: PlanShape<string, C>,
  values: Record<C, PlanContact[]>,
  message: string,
): Record<number, string> {
  const errors: Record<number, string> = {}
  values[shape.contactsKey].forEach((c, i) => {
    if (c.name.trim() === '' && c.phone.trim() !== '') errors[i] = message
  })
  return errors
}

/** True when the two sets of values would save the same plan. */
export function sameInput<T extends string, C extends string>(
  shape: PlanShape<T, C>,
  a: PlanSections<T, C>,
  b: PlanSections<T, C>,
): boolean {
  return JSON.stringify(formToInput(shape, a)) === JSON.stringify(formToInput(shape, b))
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
