import type { ArticleCategory } from './types'

/** SPEC.md "Learn & Grow": the six category buttons, in order; the id is what the API filters by. */
export const articleCategories: readonly { id: ArticleCategory; label: string }[] = [
  { id: 'Recovery Basics', label: 'Recovery Basics' },
  { id: 'Coping Skills', label: 'Coping Skills' },
  { id: 'Community', label: 'Community' },
  { id: 'Health', label: 'Health & Wellness' },
  { id: 'Education', label: 'Education' },
  { id: 'Relationships', label: 'Relationships' },
]

/** SPEC.md §9: the card shows this many characters of the article, then an ellipsis. */
export const EXCERPT_LENGTH = 150

/** SPEC.md §9: skeleton cards while the articles load. */
export const SKELETON_CARDS = 6

export const educationText = {
  pageTitle: 'Learn & Grow · Lifeline',
  title: 'Learn & Grow',
  description: 'Articles, skills and tools to support your recovery, one step at a time.',
  categories: 'Filter articles by category',
  all: 'All',
  articles: 'Articles',
  showing: (label: string) => `Showing ${label} articles`,
  showingAll: 'Showing all articles',
  readTime: (minutes: number) => `${minutes} min read`,
  readArticle: 'Read Article',
  empty: 'No articles available at this time.',
  emptyCategory: 'Show all articles',
  failed: "We couldn't load the articles. Check your connection and try again.",
  retry: 'Try again',
} as const

export const articleText = {
  pageTitle: (title: string) => `${title} · Learn & Grow · Lifeline`,
  back: 'Back to Learn & Grow',
  by: (author: string) => `By ${author}`,
  published: 'Published',
  readTime: (minutes: number) => `${minutes} min read`,
  notFoundTitle: 'Article not found',
  notFound: "We couldn't find that article. It may have been moved or removed.",
  failed: "We couldn't load this article. Check your connection and try again.",
  retry: 'Try again',
  loading: 'Loading article',
} as const
