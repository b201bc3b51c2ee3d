import { contactDialogText } from '../content'
import type { CrisisContact, CrisisContactInput } from '../types'

export type ContactFormValues = CrisisContactInput
export type ContactFormErrors = Partial<Record<keyof ContactFormValues, string>>

/** docs/spec.md §3: isEmergency defaults to false in the form. */
export const emptyContactForm: ContactFormValues = { name: '', phone: '', relationship: '', isEmergency: false }

export function contactToForm(contact: CrisisContact): ContactFormValues {
  return {
    name: contact.name,
    phone: contact.phone,
    relationship: contact.relationship,
    isEmergency: contact.isEmergency,
  }
}

/** docs/spec.md §5: name and phone are required (after trimming); no phone format check. */
export function validateContactForm(values: ContactFormValues): ContactFormErrors {
  const errors: ContactFormErrors = {}
  if (values.name.trim() === '') errors.name = contactDialogText.nameRequired
  if (values.phone.trim() === '') errors.phone = contactDialogText.phoneRequired
  return errors
}

/** The request body: trimmed text, exactly docs/spec.md §7's four fields. */
export function toContactInput(values: ContactFormValues): CrisisContactInput {
  return {
    name: values.name.trim(),
    phone: values.phone.trim(),
    relationship: values.relationship,
    isEmergency: values.isEmergency,
  }
}
