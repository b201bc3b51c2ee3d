import { routes } from '@/config/routes'

export type Segment =
  | { kind: 'text'; text: string }
  | { kind: 'path'; text: string; href: string }
  | { kind: 'tel'; text: string; href: string }

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

// The app's own screens ("/crisis", "/checkin", …), longest first so "/crisis/safety-plan" wins over "/crisis".
const appPaths = Object.values(routes)
  .filter((r) => r.access !== 'guest' && r.path !== '/')
  .map((r) => r.path)
  .sort((a, b) => b.length - a.length)

// A path stands alone: not part of a web address ("example.com/crisis") or a longer path.
const pathPattern = `(?<![\\w/.])(?:${appPaths.map(escapeRegex).join('|')})(?![\\w/-])`
// US helplines as replies write them: 988, 911 and 1-800-662-4357 style numbers. Not text-line codes (741741).
const phonePattern = '(?<![\\w-])(?:1-\\d{3}-\\d{3}-\\d{4}|988|911)(?![\\w-])'
const tokenRegex = new RegExp(`(${pathPattern})|(${phonePattern})`, 'g')

/** Splits a reply into text, in-app links ("/crisis") and tap-to-call numbers ("988"). */
export function linkify(content: string): Segment[] {
  const segments: Segment[] = []
  let last = 0
  for (const match of content.matchAll(tokenRegex)) {
    const start = match.index
    if (start > last) segments.push({ kind: 'text', text: content.slice(last, start) })
    const [token, path] = match
    if (path) segments.push({ kind: 'path', text: token, href: token })
    else segments.push({ kind: 'tel', text: token, href: `tel:${token.replace(/\D/g, '')}` })
    last = start + token.length
  }
  if (last < content.length) segments.push({ kind: 'text', text: content.slice(last) })
  return segments
}
