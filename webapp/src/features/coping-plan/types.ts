/** A person to call, with their number. */
export type PlanContact = { name: string; phone: string }

/** Learn & Grow's coping plan as the server returns it (docs/api.md "Coping plan"). */
export type CopingPlan = {
  warningSigns: string[]
  triggersToAvoid: string[]
  copingActions: string[]
  peopleToCall: PlanContact[]
  safePlaces: string[]
  /** When it was last saved; null while it never was. */
  updatedAt: string | null
}

export type CopingPlanInput = Omit<CopingPlan, 'updatedAt'>

/** The sections that are lists of text (every one but the people to call). */
export type TextSectionKey = Exclude<keyof CopingPlanInput, 'peopleToCall'>
