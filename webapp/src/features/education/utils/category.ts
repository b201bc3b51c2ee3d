import { articleCategories } from '../content'
import type { ArticleCategory } from '../types'

const ids: readonly string[] = articleCategories.map((c) => c.id)

export function isArticleCategory(value: string | null | undefined): value is ArticleCategory {
  return value != null && ids.includes(value)
}

/**
 * The category chosen in a location's search (`?category=Coping%20Skills`),
 * or null for All. Anything that is not one of docs/spec.md's ids is All too: an
 * old or mistyped link still shows the articles, never the API's 400.
 */
export function readCategory(search: string): ArticleCategory | null {
  const value = new URLSearchParams(search).get('category')
  return isArticleCategory(value) ? value : null
}

/**
 * `?category=...` for a category (spaces as %20, as people type them), or ""
 * for All. Other search parameters are kept.
 */
export function categorySearch(category: ArticleCategory | null, search = ''): string {
  const params = new URLSearchParams(search)
  params.delete('category')
  const rest = params.toString()
  const parts = [category ? `category=${encodeURIComponent(category)}` : '', rest].filter(Boolean)
  return parts.length ? `?${parts.join('&')}` : ''
}

/** The button's words for a category id: `Health` is shown as "Health & Wellness". */
export function categoryLabel(category: string): string {
  return articleCategories.find((c) => c.id === category)?.label ?? category
}
