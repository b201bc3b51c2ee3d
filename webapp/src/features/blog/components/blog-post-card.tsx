import { CalendarDays, Clock } from 'lucide-react'
import { Link } from 'wouter'

import { Badge } from '@/components/ui/badge'

import { blogText as text } from '../content'
import type { BlogPostSummary } from '../types'
import { formatPublished } from '../utils/format'

export type BlogPostCardProps = {
  post: BlogPostSummary
  href: string
}

/**
 * One post in the grid (docs/spec.md): category, title, excerpt, date (or
 * "Recently"), read time and author. The whole card is the link: its name is
 * the title, the rest is read as its description.
 */
export function BlogPostCard({ post, href }: BlogPostCardProps) {
  return (
    <article
      data-testid="blog-post-card"
      className="group relative flex flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm transition-shadow focus-within:ring-[3px] focus-within:ring-ring hover:shadow-md"
    >
      {post.imageUrl && (
        <img src={post.imageUrl} alt="" loading="lazy" className="aspect-[2/1] w-full bg-muted object-cover" />
      )}
      <div className="flex flex-1 flex-col gap-3 p-5">
        <Badge variant="secondary">{post.category}</Badge>
        <h2 className="text-lg leading-snug font-semibold">
          <Link
            href={href}
            className="outline-none after:absolute after:inset-0 after:content-[''] group-hover:text-primary"
          >
            {post.title}
          </Link>
        </h2>
        <p className="line-clamp-3 text-sm text-muted-foreground">{post.excerpt}</p>
        <div className="mt-auto grid gap-1.5 pt-2 text-sm text-muted-foreground">
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
            <span className="inline-flex items-center gap-1.5">
              <CalendarDays aria-hidden="true" className="size-4" />
              {post.publishedAt ? <time dateTime={post.publishedAt}>{formatPublished(post.publishedAt)}</time> : text.recently}
            </span>
            <span className="inline-flex items-center gap-1.5">
              <Clock aria-hidden="true" className="size-4" />
              {text.readTime(post.readTime)}
            </span>
          </div>
          <p className="font-medium text-foreground/80">
            {text.by} {post.author}
          </p>
        </div>
      </div>
    </article>
  )
}
