import { loginUrl } from '@/config/routes'
import { toast, toasterMounted } from '@/hooks/use-toast'
import { browser } from '@/lib/browser'

/** docs/spec.md §4 and §8: what a signed-out person sees on a protected screen, and how long before leaving. */
export const unauthorizedToast = {
  title: 'Unauthorized',
  description: 'You are logged out. Logging in again...',
} as const
export const LOGIN_REDIRECT_DELAY_MS = 500
/** Leave anyway if the toaster has not loaded by then (a failed chunk, say). */
const TOASTER_WAIT_MAX_MS = 3000

let pending: ReturnType<typeof setTimeout> | null = null

/**
 * Shows the destructive Unauthorized toast and, 500 ms after it is on screen,
 * sends the browser to `/api/login?next=<path>`. The 500 ms count from the
 * toaster's arrival, which loads after the first paint: on a slow phone a
 * protected screen opened cold would otherwise leave before the toast shows.
 * Several failing requests at once lead to one toast and one navigation.
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
  const waiting = setTimeout(leave, TOASTER_WAIT_MAX_MS)
  pending = waiting
  void toasterMounted.then(() => {
    // Unless cancelled, or already gone on by the fallback.
    if (pending !== waiting) return
    clearTimeout(waiting)
    leave()
  })
}

/** Forgets a scheduled redirect (tests call this between cases). */
export function cancelLoginRedirect(): void {
  if (pending !== null) clearTimeout(pending)
  pending = null
}
