/**
 * SPEC.md §2 route table: the one place that knows the app's paths.
 *
 * `access` says who may see a screen: `public` paths are shown to everyone,
 * `protected` ones only when signed in. The router (src/app/router.tsx)
 * renders only the screens it has a component for; every other path is the
 * not-found page. Later issues add screens by giving these paths components.
 */
export type RouteAccess = 'public' | 'protected'

export type AppRoute = {
  path: string
  label: string
  access: RouteAccess
}

export const routes = {
  home: { path: '/', label: 'Dashboard', access: 'public' },
  checkin: { path: '/checkin', label: 'Daily Check-in', access: 'protected' },
  checkins: { path: '/checkins', label: 'Check-ins', access: 'protected' },
  symptoms: { path: '/symptoms', label: 'Symptom Log', access: 'protected' },
  education: { path: '/education', label: 'Learn & Grow', access: 'protected' },
  blog: { path: '/blog', label: 'Blog', access: 'protected' },
  statistics: { path: '/statistics', label: 'Statistics', access: 'protected' },
  chatbot: { path: '/chatbot', label: 'AI Chatbot', access: 'protected' },
  gps: { path: '/gps', label: 'GPS Tracking', access: 'protected' },
  crisis: { path: '/crisis', label: 'Crisis Resources', access: 'public' },
} as const satisfies Record<string, AppRoute>

export type RouteName = keyof typeof routes

/** Server endpoints reached by a full browser navigation, not the client router. */
export const serverPaths = {
  login: '/api/login',
  logout: '/api/logout',
} as const
