import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiGet, readApiError } from '@/lib/api-client'

import type { BlogPost } from '../types'
import { blogKeys } from './blog-keys'

/** `GET /api/blog/{ref}`: one post by numeric id or slug, with `contentHtml`. */
export function getBlogPost(ref: string, { signal }: { signal?: AbortSignal } = {}): Promise<BlogPost> {
  return apiGet<BlogPost>(`/api/blog/${encodeURIComponent(ref)}`, { signal })
}

export function getBlogPostQueryOptions(ref: string) {
  return queryOptions({
    queryKey: blogKeys.detail(ref),
    queryFn: ({ signal }) => getBlogPost(ref, { signal }),
  })
}

export function useBlogPost(ref: string) {
  return useQuery(getBlogPostQueryOptions(ref))
}

/** True when the post is not there (an unknown id or slug). */
export function isNotFound(error: unknown): boolean {
  return readApiError(error)?.status === 404
}
