import { ArrowRight, Clock } from 'lucide-react'
import * as React from 'react'
import { Link } from 'wouter'

import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'

import { educationText as text } from '../content'
import type { ArticleSummary } from '../types'
import { categoryLabel } from '../utils/category'
import { cardExcerpt } from '../utils/excerpt'

export type ArticleCardProps = {
  article: ArticleSummary
  /** Where Read Article goes (the article's page, keeping the list's filter). */
  href: string
}

/** One article of the grid: image, category, read time, title, the start of the text, and Read Article. */
export function ArticleCard({ article, href }: ArticleCardProps) {
  const titleId = React.useId()
  return (
    <article
      aria-labelledby={titleId}
      data-testid="article-card"
      data-category={article.category}
      className="flex flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm transition-shadow hover:shadow-md"
    >
      {article.imageUrl && (
        // The title says what the article is about; the picture is decoration.
        <img
          src={article.imageUrl}
          alt=""
          width={800}
          height={450}
          loading="lazy"
          decoding="async"
          className="aspect-video w-full bg-muted object-cover"
        />
      )}
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Badge variant="secondary">{categoryLabel(article.category)}</Badge>
          <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
            <Clock aria-hidden="true" className="size-3.5" />
            {text.readTime(article.readTime)}
          </span>
        </div>
        <h2 id={titleId} className="text-lg leading-snug font-semibold">
          {article.title}
        </h2>
        <p className="flex-1 text-sm leading-relaxed text-muted-foreground" data-testid="article-excerpt">
          {cardExcerpt(article)}
        </p>
        <Button asChild variant="outline" className="mt-1 w-full rounded-full sm:w-fit">
          {/* Named with its article (the visible words first), so a list of links tells them apart. */}
          <Link href={href} aria-label={`${text.readArticle}: ${article.title}`}>
            {text.readArticle}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </article>
  )
}

/** The card's shape while the articles load. */
export function ArticleCardSkeleton() {
  return (
    <div data-testid="article-card-skeleton" className="flex flex-col overflow-hidden rounded-xl border bg-card shadow-sm">
      <Skeleton className="aspect-video w-full rounded-none" />
      <div className="grid gap-3 p-5">
        <div className="flex justify-between">
          <Skeleton className="h-5 w-24 rounded-full" />
          <Skeleton className="h-4 w-16" />
        </div>
        <Skeleton className="h-6 w-4/5" />
        <div className="grid gap-2">
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-2/3" />
        </div>
        <Skeleton className="h-9 w-36 rounded-full" />
      </div>
    </div>
  )
}
