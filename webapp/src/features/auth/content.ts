/** Every text of the sign-in and registration screens, kept in one place for the screens and their tests. */
export const authText = {
  login: {
    pageTitle: 'Sign in · Lifeline',
    title: 'Welcome back',
    description: "It's good to see you. Sign in to continue your journey.",
    submit: 'Sign in',
    pending: 'Signing in...',
    switchPrompt: 'New to Lifeline?',
    switchLink: 'Create an account',
  },
  register: {
    pageTitle: 'Create your account · Lifeline',
    title: 'Create your account',
    description: 'A private space to check in, notice what helps and keep going, one day at a time.',
    submit: 'Create account',
    pending: 'Creating account...',
    switchPrompt: 'Already have an account?',
    switchLink: 'Sign in',
    timeZoneNote: (zone: string) =>
      `We'll use your device's time zone (${zone}) for your daily check-ins. You can change it later in Settings.`,
  },
  fields: {
    email: 'Email',
    password: 'Password',
    firstName: 'First name',
    lastName: 'Last name',
    optional: '(optional)',
    passwordHint: 'At least 10 characters. A short phrase you will remember works well.',
  },
  oidc: {
    signIn: (name: string) => `Sign in with ${name}`,
    divider: 'or',
  },
  unavailable: 'Signing in with an email and password is turned off on this server. Please ask whoever runs it for help.',
  errors: {
    emailRequired: 'Enter your email address.',
    emailInvalid: 'Enter a valid email address.',
    passwordRequired: 'Enter your password.',
    passwordTooShort: 'Use at least 10 characters.',
    firstNameRequired: 'First name is required.',
  },
} as const
