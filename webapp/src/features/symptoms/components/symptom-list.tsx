import { ClipboardList, Pencil, Trash2 } from 'lucide-react'
import * as React from 'react'

import { QueryList } from '@/components/query-list'
import { ConfirmRemoval } from '@/components/confirm-removal'
import { EmptyState } from '@/components/empty-state'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { useConfirmedRemoval } from '@/hooks/use-confirmed-removal'

import { useDeleteSymptom } from '../api/delete-symptom'
import { useSymptoms } from '../api/get-symptoms'
import { formText, LIST_SKELETON_ROWS, listText as text, symptomToasts } from '../content'
import type { SymptomLog } from '../types'
import { formatLoggedAt } from '../utils/format'
import { entrySeverity, entryTitle } from '../utils/severity'
import { EditSymptomDialog } from './edit-symptom-dialog'
import { ExportMenu } from './export-menu'
import { SeverityDot } from './severity-dot'

export type SymptomListProps = {
  /** The user's IANA time zone, for the times logged. */
  timeZone?: string
}

/** docs/spec.md 'Recent Symptom Logs': newest first, each with its severity dot, edit and delete. */
export function SymptomList({ timeZone }: SymptomListProps) {
  const logs = useSymptoms()
  const [editing, setEditing] = React.useState<SymptomLog | null>(null)
  const removal = useConfirmedRemoval<SymptomLog, number>(useDeleteSymptom(), {
    done: () => symptomToasts.deleted,
    failed: symptomToasts.deleteFailed,
  })
  const headingId = React.useId()

  return (
    <Card role="region" aria-labelledby={headingId} className="min-w-0">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 px-4 sm:px-6">
        <div className="grid gap-1">
          <h2 id={headingId} className="flex items-center gap-2 text-lg leading-tight font-semibold">
            <ClipboardList aria-hidden="true" className="size-5 text-primary" />
            {text.title}
          </h2>
          <CardDescription>{text.description}</CardDescription>
        </div>
        <ExportMenu />
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        <QueryList
          query={logs}
          loading={<SymptomListSkeleton />}
          error={{ message: text.loadFailed, retryLabel: text.retry }}
          empty={<EmptyState message={text.empty} hint={text.emptyHint} data-testid="symptoms-empty" />}
        >
          {(items) => (
            <ul className="grid gap-3" aria-labelledby={headingId}>
              {items.map((log) => (
                <SymptomItem
                  key={log.id}
                  log={log}
                  timeZone={timeZone}
                  onEdit={() => setEditing(log)}
                  onDelete={() => removal.ask(log)}
                />
              ))}
            </ul>
          )}
        </QueryList>
      </CardContent>

      <EditSymptomDialog log={editing} onClose={() => setEditing(null)} timeZone={timeZone} />
      <ConfirmRemoval
        removal={removal}
        title={text.confirmTitle}
        description={(log) => text.confirmBody(entryTitle(log), formatLoggedAt(log.date, timeZone))}
        cancelLabel={text.confirmKeep}
        confirmLabel={text.confirmDelete}
        pendingLabel={text.deleting}
        buttonClassName="rounded-full"
      />
    </Card>
  )
}

type SymptomItemProps = {
  log: SymptomLog
  timeZone?: string
  onEdit: () => void
  onDelete: () => void
}

function SymptomItem({ log, timeZone, onEdit, onDelete }: SymptomItemProps) {
  const title = entryTitle(log)
  const when = formatLoggedAt(log.date, timeZone)
  const details: [string, string][] = []
  if (log.physicalSymptom || log.physicalSeverity !== null) {
    details.push([text.physical, severityDetail(log.physicalSymptom, log.physicalSeverity)])
  }
  if (log.mentalSymptom || log.mentalSeverity !== null) {
    details.push([text.mental, severityDetail(log.mentalSymptom, log.mentalSeverity)])
  }
  if (log.duration) details.push([text.duration, log.duration])

  return (
    <li className="rounded-xl border bg-muted/40 p-3.5 sm:p-4" data-testid="symptom-entry">
      <div className="flex items-start gap-3">
        <SeverityDot severity={entrySeverity(log)} className="mt-1.5" />
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold break-words" data-testid="symptom-title">
            {title}
          </h3>
          <p className="text-sm text-muted-foreground">
            <span className="sr-only">{text.loggedAt} </span>
            <time dateTime={log.date}>{when}</time>
          </p>
        </div>
        <div className="-my-1.5 -mr-1.5 flex shrink-0 items-center">
          <Button variant="ghost" size="icon" className="size-11 rounded-full" aria-label={text.edit(title, when)} onClick={onEdit}>
            <Pencil aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="size-11 rounded-full text-destructive hover:bg-destructive/10 hover:text-destructive dark:text-red-300"
            aria-label={text.remove(title, when)}
            onClick={onDelete}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
      {details.length > 0 && (
        <dl className="mt-3 flex flex-wrap gap-2 text-sm">
          {details.map(([label, value]) => (
            <div key={label} className="flex gap-1.5 rounded-full border bg-background px-3 py-1">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-medium">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {log.notes && (
        <p className="mt-3 text-sm break-words whitespace-pre-line">
          <span className="sr-only">{text.notes}: </span>
          {log.notes}
        </p>
      )}
    </li>
  )
}

/** "Headache · 8/10", "Headache", or "8/10" when only one of the two was given. */
function severityDetail(symptom: string, severity: number | null): string {
  const parts = [symptom, severity === null ? '' : formText.scaleValue(severity)].filter(Boolean)
  return parts.join(' · ')
}

function SymptomListSkeleton() {
  return (
    <div role="status" className="grid gap-3" data-testid="symptoms-loading">
      <span className="sr-only">{text.loading}</span>
      {Array.from({ length: LIST_SKELETON_ROWS }, (_, i) => (
        <Skeleton key={i} className="h-24 rounded-xl" data-testid="symptom-skeleton-row" />
      ))}
    </div>
  )
}
