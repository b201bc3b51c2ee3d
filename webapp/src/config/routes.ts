/**
 * docs/spec.md §2 route table plus the account screens of issue 3: the one place
 * that knows the app's paths.
 *
 * `access` says who may see a screen:
 *   - `public`: everyone (the crisis page; `/` is the landing page when signed out);
 *   - `guest`: signed-out visitors (sign in, register); signed-in people are sent on;
 *   - `protected`: signed-in people only. A signed-out visit, once the session
 *     has loaded, shows the Unauthorized toast and goes to the login page.
 * The router (src/app/router.tsx) renders only the screens it has a component
 * for; later issues add screens by giving these paths components.
 */
export type RouteAccess = 'public' | 'guest' | 'protected'

export type AppRoute = {
  path: string
  label: string
  access: RouteAccess
}

export const routes = {
  home: { path: '/', label: 'Dashboard', access: 'public' },
  login: { path: '/login', label: 'Sign in', access: 'guest' },
  register: { path: '/register', label: 'Create account', access: 'guest' },
  // A forgotten password: ask for a link by email, then open it (/reset-password#token=…, the same page signed in or not).
  forgotPassword: { path: '/forgot-password', label: 'Forgot password', access: 'guest' },
  resetPassword: { path: '/reset-password', label: 'Choose a new password', access: 'public' },
  checkin: { path: '/checkin', label: 'Daily Check-in', access: 'protected' },
  checkins: { path: '/checkins', label: 'Check-in history', access: 'protected' },
  symptoms: { path: '/symptoms', label: 'Symptom Log', access: 'protected' },
  // Validated questionnaires (issue 31): the list, /measures/:id to take one, /measures/:id/history.
  measures: { path: '/measures', label: 'Questionnaires', access: 'protected' },
  education: { path: '/education', label: 'Learn & Grow', access: 'protected' },
  // One Learn & Grow article, by numeric id or slug.
  educationArticle: { path: '/education/:id', label: 'Article', access: 'protected' },
  // Learn & Grow's Coping Plan Builder (its "Interactive Tools" card links here).
  copingPlan: { path: '/education/tools/coping-plan', label: 'Coping Plan Builder', access: 'protected' },
  blog: { path: '/blog', label: 'Blog', access: 'protected' },
  statistics: { path: '/statistics', label: 'Statistics', access: 'protected' },
  chatbot: { path: '/chatbot', label: 'AI Chatbot', access: 'protected' },
  gps: { path: '/gps', label: 'GPS Tracking', access: 'protected' },
  crisis: { path: '/crisis', label: 'Crisis Resources', access: 'public' },
  // A share link's public page (/share#token=…), outside the signed-in layout.
  share: { path: '/share', label: 'Shared location', access: 'public' },
  // An email address's confirmation link (/confirm-channel#token=…), the same page signed in or not.
  confirmChannel: { path: '/confirm-channel', label: 'Confirm an email address', access: 'public' },
  // A weekly digest email's unsubscribe link (/digest/unsubscribe#token=…), the same page signed in or not.
  digestUnsubscribe: { path: '/digest/unsubscribe', label: 'Weekly summary', access: 'public' },
  // The crisis page's Safety Plan: signed out, a sign-in prompt (not a redirect away from the hotlines).
  safetyPlan: { path: '/crisis/safety-plan', label: 'Safety Plan', access: 'public' },
  settings: { path: '/settings', label: 'Settings', access: 'protected' },
  // The questionnaires as a FHIR file and a printable one-page summary for the person's clinician.
  clinician: { path: '/clinician', label: 'My data for my clinician', access: 'protected' },
  // The care circle: the wearer's supporters, the supporter's people, and accepting an invitation.
  careCircle: { path: '/care-circle', label: 'Care circle', access: 'protected' },
  supporting: { path: '/supporting', label: 'People I support', access: 'protected' },
  // For people who support many: everyone in one list, whoever needs them most first.
  caseload: { path: '/caseload', label: 'Caseload', access: 'protected' },
  // Signed out, it keeps the invitation's token in the tab and offers sign-in (coming back here).
  careAccept: { path: '/care/accept', label: 'Accept an invitation', access: 'public' },
  // An alert email's one-tap "I'm on it" (/claim#token=…), the same page signed in or not.
  claimLink: { path: '/claim', label: "I'm on it", access: 'public' },
} as const satisfies Record<string, AppRoute>

export type RouteName = keyof typeof routes

const protectedPaths: readonly string[] = Object.values(routes)
  .filter((route) => route.access === 'protected')
  .map((route) => route.path)

/** True for a protected screen's path or any path below it (`/gps`, `/gps/zones/3`). */
export function isProtectedPath(pathname: string): boolean {
  return protectedPaths.some((path) => pathname === path || pathname.startsWith(`${path}/`))
}

/** Server endpoints reached by a full browser navigation, not the client router. */
export const serverPaths = {
  login: '/api/login',
  logout: '/api/logout',
  oidcStart: '/api/auth/oidc/start',
  accountExport: '/api/account/export',
} as const

/** `/api/login?next=...`: the server sends the browser on to the sign-in page, then back to `next`. */
export function loginUrl(next: string): string {
  return `${serverPaths.login}?next=${encodeURIComponent(next)}`
}

/**
 * In-page targets other screens link to. On the GPS page, `#pair-phone`
 * opens the pairing dialog on "Phone app" (the GPS feature links to it, the
 * devices feature answers it).
 */
export const pageAnchors = {
  pairPhone: 'pair-phone',
} as const
