/**
 * A one-time link's token rides in the URL's fragment (`#token=…`), which
 * browsers never send to a server or in a Referer: share links, invitations
 * and email confirmations all read it here.
 */
export function tokenFromFragment(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token')?.trim()
  return token ? token : null
}
