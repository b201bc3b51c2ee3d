import { cn } from '@/lib/utils'

export type ArticleBodyProps = {
  /** The article's `contentHtml` from `GET /api/articles/{id}`. */
  html: string
  className?: string
}

/** Reading typography for the renderer's tags (there is no typography plugin: the tags are few and known). */
const proseClass = cn(
  'max-w-[68ch] text-base leading-7 text-foreground/90 sm:text-[1.0625rem] sm:leading-8',
  '[&>*+*]:mt-5',
  '[&_h1]:mt-10 [&_h1]:text-2xl [&_h1]:font-bold [&_h1]:tracking-tight [&_h1]:text-foreground',
  '[&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:leading-tight [&_h2]:font-semibold [&_h2]:tracking-tight [&_h2]:text-foreground',
  '[&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-foreground',
  '[&_h4]:mt-6 [&_h4]:font-semibold [&_h5]:mt-6 [&_h5]:font-semibold [&_h6]:mt-6 [&_h6]:font-semibold',
  '[&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-2 [&_li]:pl-1 [&_li::marker]:text-primary',
  '[&_blockquote]:border-l-4 [&_blockquote]:border-primary/40 [&_blockquote]:pl-4 [&_blockquote]:text-muted-foreground [&_blockquote]:italic',
  '[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_a:hover]:decoration-2',
  '[&_code]:rounded [&_code]:bg-muted [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.9em]',
  '[&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-muted [&_pre]:p-4 [&_pre]:text-sm [&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_hr]:my-10 [&_hr]:border-border',
  '[&_strong]:font-semibold [&_strong]:text-foreground',
)

/**
 * The article's text as the server rendered it.
 *
 * Inserting it as HTML is safe because it comes only from the server's own
 * Markdown renderer (content/markdown.go, docs/api.md "Learn & Grow"): every
 * character of the source goes through HTML escaping, the only tags are the
 * renderer's fixed set (headings, p, lists, blockquote, pre, code, hr,
 * strong, em, a), and the only attribute is a link's href, which is always
 * http(s) or relative. Raw HTML in an article file arrives as escaped text.
 */
export function ArticleBody({ html, className }: ArticleBodyProps) {
  return <div className={cn(proseClass, className)} data-testid="article-body" dangerouslySetInnerHTML={{ __html: html }} />
}
