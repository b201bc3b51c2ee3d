import { ExternalLink } from 'lucide-react'

import { Badge } from '@/components/ui/badge'

import { categoryLabels, statisticsText as text } from '../content'
import type { Statistic } from '../types'
import { CategoryIcon } from './category-icon'

/** Only web addresses become links (the server checks them; this keeps any other scheme out of an href). */
function safeUrl(url: string): string | null {
  return /^https?:\/\//i.test(url) ? url : null
}

/** One figure (docs/spec.md): icon, year, title, category, value, description and its source. */
export function StatisticCard({ statistic: s }: { statistic: Statistic }) {
  const href = safeUrl(s.sourceUrl)
  return (
    <article
      data-testid="statistic-card"
      className="flex h-full flex-col gap-3 rounded-xl border bg-card p-5 text-card-foreground shadow-sm"
    >
      <div className="flex items-start justify-between gap-3">
        <CategoryIcon category={s.category} />
        <Badge variant="outline" className="tabular-nums">
          {s.year}
        </Badge>
      </div>
      <h2 className="leading-snug font-semibold">{s.title}</h2>
      <Badge variant="muted">{categoryLabels[s.category] ?? s.category}</Badge>
      <p className="text-3xl font-bold tracking-tight text-primary" data-testid="statistic-value">
        {s.value}
      </p>
      <p className="text-sm text-muted-foreground">{s.description}</p>
      <p className="mt-auto border-t pt-3 text-xs text-muted-foreground">
        {text.source}{' '}
        {href ? (
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            className="rounded-sm font-medium text-foreground/80 underline underline-offset-2 outline-none hover:text-primary focus-visible:ring-[3px] focus-visible:ring-ring"
          >
            {s.source}
            <ExternalLink aria-hidden="true" className="ml-1 inline size-3 align-[-1px]" />
            <span className="sr-only"> {text.opensInNewTab}</span>
          </a>
        ) : (
          s.source
        )}
      </p>
    </article>
  )
}
