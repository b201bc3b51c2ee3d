import * as React from 'react'
import { useLocation, useSearch } from 'wouter'

import { educationText as text } from '../content'
import type { ArticleCategory } from '../types'
import { categorySearch, readCategory } from '../utils/category'
import { ArticleGrid } from './article-grid'
import { CategoryFilter } from './category-filter'

export type LearnAndGrowScreenProps = {
  /** The article page's path for an id or slug (`/education/urge-surfing`). */
  articlePath: (idOrSlug: string) => string
  /** The Interactive Tools card, under the articles (the wellness tools, composed by the route). */
  tools: React.ReactNode
}

/**
 * SPEC.md "Learn & Grow": the category buttons filter the grid, the choice
 * lives in the URL (`?category=Coping%20Skills`, so a link, a reload and
 * Back all keep it), then the tools the route passes in.
 */
export function LearnAndGrowScreen({ articlePath, tools }: LearnAndGrowScreenProps) {
  const search = useSearch()
  const [location, navigate] = useLocation()
  const category = readCategory(search)

  // Each choice is a history entry: Back returns to the previous filter.
  const choose = React.useCallback(
    (next: ArticleCategory | null) => navigate(`${location}${categorySearch(next, search)}`),
    [location, navigate, search],
  )
  const articleHref = (idOrSlug: string) => `${articlePath(idOrSlug)}${categorySearch(category)}`

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <title>{text.pageTitle}</title>
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{text.title}</h1>
        <p className="mt-2 text-muted-foreground">{text.description}</p>
      </div>
      <CategoryFilter value={category} onChange={choose} />
      <ArticleGrid category={category} articleHref={articleHref} onShowAll={() => choose(null)} />
      {tools}
    </div>
  )
}
