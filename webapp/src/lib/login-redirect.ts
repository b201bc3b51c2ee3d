import { loginUrl } from '@/config/routes'
import { toast } from '@/hooks/use-toast'
import { browser } from '@/lib/browser'

/** docs/spec.md §4 and §8: what a signed-out person sees on a protected screen, and how long before leaving. */
export const unauthorizedToast = {
  title: 'Unauthorized',
  description: 'You are logged out. Logging in again...',
} as const
export const LOGIN_REDIRECT_DELAY_MS = 500

let pending: ReturnType<typeof setTimeout> | null = null

/**
 * Shows the destructive Unauthorized toast and, 500 ms later, sends the browser
 * to `/api/login?next=<path>`. Several failing requests at once lead to one
 * toast and one navigation.
 */
export function redirectToLogin(path: string): void {
  if (pending !== null) return
  toast({ ...unauthorizedToast, variant: 'destructive' })
  pending = setTimeout(() => {
    pending = null
    browser.navigate(loginUrl(path))
  }, LOGIN_REDIRECT_DELAY_MS)
}

/** Forgets a scheduled redirect (tests call this between cases). */
export function cancelLoginRedirect(): void {
  if (pending !== null) clearTimeout(pending)
  pending = null
}
