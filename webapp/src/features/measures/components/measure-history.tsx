import { ChartLine, Pencil, Trash2 } from 'lucide-react'
import * as React from 'react'

import { ConfirmRemoval } from '@/components/confirm-removal'
import { useTheme } from '@/components/theme/use-theme'
import { LoadError } from '@/components/load-error'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader } from '@/components/ui/card'
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Label } from '@/components/ui/label'
import { Skeleton } from '@/components/ui/skeleton'
import { Textarea } from '@/components/ui/textarea'
import { useConfirmedRemoval } from '@/hooks/use-confirmed-removal'
import { toast } from '@/hooks/use-toast'

import { useDeleteMeasureResponse } from '../api/delete-measure-response'
import { useMeasureHistory } from '../api/get-measure-history'
import { useUpdateMeasureNote } from '../api/update-measure-note'
import { historyText as text, measuresText } from '../content'
import type { Instrument, MeasureResponse } from '../types'
import { bandOf } from '../utils/flow'
import { trendSeries } from '../utils/trend'
import { formatDay, formatShortDay } from '../utils/format'

const MeasureTrendCanvas = React.lazy(() => import('./measure-trend-canvas'))

export type MeasureHistoryProps = {
  instrument: Instrument
  timeZone?: string
}

/** What a response shows in the list: the total and its band, or the BAM's three scores. */
function scoreLine(instrument: Instrument, r: MeasureResponse): { score: string; band: string } {
  if (instrument.subscales.length === 0) {
    return { score: measuresText.scoreOf(r.total, instrument.maxTotal), band: bandOf(instrument.bands, r.total)?.label ?? '' }
  }
  const parts = instrument.subscales.map((s) => `${s.label} ${r.subscores?.[s.key] ?? 0}/${s.max}`)
  const bands = instrument.subscales.map((s) => bandOf(s.bands, r.subscores?.[s.key] ?? 0)?.label ?? '')
  return { score: parts.join(', '), band: bands.join('; ') }
}

/** One instrument's results over time: a trend chart (with a table for screen readers) and every result with its note. */
export function MeasureHistory({ instrument, timeZone }: MeasureHistoryProps) {
  const history = useMeasureHistory(instrument.id)
  const { resolvedTheme } = useTheme()
  const remove = useConfirmedRemoval(useDeleteMeasureResponse(), {
    done: () => ({ title: text.removed }),
    failed: { title: text.removeFailed },
  })
  const [editing, setEditing] = React.useState<MeasureResponse | null>(null)

  if (history.isPending) return <Skeleton className="h-72" data-testid="measure-history-loading" />
  if (history.isError) {
    return (
      <LoadError message={text.loadError} retryLabel={measuresText.retry} onRetry={() => void history.refetch()} retrying={history.isFetching} />
    )
  }
  const list = history.data
  const oldestFirst = list.slice().reverse()
  const max = instrument.subscales.length === 0 ? instrument.maxTotal : Math.max(...instrument.subscales.map((s) => s.max))

  return (
    <div className="grid gap-4">
      <Card role="region" aria-labelledby="measure-trend-title" className="min-w-0">
        <CardHeader className="px-4 sm:px-6">
          <h2 id="measure-trend-title" className="flex items-center gap-2 text-lg font-semibold">
            <ChartLine aria-hidden="true" className="size-5 text-primary" />
            {text.chartTitle}
          </h2>
        </CardHeader>
        <CardContent className="px-4 sm:px-6">
          {list.length === 0 ? (
            <p className="rounded-lg bg-muted/60 px-4 py-8 text-center text-sm text-muted-foreground" data-testid="measure-history-empty">
              {text.empty}
            </p>
          ) : (
            <div aria-hidden="true" data-testid="measure-trend" data-points={list.length}>
              <React.Suspense fallback={<Skeleton className="h-60" />}>
                <MeasureTrendCanvas
                  id={instrument.id}
                  categories={oldestFirst.map((r) => formatShortDay(r.takenAt, timeZone))}
                  series={trendSeries(instrument, oldestFirst)}
                  max={max}
                  dark={resolvedTheme === 'dark'}
                />
              </React.Suspense>
            </div>
          )}
        </CardContent>
      </Card>

      {list.length > 0 && (
        <Card role="region" aria-labelledby="measure-list-title">
          <CardHeader className="px-4 sm:px-6">
            <h2 id="measure-list-title" className="text-lg font-semibold">
              {text.listTitle}
            </h2>
          </CardHeader>
          <CardContent className="px-4 sm:px-6">
            <ul className="grid gap-3" aria-label={text.tableCaption(instrument.title)}>
              {list.map((r) => {
                const day = formatDay(r.takenAt, timeZone)
                const { score, band } = scoreLine(instrument, r)
                return (
                  <li key={r.id} className="grid gap-1 rounded-lg border px-3 py-2" data-testid="measure-history-item">
                    <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                      <p className="font-medium">{day}</p>
                      <p className="text-sm">{score}</p>
                    </div>
                    <p className="text-sm text-muted-foreground">{band}</p>
                    <p className="text-sm break-words whitespace-pre-wrap">{r.note || <span className="text-muted-foreground">{text.noNote}</span>}</p>
                    <div className="flex gap-1">
                      <Button variant="ghost" size="sm" aria-label={text.editNoteLabel(day)} onClick={() => setEditing(r)}>
                        <Pencil aria-hidden="true" />
                        {text.editNote}
                      </Button>
                      <Button variant="ghost" size="sm" aria-label={text.removeLabel(day)} onClick={(e) => remove.ask(r, e.currentTarget)}>
                        <Trash2 aria-hidden="true" />
                        {text.remove}
                      </Button>
                    </div>
                  </li>
                )
              })}
            </ul>
          </CardContent>
        </Card>
      )}
      <NoteDialog response={editing} onClose={() => setEditing(null)} />
      <ConfirmRemoval
        removal={remove}
        title={text.removeTitle}
        description={text.removeDescription}
        cancelLabel={text.cancel}
        confirmLabel={text.remove}
      />
    </div>
  )
}

function NoteDialog({ response, onClose }: { response: MeasureResponse | null; onClose: () => void }) {
  return (
    <Dialog open={response !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{text.noteDialogTitle}</DialogTitle>
        </DialogHeader>
        {response && <NoteForm key={response.id} response={response} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  )
}

function NoteForm({ response, onClose }: { response: MeasureResponse; onClose: () => void }) {
  const update = useUpdateMeasureNote()
  const [note, setNote] = React.useState(response.note)
  const id = React.useId()
  return (
    <form
      className="grid gap-3"
      onSubmit={(e) => {
        e.preventDefault()
        update.mutate(
          { id: response.id, note },
          {
            onSuccess: () => {
              toast({ title: text.noteSaved })
              onClose()
            },
            onError: () => toast({ title: text.noteFailed, variant: 'destructive' }),
          },
        )
      }}
    >
      <Label htmlFor={id}>{text.note}</Label>
      <Textarea id={id} value={note} maxLength={1000} onChange={(e) => setNote(e.target.value)} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          {text.cancel}
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {text.saveNote}
        </Button>
      </DialogFooter>
    </form>
  )
}
