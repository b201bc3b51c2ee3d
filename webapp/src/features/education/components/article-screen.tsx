import { ArrowLeft, CalendarDays, Clock, UserRound } from 'lucide-react'
import * as React from 'react'
import { Link } from 'wouter'

import { RenderedMarkdown } from '@/components/rendered-markdown'
import { Badge } from '@/components/ui/badge'
import { LoadError } from '@/components/load-error'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { readApiError } from '@/lib/api-client'

import { useArticle } from '../api/get-article'
import { articleText as text } from '../content'
import type { Article } from '../types'
import { categoryLabel } from '../utils/category'
import { formatPublished } from '../utils/dates'

export type ArticleScreenProps = {
  /** The article's numeric id or slug, from the path. */
  id: string
  /** Back to the list, with the filter it was opened from. */
  backHref: string
}

/** One Learn & Grow article in full: its details, picture and text, or a not-found or error state. */
export function ArticleScreen({ id, backHref }: ArticleScreenProps) {
  const query = useArticle(id)

  // Opened from far down the grid: start reading at the top (the router keeps the scroll position).
  React.useEffect(() => {
    ;(document.scrollingElement ?? document.documentElement).scrollTop = 0
  }, [id])
  const status = query.isError ? readApiError(query.error)?.status : undefined
  // An id the server does not know, or one that cannot be an id at all.
  const notFound = status === 404 || status === 400

  let body: React.ReactNode
  if (query.isPending) {
    body = <ArticleSkeleton />
  } else if (notFound) {
    body = (
      <div className="grid justify-items-start gap-3 rounded-xl border border-dashed bg-card p-6">
        <title>{text.notFoundTitle}</title>
        <h1 className="text-2xl font-bold tracking-tight">{text.notFoundTitle}</h1>
        <p className="text-muted-foreground">{text.notFound}</p>
        <Button asChild className="rounded-full">
          <Link href={backHref}>{text.back}</Link>
        </Button>
      </div>
    )
  } else if (query.isError) {
    body = (
      <LoadError message={text.failed} retryLabel={text.retry} onRetry={() => void query.refetch()} retrying={query.isFetching} className="border-dashed" />
    )
  } else {
    body = <ArticleView article={query.data} />
  }

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <div>
        <Link
          href={backHref}
          className="-ml-2 inline-flex h-9 items-center gap-1.5 rounded-full px-2 text-sm font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {text.back}
        </Link>
      </div>
      {body}
    </div>
  )
}

function ArticleView({ article }: { article: Article }) {
  const titleId = React.useId()
  return (
    <article aria-labelledby={titleId} className="grid gap-6">
      <title>{text.pageTitle(article.title)}</title>
      <header className="grid gap-4">
        <Badge variant="secondary">{categoryLabel(article.category)}</Badge>
        <h1 id={titleId} className="text-3xl leading-tight font-bold tracking-tight text-balance sm:text-4xl">
          {article.title}
        </h1>
        <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-muted-foreground">
          {article.author && (
            <li className="inline-flex items-center gap-1.5">
              <UserRound aria-hidden="true" className="size-4" />
              {text.by(article.author)}
            </li>
          )}
          {article.publishedAt && (
            <li className="inline-flex items-center gap-1.5">
              <CalendarDays aria-hidden="true" className="size-4" />
              <span className="sr-only">{text.published} </span>
              <time dateTime={article.publishedAt}>{formatPublished(article.publishedAt)}</time>
            </li>
          )}
          <li className="inline-flex items-center gap-1.5">
            <Clock aria-hidden="true" className="size-4" />
            {text.readTime(article.readTime)}
          </li>
        </ul>
      </header>
      {article.imageUrl && (
        <img
          src={article.imageUrl}
          alt=""
          width={800}
          height={450}
          className="aspect-video w-full rounded-xl border bg-muted object-cover"
        />
      )}
      {/* A measure of about 68 characters reads best for long text. */}
      <RenderedMarkdown html={article.contentHtml} className="max-w-[68ch] sm:text-[1.0625rem] sm:leading-8" data-testid="article-body" />
    </article>
  )
}

function ArticleSkeleton() {
  return (
    <div className="grid gap-6" data-testid="article-skeleton" role="status" aria-label={text.loading}>
      <div className="grid gap-4">
        <Skeleton className="h-5 w-28 rounded-full" />
        <Skeleton className="h-10 w-4/5" />
        <Skeleton className="h-4 w-64" />
      </div>
      <Skeleton className="aspect-video w-full rounded-xl" />
      <div className="grid gap-3">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className={i % 3 === 2 ? 'h-4 w-3/4' : 'h-4 w-full'} />
        ))}
      </div>
    </div>
  )
}
