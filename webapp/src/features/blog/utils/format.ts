import { blogText } from '../content'

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })

/**
 * A post's date as shown ("Aug 25, 2026"), or "Recently" when it has none
 * (docs/spec.md). The server sends a calendar date, so it is read and shown in UTC
 * and never shifts a day with the reader's time zone.
 */
export function formatPublished(publishedAt: string | null | undefined): string {
  if (!publishedAt) return blogText.recently
  const date = new Date(`${publishedAt.slice(0, 10)}T00:00:00Z`)
  return Number.isNaN(date.getTime()) ? blogText.recently : dateFormat.format(date)
}

/** Where a post lives: `/blog/<slug>` (readable), or its id for a post without a slug. */
export function blogPostPath(basePath: string, post: { id: number; slug: string }): string {
  return `${basePath}/${encodeURIComponent(post.slug || String(post.id))}`
}
