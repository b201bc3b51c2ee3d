/**
 * SPEC.md §2 "Crisis page", the parts shown before the full crisis screen is
 * built: the emergency banner, the heading and the three fixed hotlines.
 */
export const crisisText = {
  pageTitle: 'Crisis Resources · Lifeline',
  emergency: "If you're experiencing a medical emergency, call 911 immediately.",
  title: 'Need Help Right Now?',
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
  /** A tel: link with the digits only; none for the text line. */
  href: string | null
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
    href: null,
  },
]
