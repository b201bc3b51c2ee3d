import { ChevronDown, Pencil, Trash2 } from 'lucide-react'
import { Collapsible } from 'radix-ui'
import * as React from 'react'

import { Button } from '@/components/ui/button'
import { cn } from '@/lib/utils'

import { copingLabel, historyText, triggerLabel } from '../content'
import type { CheckIn } from '../types'
import { formatMediumDate } from '../utils/dates'

export type HistoryItemProps = {
  checkin: CheckIn
  /** Opens the correction form for this check-in; opener is the button, where focus returns. */
  onEdit?: (checkin: CheckIn, opener: HTMLElement) => void
  /** Asks to delete this check-in. */
  onDelete?: (checkin: CheckIn, opener: HTMLElement) => void
}

function Chips({ labels, tone }: { labels: string[]; tone: 'trigger' | 'coping' }) {
  if (labels.length === 0) return <span className="text-muted-foreground">{historyText.none}</span>
  return (
    <ul className="inline-flex flex-wrap gap-1.5 align-middle">
      {labels.map((label) => (
        <li
          key={label}
          className={cn(
            'rounded-full px-2 py-0.5 text-xs font-medium',
            tone === 'trigger'
              ? 'bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200'
              : 'bg-primary/12 text-primary',
          )}
        >
          {label}
        </li>
      ))}
    </ul>
  )
}

/** One check-in of the history: the day at a glance, and what was written behind a disclosure button. */
export function HistoryItem({ checkin: c, onEdit, onDelete }: HistoryItemProps) {
  const [open, setOpen] = React.useState(false)
  const details: [string, string][] = (
    [
      [historyText.moodDescription, c.moodDescription],
      [historyText.triggerDescription, c.triggerDescription],
      [historyText.substanceDetails, c.substanceUse ? c.substanceDetails : ''],
      [historyText.notes, c.notes],
    ] as [string, string][]
  ).filter(([, text]) => text.trim() !== '')

  return (
    <li className="rounded-xl border bg-card text-card-foreground shadow-sm" data-testid="history-item" data-date={c.date}>
      <Collapsible.Root open={open} onOpenChange={setOpen}>
        <div className="grid gap-3 p-4 sm:p-5">
          <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
            <h2 className="flex flex-wrap items-baseline gap-x-2 font-semibold">
              <time dateTime={c.date}>{formatMediumDate(c.date)}</time>
              {c.updatedAt && <span className="text-xs font-normal text-muted-foreground">{historyText.edited}</span>}
            </h2>
            <div className="-my-1 flex flex-wrap items-center gap-1">
              {onEdit && (
                <Button
                  variant="ghost"
                  size="sm"
                  className="h-9 rounded-full text-primary"
                  aria-label={historyText.editLabel(formatMediumDate(c.date))}
                  onClick={(event) => onEdit(c, event.currentTarget)}
                >
                  <Pencil aria-hidden="true" />
                  {historyText.edit}
                </Button>
              )}
              {onDelete && (
                <Button
                  variant="ghost"
                  size="sm"
                  className="h-9 rounded-full text-destructive hover:text-destructive dark:text-red-300"
                  aria-label={historyText.removeLabel(formatMediumDate(c.date))}
                  onClick={(event) => onDelete(c, event.currentTarget)}
                >
                  <Trash2 aria-hidden="true" />
                  {historyText.remove}
                </Button>
              )}
              <Collapsible.Trigger asChild>
                <button
                  type="button"
                  className="inline-flex h-9 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-primary outline-none hover:bg-primary/10 focus-visible:ring-[3px] focus-visible:ring-ring"
                >
                  {open ? historyText.hideDetails : historyText.showDetails}
                  <span className="sr-only"> · {formatMediumDate(c.date)}</span>
                  <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', open && 'rotate-180')} />
                </button>
              </Collapsible.Trigger>
            </div>
          </div>
          <dl className="grid grid-cols-[auto_1fr] items-baseline gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
            <dt className="text-muted-foreground">{historyText.mood}</dt>
            <dd className="font-medium tabular-nums">{c.mood}/10</dd>
            <dt className="text-muted-foreground">{historyText.cravings}</dt>
            <dd className="font-medium tabular-nums">{c.cravingIntensity}/10</dd>
            <dt className="text-muted-foreground">{historyText.substanceUse}</dt>
            <dd className="font-medium sm:col-span-3">{c.substanceUse ? historyText.yes : historyText.no}</dd>
            <dt className="text-muted-foreground">{historyText.triggers}</dt>
            <dd className="sm:col-span-3">
              <Chips labels={c.triggers.map(triggerLabel)} tone="trigger" />
            </dd>
            <dt className="text-muted-foreground">{historyText.coping}</dt>
            <dd className="sm:col-span-3">
              <Chips labels={c.copingStrategies.map(copingLabel)} tone="coping" />
            </dd>
          </dl>
        </div>
        <Collapsible.Content className="border-t px-4 py-4 sm:px-5">
          {details.length === 0 ? (
            <p className="text-sm text-muted-foreground">{historyText.nothingWritten}</p>
          ) : (
            <dl className="grid gap-3 text-sm">
              {details.map(([label, text]) => (
                <div key={label}>
                  <dt className="font-medium">{label}</dt>
                  <dd className="mt-0.5 whitespace-pre-line text-muted-foreground break-words">{text}</dd>
                </div>
              ))}
            </dl>
          )}
        </Collapsible.Content>
      </Collapsible.Root>
    </li>
  )
}
