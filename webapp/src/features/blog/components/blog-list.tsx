import { Newspaper } from 'lucide-react'

import { EmptyState } from '@/components/empty-state'
import { LoadError } from '@/components/load-error'
import { Skeleton } from '@/components/ui/skeleton'

import { useBlogPosts } from '../api/get-blog-posts'
import { blogText as text } from '../content'
import { blogPostPath } from '../utils/format'
import { BlogPostCard } from './blog-post-card'

/** docs/spec.md §9: six skeleton cards while the blog loads. */
export const BLOG_SKELETON_CARDS = 6

const grid = 'grid gap-5 sm:grid-cols-2 xl:grid-cols-3'

export type BlogListProps = {
  /** `/blog`: a post opens at `${basePath}/<slug>`. */
  basePath: string
}

/** The Recovery Blog's grid: skeletons, then the posts, an empty state, or an error with a retry. */
export function BlogList({ basePath }: BlogListProps) {
  const posts = useBlogPosts()

  if (posts.isPending) return <BlogListSkeleton />
  if (posts.isError) {
    return (
      <LoadError message={text.loadFailed} retryLabel={text.retry} onRetry={() => void posts.refetch()} retrying={posts.isFetching} />
    )
  }
  if (posts.data.length === 0) {
    return (
<EmptyState size="screen" icon={Newspaper} message={text.empty} />
    )
  }
  return (
    <ul aria-label={text.listLabel} className={grid}>
      {posts.data.map((post) => (
        <li key={post.id} className="grid">
          <BlogPostCard post={post} href={blogPostPath(basePath, post)} />
        </li>
      ))}
    </ul>
  )
}

export function BlogListSkeleton() {
  return (
    <div role="status" aria-busy="true" className={grid}>
      <span className="sr-only">{text.loading}</span>
      {Array.from({ length: BLOG_SKELETON_CARDS }, (_, i) => (
        <div key={i} data-testid="blog-skeleton-card" className="grid gap-3 rounded-xl border bg-card p-5">
          <Skeleton className="h-5 w-24 rounded-full" />
          <Skeleton className="h-6 w-4/5" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-11/12" />
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="mt-2 h-4 w-1/2" />
        </div>
      ))}
    </div>
  )
}
