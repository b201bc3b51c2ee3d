/** A post of the blog list (docs/api.md "Blog post"); the list has no rendered HTML. */
export type BlogPostSummary = {
  id: number
  slug: string
  title: string
  excerpt: string
  category: string
  author: string
  /** A date (`2026-08-25`), or null when the post is undated ("Recently"). */
  publishedAt: string | null
  /** Minutes. */
  readTime: number
  /** A path on this site (`/content/….svg`) or "". */
  imageUrl: string
  /** The Markdown source. */
  content: string
  updatedAt: string
}

/** One post, as `GET /api/blog/{id}` answers it: with the server's rendered HTML. */
export type BlogPost = BlogPostSummary & { contentHtml: string }
