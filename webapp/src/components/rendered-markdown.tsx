import { cn } from '@/lib/utils'

export type RenderedMarkdownProps = {
  /** `contentHtml` of an article or blog post, as the server sent it. */
  html: string
  className?: string
  'data-testid'?: string
}

/*
 * Long-form reading styles for the few tags the server's renderer emits
 * (headings, paragraphs, lists, quotes, code, rules, emphasis and links).
 */
const prose = cn(
  'max-w-none text-base leading-7 text-foreground/90 break-words',
  '[&_h1]:mt-8 [&_h1]:text-2xl [&_h1]:font-bold [&_h1]:tracking-tight [&_h1]:text-foreground',
  '[&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:tracking-tight [&_h2]:text-foreground',
  '[&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-foreground',
  '[&_h4,&_h5,&_h6]:mt-5 [&_h4,&_h5,&_h6]:font-semibold [&_h4,&_h5,&_h6]:text-foreground',
  '[&_p]:mt-4 [&>:first-child]:mt-0',
  '[&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-1.5 [&_li]:marker:text-primary',
  '[&_blockquote]:mt-5 [&_blockquote]:border-l-4 [&_blockquote]:border-primary/40 [&_blockquote]:bg-muted/50 [&_blockquote]:py-2 [&_blockquote]:pr-3 [&_blockquote]:pl-4 [&_blockquote]:italic',
  '[&_pre]:mt-4 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-muted [&_pre]:p-4 [&_pre]:text-sm',
  '[&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:py-0.5 [&_code]:text-[0.9em] [&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_hr]:my-8 [&_hr]:border-border',
  '[&_strong]:font-semibold [&_strong]:text-foreground',
  '[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_a:hover]:text-primary/80',
)

/**
 * Markdown the server rendered, shown as HTML. Inserting it is safe: the
 * content package's renderer (docs/api.md, content/markdown.go) escapes every
 * character of the source and emits only its own tags, with no attribute but
 * a link's http(s) or relative `href`; raw HTML in a file comes out as text.
 * Never pass anything else here (titles and excerpts are plain text).
 */
export function RenderedMarkdown({ html, className, 'data-testid': testId }: RenderedMarkdownProps) {
  return <div className={cn(prose, className)} data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />
}
