import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiGet } from '@/lib/api-client'

import type { Article } from '../types'
import { educationKeys } from './education-keys'

/** `GET /api/articles/{id}`: one article by numeric id or slug, with `contentHtml`; 404 when there is none. */
export function getArticle(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<Article> {
  return apiGet<Article>(`/api/articles/${encodeURIComponent(id)}`, { signal })
}

export function getArticleQueryOptions(id: string) {
  return queryOptions({
    queryKey: educationKeys.article(id),
    queryFn: ({ signal }) => getArticle(id, { signal }),
  })
}

export function useArticle(id: string) {
  return useQuery(getArticleQueryOptions(id))
}
