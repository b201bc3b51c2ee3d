import { EXCERPT_LENGTH } from '../content'
import type { ArticleSummary } from '../types'

/** Markdown markers dropped when the server sent no excerpt: headings, emphasis, code, quotes, list bullets, link targets. */
function roughPlainText(markdown: string): string {
  return markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)/gm, '')
    .replace(/[*_`]+/g, '')
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * docs/spec.md "Learn & Grow" card text: the first 150 characters of the article
 * followed by an ellipsis. The server's `excerpt` is already that start as
 * plain text, cut at a word; the card only adds the ellipsis. Without one (an
 * article saved before excerpts existed) the start is taken from the source.
 */
export function cardExcerpt(article: Pick<ArticleSummary, 'excerpt' | 'content'>): string {
  const source = article.excerpt?.trim() || roughPlainText(article.content ?? '')
  if (!source) return ''
  const chars = Array.from(source)
  const start = chars.length > EXCERPT_LENGTH ? chars.slice(0, EXCERPT_LENGTH).join('').trimEnd() : source
  return `${start}...`
}
