/** Texts of the sign-in and public page frames. */
export const authLayoutText = {
  home: 'Lifeline home',
  crisis: 'Need help now?',
  skipLink: 'Skip to main content',
  footer: 'Lifeline is a support tool, not a replacement for professional care.',
} as const

export const publicLayoutText = {
  home: 'Lifeline home',
  signIn: 'Sign in',
  skipLink: 'Skip to main content',
} as const
