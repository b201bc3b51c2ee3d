import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiGet } from '@/lib/api-client'

import type { BlogPostSummary } from '../types'
import { blogKeys } from './blog-keys'

/** `GET /api/blog`: every post, newest first, undated ones last. */
export function getBlogPosts({ signal }: { signal?: AbortSignal } = {}): Promise<BlogPostSummary[]> {
  return apiGet<BlogPostSummary[]>('/api/blog', { signal })
}

export function getBlogPostsQueryOptions() {
  return queryOptions({
    queryKey: blogKeys.list(),
    queryFn: ({ signal }) => getBlogPosts({ signal }),
  })
}

export function useBlogPosts() {
  return useQuery(getBlogPostsQueryOptions())
}
