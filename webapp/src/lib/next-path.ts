/**
 * The `?next=` rule of the sign-in screens: only a path on this site is
 * followed. A value that could leave the site (`//host`, `/\host`, `https://…`,
 * anything with a backslash or control character) falls back to `/`.
 */
export function safeNextPath(raw: string | null | undefined, fallback = '/'): string {
  if (!raw) return fallback
  if (!raw.startsWith('/') || raw.startsWith('//')) return fallback
  // Browsers read "\" as "/" in URLs, so "/\evil.example" is "//evil.example".
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return fallback
  return raw
}

/** Appends `?next=` to a client path unless next is the default `/`. */
export function withNext(path: string, next: string): string {
  return next === '/' ? path : `${path}?next=${encodeURIComponent(next)}`
}
