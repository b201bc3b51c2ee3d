import { loginUrl } from '@/config/routes'
import { toast, toasterMounted } from '@/hooks/use-toast'
import { browser } from '@/lib/browser'

/** docs/spec.md §4 and §8: what a signed-out person sees on a protected screen, and how long before leaving. */
export const unauthorizedToast = {
  title: 'Unauthorized',
  description: 'You are logged out. Logging in again...',
} as const
export const LOGIN_REDIRECT_DELAY_MS = 500
/** Leave anyway if the toaster has not loaded by then (a failed chunk, a very busy phone). */
export const TOASTER_WAIT_MAX_MS = 3000
/**
 * A toast that could not be shown before leaving is carried in this tab's
 * sessionStorage and shown on the sign-in screen instead, if it gets there
 * within CARRIED_TOAST_MAX_AGE_MS (not after a detour through an identity
 * provider and back an hour later).
 */
const CARRIED_TOAST_KEY = 'lifeline.unauthorized-toast'
const CARRIED_TOAST_MAX_AGE_MS = 60_000

let pending: ReturnType<typeof setTimeout> | null = null

/**
 * Shows the destructive Unauthorized toast and, 500 ms after it is on screen,
 * sends the browser to `/api/login?next=<path>`. The 500 ms count from the
 * toaster's arrival, which loads after the first paint: on a slow phone a
 * protected screen opened cold would otherwise leave before the toast shows.
 * When the toaster has not arrived within 3 s the browser leaves at once and
 * the sign-in screen shows the toast (showCarriedUnauthorizedToast): either
 * way the person sees it once. Several failing requests at once lead to one
 * toast and one navigation.
 */
export function redirectToLogin(path: string): void {
  if (pending !== null) return
  toast({ ...unauthorizedToast, variant: 'destructive' })
  const leave = () => {
    pending = setTimeout(() => {
      pending = null
      browser.navigate(loginUrl(path))
    }, LOGIN_REDIRECT_DELAY_MS)
  }
  const waiting = setTimeout(() => {
    pending = null
    carryToast()
    browser.navigate(loginUrl(path))
  }, TOASTER_WAIT_MAX_MS)
  pending = waiting
  void toasterMounted.then(() => {
    // Unless cancelled, or already gone on by the fallback.
    if (pending !== waiting) return
    clearTimeout(waiting)
    leave()
  })
}

function carryToast(): void {
  try {
    window.sessionStorage.setItem(CARRIED_TOAST_KEY, String(Date.now()))
  } catch {
    // Storage refused (a private window's quota): the toast is lost, not the sign-in.
  }
}

/**
 * Shows the Unauthorized toast that redirectToLogin could not show before
 * leaving, once; the sign-in screen calls it as it opens.
 */
export function showCarriedUnauthorizedToast(): void {
  let carriedAt: number
  try {
    carriedAt = Number(window.sessionStorage.getItem(CARRIED_TOAST_KEY))
    window.sessionStorage.removeItem(CARRIED_TOAST_KEY)
  } catch {
    return
  }
  const age = Date.now() - carriedAt
  if (carriedAt > 0 && age >= 0 && age <= CARRIED_TOAST_MAX_AGE_MS) {
    toast({ ...unauthorizedToast, variant: 'destructive' })
  }
}

/** Forgets a scheduled redirect (tests call this between cases). */
export function cancelLoginRedirect(): void {
  if (pending !== null) clearTimeout(pending)
  pending = null
}
