/**
 * Every text of the crisis page (docs/spec.md §2 "Crisis page", §5 and §8), in one
 * place for the components and their tests. Exact docs/spec.md strings are marked;
 * the rest is ours. Hotlines, coping strategies and treatment centres are
 * fixed lists in the bundle (docs/spec.md §3): they never wait for the API.
 */
export const crisisText = {
  pageTitle: 'Crisis Resources · Lifeline',
  // docs/spec.md, exact.
  emergency: "If you're experiencing a medical emergency, call 911 immediately.",
  title: 'Need Help Right Now?',
  offline: "You're offline — these numbers still work. Calls and texts use your phone's network, not the internet.",
  description: "You don't have to face this alone. These lines are free, confidential and open day and night.",
  hotlinesTitle: 'Crisis Hotlines',
  contactsTitle: 'Personal Contacts',
  signInPrompt: 'Sign in to add personal emergency contacts',
  signIn: 'Sign In',
} as const

export type Hotline = {
  name: string
  description: string
  /** What is shown: a number, or the text instruction. */
  display: string
  /** A tel: link with the digits only, or an sms: link with the message filled in (issue 17). */
  href: string
}

export const hotlines: readonly Hotline[] = [
  {
    name: '988 Suicide & Crisis Lifeline',
    description: '24/7 crisis support',
    display: '988',
    href: 'tel:988',
  },
  {
    name: 'SAMHSA National Helpline',
    description: 'Treatment referral and information, 24/7',
    display: '1-800-662-4357',
    href: 'tel:18006624357',
  },
  {
    name: 'Crisis Text Line',
    description: '24/7 support by text message',
    display: 'Text HOME to 741741',
    // `?&body=` is the form both Android and iOS read.
    href: 'sms:741741?&body=HOME',
  },
]

/** docs/spec.md §3 contact relationships, in order (id: label). */
export const relationshipOptions = [
  { id: 'therapist', label: 'Therapist' },
  { id: 'sponsor', label: 'Sponsor' },
  { id: 'family', label: 'Family' },
  { id: 'friend', label: 'Friend' },
  { id: 'doctor', label: 'Doctor' },
  { id: 'other', label: 'Other' },
] as const

export type RelationshipId = (typeof relationshipOptions)[number]['id']

const relationshipLabels: Record<string, string> = Object.fromEntries(relationshipOptions.map((o) => [o.id, o.label]))

/** The label of a relationship id; empty stays empty, an unknown id is shown as it is. */
export function relationshipLabel(id: string): string {
  return relationshipLabels[id] ?? id
}

/** docs/api.md: limits the server enforces too. */
export const CONTACT_NAME_MAX = 100
export const CONTACT_PHONE_MAX = 40

export const contactsText = {
  description: 'People you trust, one tap away.',
  add: 'Add Contact',
  // docs/spec.md, exact.
  empty: 'No personal contacts added yet.',
  emptyHint: 'Add a sponsor, a friend or someone in your family, so their number is here when you need it.',
  loading: 'Loading your contacts',
  loadFailed: "We couldn't load your contacts just now. The hotlines above always work.",
  retry: 'Try again',
  emergency: 'Emergency',
  call: (name: string) => `Call ${name}`,
  edit: (name: string) => `Edit ${name}`,
  remove: (name: string) => `Delete ${name}`,
  confirmTitle: (name: string) => `Remove ${name}?`,
  confirmBody: 'They will no longer be listed on your crisis page. You can add them again at any time.',
  confirmKeep: 'Keep',
  confirmRemove: 'Remove',
} as const

/** "My sponsor", wherever the app offers to call them (lifeline.Sponsor decides who). */
export const sponsorText = {
  call: (name: string) => `Call ${name}, my sponsor`,
  add: 'Add my sponsor',
} as const

export const contactDialogText = {
  // docs/spec.md, exact.
  addTitle: 'Add Emergency Contact',
  editTitle: 'Edit Emergency Contact',
  description: 'Someone you can reach when you need support.',
  name: 'Name',
  phone: 'Phone Number',
  relationship: 'Relationship',
  relationshipPlaceholder: 'Select relationship',
  emergency: 'Emergency contact',
  emergencyHint: 'Emergency contacts are listed first.',
  cancel: 'Cancel',
  save: 'Save Contact',
  // docs/spec.md, exact.
  saving: 'Saving...',
  nameRequired: 'Name is required',
  phoneRequired: 'Phone number is required',
} as const

/** docs/spec.md §8, exact (the failures' titles are not given there; ours is "Error", like the other failures). */
export const contactToasts = {
  added: { title: 'Contact added!', description: 'Emergency contact has been saved successfully.' },
  removed: { title: 'Contact removed', description: 'Emergency contact has been deleted.' },
  updated: { title: 'Contact updated', description: 'Emergency contact has been updated.' },
  addFailed: { title: 'Error', description: 'Failed to add contact. Please try again.' },
  deleteFailed: { title: 'Error', description: 'Failed to delete contact. Please try again.' },
  updateFailed: { title: 'Error', description: 'Failed to update contact. Please try again.' },
} as const

export type TreatmentCenter = {
  name: string
  address: string
  phone: string
  services: readonly string[]
  distance: string
}

/**
 * docs/spec.md: a static list of two sample centres. They are examples (fictional
 * 555-01xx numbers), and the page says so and points to the national locator.
 */
export const treatmentCenters: readonly TreatmentCenter[] = [
  {
    name: 'Hope Recovery Center',
    address: '123 Main Street, Springfield, IL 62701',
    phone: '(217) 555-0142',
    services: ['Detox', 'Inpatient', 'Outpatient'],
    distance: '2.3 miles',
  },
  {
    name: 'New Beginnings Treatment',
    address: '456 Oak Avenue, Springfield, IL 62702',
    phone: '(217) 555-0187',
    services: ['Outpatient', 'Counseling', 'Support groups'],
    distance: '4.1 miles',
  },
]

export const centersText = {
  title: 'Local Treatment Centers',
  description: 'Sample listings show what to look for. Use the national locator to find real services near you.',
  directions: 'Directions',
  directionsLabel: (name: string) => `Directions to ${name} (opens in a new tab)`,
  findMore: 'Find more treatment centers near me',
  findMoreHint: '(opens FindTreatment.gov, the national locator, in a new tab)',
  findMoreUrl: 'https://findtreatment.gov',
} as const

/** A maps site's directions to an address (opened in a new tab). */
export function directionsUrl(address: string): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address)}`
}
