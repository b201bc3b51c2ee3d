import type { ApiSchema } from '@/lib/api-schema'

/**
 * A post of the blog list (api/openapi.yaml `BlogPost`); the list has no
 * rendered HTML. `publishedAt` is a date (`2026-08-25`), or null when the
 * post is undated ("Recently"); `readTime` is in minutes; `imageUrl` a path
 * on this site or ""; `content` the Markdown source.
 */
export type BlogPostSummary = Omit<ApiSchema<'BlogPost'>, 'contentHtml'>

/** One post, as `GET /api/blog/{id}` answers it: with the server's rendered HTML. */
export type BlogPost = BlogPostSummary & { contentHtml: string }
