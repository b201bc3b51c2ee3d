import type { TextSectionKey } from './types'

/** Every text of the Coping Plan Builder, in one place for the components and their tests. */
export const copingPlanText = {
  pageTitle: 'Coping Plan Builder · Lifeline',
  title: 'My Coping Plan',
  description:
    'Plan ahead for hard moments: notice the early signs, know what to steer clear of, and have your next steps ready before you need them.',
  back: 'Back to Learn & Grow',
  print: 'Print',
  save: 'Save Coping Plan',
  saving: 'Saving...',
  lastSaved: (when: string) => `Last saved ${when}`,
  neverSaved: 'Not saved yet. Fill in what you can now; you can come back to it any time.',
  unsaved: 'You have unsaved changes.',
  allSaved: 'All changes saved.',
  examples: 'Ideas:',
  addExample: (example: string) => `Add “${example}”`,
  loading: 'Loading your coping plan',
  loadFailed: "We couldn't load your coping plan just now. Please try again.",
  retry: 'Try again',
  personName: 'Name',
  personPhone: 'Phone',
  personNameRequired: 'Add a name for this number',
  crisisLine: 'In a crisis, call or text 988 any time. In an emergency, call 911.',
  printedFrom: 'Made with Lifeline',
  printedOn: (when: string) => `Printed ${when}`,
} as const

export const copingPlanToasts = {
  saved: { title: 'Coping plan saved', description: 'Your coping plan has been saved to your account.' },
  saveFailed: { title: 'Error', description: "Couldn't save your coping plan. Please try again." },
  invalid: { title: 'Please check your plan', description: 'Some entries need a change before the plan can be saved.' },
} as const

export type SectionMeta = {
  step: number
  title: string
  hint: string
  /** "Add a …", "Remove … N", and the inputs' names. */
  item: string
  placeholder: string
  /** Ideas to add with one tap. */
  examples: readonly string[]
}

export const textSections: Record<TextSectionKey, SectionMeta> = {
  warningSigns: {
    step: 1,
    title: 'My warning signs',
    hint: 'The thoughts, feelings and habits that tell me I am starting to struggle.',
    item: 'warning sign',
    placeholder: 'e.g. Skipping meals, snapping at people',
    examples: ['Sleeping badly', 'Isolating myself', 'Romanticising past use', 'Skipping meetings'],
  },
  triggersToAvoid: {
    step: 2,
    title: 'Triggers to avoid',
    hint: 'People, places, times and feelings that make cravings stronger, and how I will steer clear of them.',
    item: 'trigger',
    placeholder: 'e.g. Driving past my old bar on the way home',
    examples: ['Being hungry, angry, lonely or tired', 'Payday evenings', 'Parties where people use', 'Arguments at home'],
  },
  copingActions: {
    step: 3,
    title: 'What I will do instead',
    hint: 'Things that help me ride out a craving or a hard feeling, in the order I will try them.',
    item: 'coping action',
    placeholder: 'e.g. 4-7-8 breathing, then a walk around the block',
    examples: ['4-7-8 breathing', 'Go for a walk', 'Take a shower', 'Write in my journal', 'Wait 20 minutes and check in again'],
  },
  safePlaces: {
    step: 5,
    title: 'Safe places I can go',
    hint: 'Places where I feel calm and where alcohol and drugs are not around.',
    item: 'safe place',
    placeholder: 'e.g. The library, my sister’s house',
    examples: ['A meeting', 'The gym', 'A friend’s house', 'The park'],
  },
}

export const peopleSection: SectionMeta = {
  step: 4,
  title: 'People I can call',
  hint: 'My sponsor, a friend, family or a counsellor who knows about my recovery, with their numbers.',
  item: 'person to call',
  placeholder: 'e.g. Sam, my sponsor',
  examples: [],
}

/** The order the plan is read in. */
export const sectionOrder = ['warningSigns', 'triggersToAvoid', 'copingActions', 'peopleToCall', 'safePlaces'] as const

/** docs/api.md limits, enforced by the server too. */
export const PLAN_LIMITS = {
  entries: 25,
  entryLength: 500,
  nameLength: 100,
  phoneLength: 40,
} as const
