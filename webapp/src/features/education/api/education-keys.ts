import type { ArticleCategory } from '../types'

/** Query keys of Learn & Grow: the list (all, or one category) and single articles. */
export const educationKeys = {
  all: ['/api', 'articles'] as const,
  list: (category: ArticleCategory | null) => [...educationKeys.all, 'list', category ?? 'all'] as const,
  article: (id: string) => [...educationKeys.all, 'article', id] as const,
}
