import { ArrowLeft, CalendarDays, Clock, SearchX } from 'lucide-react'
import * as React from 'react'
import { Link } from 'wouter'

import { RenderedMarkdown } from '@/components/rendered-markdown'
import { Badge } from '@/components/ui/badge'
import { LoadError } from '@/components/load-error'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'

import { isNotFound, useBlogPost } from '../api/get-blog-post'
import { blogText as text } from '../content'
import { formatPublished } from '../utils/format'

export type BlogPostScreenProps = {
  /** The post's slug or numeric id, from the path. */
  postRef: string
  /** Where "Back to the blog" goes. */
  backHref: string
}

/** One post in full: its header, the server-rendered body, a way back, and a not-found state. */
export function BlogPostScreen({ postRef, backHref }: BlogPostScreenProps) {
  const post = useBlogPost(postRef)

  let body: React.ReactNode
  if (post.isPending) {
    body = <BlogPostSkeleton />
  } else if (post.isError && isNotFound(post.error)) {
    body = (
      <div className="grid justify-items-center gap-3 rounded-xl border border-dashed bg-card/60 px-5 py-12 text-center">
        <title>{`${text.notFoundTitle} · Lifeline`}</title>
        <SearchX aria-hidden="true" className="size-10 text-muted-foreground/70" />
        <h1 className="text-2xl font-bold tracking-tight">{text.notFoundTitle}</h1>
        <p className="max-w-md text-muted-foreground">{text.notFound}</p>
        <Button asChild className="rounded-full">
          <Link href={backHref}>{text.back}</Link>
        </Button>
      </div>
    )
  } else if (post.isError) {
    body = (
      <LoadError message={text.postLoadFailed} retryLabel={text.retry} onRetry={() => void post.refetch()} retrying={post.isFetching} />
    )
  } else {
    const p = post.data
    body = (
      <article className="grid gap-6">
        <title>{`${p.title} · Lifeline`}</title>
        <header className="grid gap-3">
          <Badge variant="secondary">{p.category}</Badge>
          <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            {p.title}
          </h1>
          {p.excerpt && <p className="text-lg text-muted-foreground">{p.excerpt}</p>}
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
            <span className="font-medium text-foreground/80">
              {text.by} {p.author}
            </span>
            <span className="inline-flex items-center gap-1.5">
              <CalendarDays aria-hidden="true" className="size-4" />
              {p.publishedAt ? <time dateTime={p.publishedAt}>{formatPublished(p.publishedAt)}</time> : text.recently}
            </span>
            <span className="inline-flex items-center gap-1.5">
              <Clock aria-hidden="true" className="size-4" />
              {text.readTime(p.readTime)}
            </span>
          </div>
        </header>
        {p.imageUrl && <img src={p.imageUrl} alt="" className="aspect-[5/2] w-full rounded-xl bg-muted object-cover" />}
        <RenderedMarkdown html={p.contentHtml} />
      </article>
    )
  }

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <Link
        href={backHref}
        className="-ml-2 inline-flex h-9 w-fit items-center gap-1.5 rounded-full px-2 text-sm font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {text.back}
      </Link>
      {body}
    </div>
  )
}

function BlogPostSkeleton() {
  return (
    <div role="status" aria-busy="true" className="grid gap-4">
      <span className="sr-only">{text.postLoading}</span>
      <Skeleton className="h-5 w-24 rounded-full" />
      <Skeleton className="h-10 w-4/5" />
      <Skeleton className="h-4 w-1/2" />
      <Skeleton className="aspect-[5/2] w-full rounded-xl" />
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} className="h-4 w-full" />
      ))}
    </div>
  )
}
