/*
 * The invitation's token rides in the URL's fragment (`/care/accept#token=…`),
 * which browsers never send to a server. While the person signs in or creates
 * an account, it waits in this tab's sessionStorage, never in a URL.
 */
import { tokenFromFragment } from '@/lib/fragment-token'

const STORAGE_KEY = 'lifeline.care.invite-token'

/** The token in a fragment such as `#token=abc`, or null. */
export const tokenFromHash = tokenFromFragment

function storage(): Storage | null {
  try {
    return window.sessionStorage
  } catch {
    return null
  }
}

/**
 * The token of the current page: from the fragment (then kept for the trip
 * through sign-in, and dropped from the address bar), or the one kept before.
 */
export function takeInviteToken(): string | null {
  const fromHash = tokenFromHash(window.location.hash)
  if (fromHash) {
    storage()?.setItem(STORAGE_KEY, fromHash)
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search)
    return fromHash
  }
  return storage()?.getItem(STORAGE_KEY) ?? null
}

/** Forgets the kept token (accepted, or no longer valid). */
export function forgetInviteToken(): void {
  storage()?.removeItem(STORAGE_KEY)
}
