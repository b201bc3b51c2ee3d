import { useParams } from 'wouter'

import { routes } from '@/config/routes'
import { BlogList } from '@/features/blog/components/blog-list'
import { BlogPostScreen } from '@/features/blog/components/blog-post-screen'
import { blogText } from '@/features/blog/content'

/** `/blog`: the Recovery Blog (docs/spec.md "Recovery Blog (/blog)"). */
export function BlogRoute() {
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <title>{blogText.pageTitle}</title>
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{blogText.title}</h1>
        <p className="mt-2 text-muted-foreground">{blogText.subtitle}</p>
      </div>
      <BlogList basePath={routes.blog.path} />
    </div>
  )
}

/** `/blog/:id`: one post, by slug or numeric id. */
export function BlogPostRoute() {
  const { id = '' } = useParams<{ id: string }>()
  return <BlogPostScreen key={id} postRef={id} backHref={routes.blog.path} />
}
