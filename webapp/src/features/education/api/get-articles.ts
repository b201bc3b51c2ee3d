import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'

import { apiGet } from '@/lib/api-client'

import type { ArticleCategory, ArticleSummary } from '../types'
import { educationKeys } from './education-keys'

/** `/api/articles`, or `/api/articles?category=Coping%20Skills` for one category. */
export function articlesUrl(category: ArticleCategory | null): string {
  return category ? `/api/articles?category=${encodeURIComponent(category)}` : '/api/articles'
}

/** `GET /api/articles`: newest first; the server may send null for none. */
export async function getArticles(
  category: ArticleCategory | null,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ArticleSummary[]> {
  const list = await apiGet<ArticleSummary[] | null>(articlesUrl(category), { signal })
  return list ?? []
}

export function getArticlesQueryOptions(category: ArticleCategory | null) {
  return queryOptions({
    queryKey: educationKeys.list(category),
    queryFn: ({ signal }) => getArticles(category, { signal }),
  })
}

/**
 * The grid's articles. Choosing a category asks the server for it, and while
 * that answer is on its way the grid already shows the matching articles of
 * the All list when that list is at hand, so a filter click never flashes
 * skeletons or shows another category's cards.
 */
export function useArticles(category: ArticleCategory | null) {
  const queryClient = useQueryClient()
  return useQuery({
    ...getArticlesQueryOptions(category),
    placeholderData: () => {
      if (!category) return undefined
      const all = queryClient.getQueryData<ArticleSummary[]>(educationKeys.list(null))
      return all?.filter((a) => a.category === category)
    },
  })
}
