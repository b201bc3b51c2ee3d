/** A person or service in the plan, with the number to call. */
export type PlanContact = { name: string; phone: string }

/** The Stanley-Brown safety plan as the server returns it (docs/api.md "Safety plan"). */
export type SafetyPlan = {
  warningSigns: string[]
  copingStrategies: string[]
  distractionPeoplePlaces: string[]
  helpPeople: string[]
  professionals: PlanContact[]
  environmentSafety: string[]
  reasonsForLiving: string[]
  /** When it was last saved; null while it never was. */
  updatedAt: string | null
}

export type SafetyPlanInput = Omit<SafetyPlan, 'updatedAt'>

/** The sections that are lists of text (every one but the professionals). */
export type TextSectionKey = Exclude<keyof SafetyPlanInput, 'professionals'>
