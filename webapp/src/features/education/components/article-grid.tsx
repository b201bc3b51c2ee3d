import type * as React from 'react'

import { EmptyState } from '@/components/empty-state'
import { LoadError } from '@/components/load-error'
import { Button } from '@/components/ui/button'

import { useArticles } from '../api/get-articles'
import { educationText as text, SKELETON_CARDS } from '../content'
import type { ArticleCategory } from '../types'
import { categoryLabel } from '../utils/category'
import { ArticleCard, ArticleCardSkeleton } from './article-card'

export type ArticleGridProps = {
  category: ArticleCategory | null
  /** The page of one article (its slug or id), keeping the list's filter for the way back. */
  articleHref: (idOrSlug: string) => string
  onShowAll: () => void
}

/** The articles of the chosen category (or all): skeletons, then cards, the empty state, or an error to retry. */
export function ArticleGrid({ category, articleHref, onShowAll }: ArticleGridProps) {
  const query = useArticles(category)
  const articles = query.data ?? []

  let body: React.ReactNode
  if (query.isPending) {
    body = (
      <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: SKELETON_CARDS }, (_, i) => (
          <ArticleCardSkeleton key={i} />
        ))}
      </div>
    )
  } else if (query.isError && !query.data) {
    body = (
      <LoadError message={text.failed} retryLabel={text.retry} onRetry={() => void query.refetch()} retrying={query.isFetching} className="border-dashed" />
    )
  } else if (articles.length === 0) {
    body = (
      <EmptyState
        size="screen"
        message={text.empty}
        action={
          category && (
            <Button variant="outline" className="rounded-full" onClick={onShowAll}>
              {text.emptyCategory}
            </Button>
          )
        }
      />
    )
  } else {
    body = (
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-label={text.articles}>
        {articles.map((article) => (
          <li key={article.id} className="grid">
            <ArticleCard article={article} href={articleHref(article.slug || String(article.id))} />
          </li>
        ))}
      </ul>
    )
  }

  return (
    <section aria-label={text.articles} aria-busy={query.isFetching} className="grid gap-4">
      {/* Says what the grid now shows after a filter click, once, politely. */}
      <p role="status" className="sr-only">
        {query.isPending ? '' : category ? text.showing(categoryLabel(category)) : text.showingAll}
      </p>
      {body}
    </section>
  )
}
