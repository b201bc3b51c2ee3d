import type { ApiSchema } from '@/lib/api-schema'

/** docs/spec.md §3 article category ids (the API's `?category=` values). */
export type ArticleCategory = 'Recovery Basics' | 'Coping Skills' | 'Community' | 'Health' | 'Education' | 'Relationships'

/**
 * An article as `GET /api/articles` lists it (docs/api.md "Learn & Grow"):
 * `readTime` in minutes, `imageUrl` a path on this site or "", `publishedAt`
 * a `YYYY-MM-DD` date, `excerpt` plain text of at most 150 characters cut at
 * a word, `content` the Markdown source.
 */
export type ArticleSummary = Omit<ApiSchema<'Article'>, 'contentHtml'>

/** One article (`GET /api/articles/{id}`), with the server-rendered, safe `contentHtml`. */
export type Article = ArticleSummary & {
  contentHtml: string
}
