import type { CopingTextSectionKey, PlanContact, SafetyTextSectionKey } from './types'

/*
 * Every text of the two plans, in one place for the components and their
 * tests: the crisis page's Safety Plan (the steps of the Stanley-Brown Safety
 * Planning Intervention, in its order) and Learn & Grow's Coping Plan Builder.
 */

/** docs/api.md limits of both plans, enforced by the server too. */
export const PLAN_LIMITS = {
  entries: 25,
  entryLength: 500,
  nameLength: 100,
  phoneLength: 40,
} as const

export type SectionMeta = {
  step: number
  title: string
  hint: string
  /** "Add a …", "Remove … N", and the inputs' names. */
  item: string
  placeholder: string
}

// The Safety Plan.

export const safetyPlanText = {
  pageTitle: 'Safety Plan · Lifeline',
  title: 'My Safety Plan',
  description:
    'Your own steps for getting through a crisis, in order. Work down the list until you feel safe: if one step does not help, move to the next.',
  back: 'Back to Crisis Resources',
  edit: 'Edit plan',
  print: 'Print',
  save: 'Save Safety Plan',
  saving: 'Saving...',
  cancel: 'Cancel',
  lastSaved: (when: string) => `Last saved ${when}`,
  neverSaved: 'Not saved yet. Fill in what you can now; you can come back to it any time.',
  emptySection: 'Nothing added yet.',
  loading: 'Loading your safety plan',
  loadFailed: "We couldn't load your safety plan just now. If you need help right now, call or text 988.",
  retry: 'Try again',
  offlineCopy: (when: string) => `You're offline. This is the copy of your plan this device saved ${when}.`,
  offlineNoCopy:
    "You're offline, and this device has no saved copy of your safety plan yet: it saves one each time you open the plan online. The crisis numbers still work.",
  remove: (what: string, n: number) => `Remove ${what} ${n}`,
  professionalName: 'Name or service',
  professionalPhone: 'Phone',
  professionalNameRequired: 'Add a name for this number',
  lifelineFixed: 'Always on your plan',
  unsaved: 'You have unsaved changes.',
  signInTitle: 'Your safety plan',
  signInPrompt: 'Sign in to make a safety plan and keep it with your account.',
  signIn: 'Sign In',
  emergencyLine: 'In an emergency, call 911. For crisis support, call or text 988 any time.',
  printedFrom: 'Made with Lifeline',
} as const

export const safetyPlanToasts = {
  saved: { title: 'Safety plan saved', description: 'Your safety plan has been saved to your account.' },
  saveFailed: { title: 'Error', description: "Couldn't save your safety plan. Please try again." },
} as const

export const safetyTextSections: Record<SafetyTextSectionKey, SectionMeta> = {
  warningSigns: {
    step: 1,
    title: 'Warning signs',
    hint: 'Thoughts, images, moods, situations or behaviours that tell me a crisis may be starting.',
    item: 'warning sign',
    placeholder: 'e.g. Not sleeping, pulling away from friends',
  },
  copingStrategies: {
    step: 2,
    title: 'Internal coping strategies',
    hint: 'Things I can do on my own to take my mind off my problems, without contacting anyone.',
    item: 'coping strategy',
    placeholder: 'e.g. 4-7-8 breathing, a walk around the block',
  },
  distractionPeoplePlaces: {
    step: 3,
    title: 'People and places that take my mind off things',
    hint: 'People and social settings that help me think about something else.',
    item: 'person or place',
    placeholder: 'e.g. My cousin Sam, the library, the coffee shop on 5th',
  },
  helpPeople: {
    step: 4,
    title: 'People I can ask for help',
    hint: "People I can reach out to and tell that I'm struggling, with their numbers.",
    item: 'person to ask',
    placeholder: 'e.g. Maria, my sponsor, 555-0134',
  },
  environmentSafety: {
    step: 6,
    title: 'Making my environment safer',
    hint: 'Ways to keep myself safe: removing or locking away things I could use to hurt myself, alcohol or drugs.',
    item: 'safety step',
    placeholder: 'e.g. Ask my brother to keep my medications',
  },
  reasonsForLiving: {
    step: 7,
    title: 'My reasons for living',
    hint: 'The things that matter most to me and are worth living for.',
    item: 'reason',
    placeholder: 'e.g. My daughter, seeing the ocean again',
  },
}

export const professionalsSection: SectionMeta = {
  step: 5,
  title: 'Professionals and agencies I can contact',
  hint: 'My therapist, doctor, a local crisis service or an urgent care centre, with their numbers.',
  item: 'professional or agency',
  placeholder: 'e.g. Dr. Patel',
}

/** The order the safety plan is read in. */
export const safetySectionOrder = [
  'warningSigns',
  'copingStrategies',
  'distractionPeoplePlaces',
  'helpPeople',
  'professionals',
  'environmentSafety',
  'reasonsForLiving',
] as const

/**
 * The 988 line every plan shows in step 5. The server adds it to an empty
 * professionals list; the screen shows it as a fixed row and never saves it
 * as one of the person's own entries.
 */
export const LIFELINE_988: PlanContact = { name: '988 Suicide & Crisis Lifeline', phone: '988' }


// The Coping Plan Builder.

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

export type CopingSectionMeta = SectionMeta & {
  /** Ideas to add with one tap. */
  examples: readonly string[]
}

export const copingTextSections: Record<CopingTextSectionKey, CopingSectionMeta> = {
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

export const peopleSection: CopingSectionMeta = {
  step: 4,
  title: 'People I can call',
  hint: 'My sponsor, a friend, family or a counsellor who knows about my recovery, with their numbers.',
  item: 'person to call',
  placeholder: 'e.g. Sam, my sponsor',
  examples: [],
}

/** The order the coping plan is read in. */
export const copingSectionOrder = ['warningSigns', 'triggersToAvoid', 'copingActions', 'peopleToCall', 'safePlaces'] as const

