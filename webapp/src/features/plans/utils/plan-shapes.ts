import { copingSectionOrder, LIFELINE_988, safetySectionOrder } from '../content'
import type { CopingTextSectionKey, PlanContact, SafetyTextSectionKey } from '../types'
import type { PlanSections, PlanShape } from './plan-form'

/** The 988 line the server puts in an empty professionals list: shown fixed, never one of the person's entries. */
export function isLifeline988(contact: PlanContact): boolean {
  return contact.name.trim() === LIFELINE_988.name && contact.phone.replace(/\D/g, '') === '988'
}

export const safetyPlanShape: PlanShape<SafetyTextSectionKey, 'professionals'> = {
  textKeys: safetySectionOrder.filter((key): key is SafetyTextSectionKey => key !== 'professionals'),
  contactsKey: 'professionals',
  isFixedContact: isLifeline988,
}
export type SafetyPlanFormValues = PlanSections<SafetyTextSectionKey, 'professionals'>

export const copingPlanShape: PlanShape<CopingTextSectionKey, 'peopleToCall'> = {
  textKeys: copingSectionOrder.filter((key): key is CopingTextSectionKey => key !== 'peopleToCall'),
  contactsKey: 'peopleToCall',
}
export type CopingPlanFormValues = PlanSections<CopingTextSectionKey, 'peopleToCall'>
