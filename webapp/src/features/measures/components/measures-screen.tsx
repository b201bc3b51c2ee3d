import { ClipboardList, FileHeart } from 'lucide-react'
import * as React from 'react'
import { Link } from 'wouter'

import { LoadError } from '@/components/load-error'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card'
import { NativeSelect } from '@/components/ui/native-select'
import { Skeleton } from '@/components/ui/skeleton'
import { toast } from '@/hooks/use-toast'

import { useInstruments } from '../api/get-instruments'
import { useMeasures } from '../api/get-measures'
import { useSaveMeasureSchedule } from '../api/save-measure-schedule'
import { measuresText as text, scheduleText } from '../content'
import type { Instrument, MeasureStatus } from '../types'
import { formatDay } from '../utils/format'

export type MeasuresScreenProps = {
  /** The path of one instrument's page ("/measures/phq9") and of its history. */
  takePath: (id: string) => string
  historyPath: (id: string) => string
  /** The page that turns the results into a file and a summary for a clinician. */
  clinicianPath: string
  timeZone?: string
}

function dueLine(s: MeasureStatus, timeZone?: string): string {
  if (s.due) return text.due
  if (s.nextDueAt) return text.dueOn(formatDay(s.nextDueAt, timeZone))
  return text.notScheduled
}

function latestLine(instrument: Instrument, s: MeasureStatus, timeZone?: string): string {
  if (!s.latest) return text.never
  const when = text.lastTaken(formatDay(s.latest.takenAt, timeZone))
  if (instrument.subscales.length > 0) return when
  return `${when}: ${s.latest.bandLabel} (${text.scoreOf(s.latest.total, instrument.maxTotal)})`
}

/** The four questionnaires: what is due, the newest result, take one, see its history; and the schedule. */
export function MeasuresScreen({ takePath, historyPath, clinicianPath, timeZone }: MeasuresScreenProps) {
  const instruments = useInstruments()
  const statuses = useMeasures()

  if (instruments.isPending || statuses.isPending) {
    return (
      <div className="grid gap-4" aria-busy="true" aria-label={text.loading}>
        <Skeleton className="h-10 w-60" />
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
      </div>
    )
  }
  if (instruments.isError || statuses.isError) {
    return (
      <LoadError
        message={text.loadError}
        retryLabel={text.retry}
        onRetry={() => void Promise.all([instruments.refetch(), statuses.refetch()])}
        retrying={instruments.isFetching || statuses.isFetching}
      />
    )
  }
  const byId = new Map(statuses.data.map((s) => [s.instrument, s]))
  return (
    <div className="grid gap-6">
      <header className="grid gap-2">
        <h1 className="flex items-center gap-2 text-2xl font-semibold">
          <ClipboardList aria-hidden="true" className="size-6 text-primary" />
          {text.title}
        </h1>
        <p className="max-w-prose text-muted-foreground">{text.intro}</p>
        <p>
          <Link href={clinicianPath} className="inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline">
            <FileHeart aria-hidden="true" className="size-4" />
            {text.clinicianLink}
          </Link>
        </p>
      </header>
      <ul className="grid gap-4 md:grid-cols-2">
        {instruments.data.map((instrument) => {
          const s = byId.get(instrument.id)
          if (!s) return null
          return (
            <li key={instrument.id}>
              <Card className="h-full" data-testid={`measure-${instrument.id}`}>
                <CardHeader className="px-4 sm:px-6">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h2 className="text-lg font-semibold">{instrument.title}</h2>
                    <Badge variant={s.due ? 'default' : 'outline'}>{dueLine(s, timeZone)}</Badge>
                  </div>
                  <CardDescription>
                    {instrument.name} · {text.itemCount(instrument.items.length)}
                  </CardDescription>
                </CardHeader>
                <CardContent className="grid gap-3 px-4 sm:px-6">
                  <p className="text-sm">{latestLine(instrument, s, timeZone)}</p>
                  <div className="flex flex-wrap gap-2">
                    <Button asChild variant={s.due ? 'default' : 'outline'}>
                      <Link href={takePath(instrument.id)}>{text.take(instrument.title)}</Link>
                    </Button>
                    <Button asChild variant="ghost">
                      <Link href={historyPath(instrument.id)} aria-label={text.historyLabel(instrument.title)}>
                        {text.history}
                      </Link>
                    </Button>
                  </div>
                </CardContent>
              </Card>
            </li>
          )
        })}
      </ul>
      <ScheduleCard instruments={instruments.data} statuses={statuses.data} />
    </div>
  )
}

function ScheduleCard({ instruments, statuses }: { instruments: Instrument[]; statuses: MeasureStatus[] }) {
  const save = useSaveMeasureSchedule()
  const [chosen, setChosen] = React.useState<Record<string, number>>(() =>
    Object.fromEntries(statuses.map((s) => [s.instrument, s.everyDays])),
  )
  return (
    <Card role="region" aria-labelledby="measure-schedule-title">
      <CardHeader className="px-4 sm:px-6">
        <h2 id="measure-schedule-title" className="text-lg font-semibold">
          {scheduleText.title}
        </h2>
        <CardDescription>{scheduleText.description}</CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault()
            save.mutate(
              instruments.map((i) => ({ instrument: i.id, everyDays: chosen[i.id] ?? 0 })),
              {
                onSuccess: () => toast({ title: scheduleText.saved }),
                onError: () => toast({ title: scheduleText.saveFailed, variant: 'destructive' }),
              },
            )
          }}
        >
          <div className="grid gap-3 sm:grid-cols-2">
            {instruments.map((i) => {
              const value = chosen[i.id] ?? 0
              const choices = scheduleText.choices.includes(value) ? scheduleText.choices : [...scheduleText.choices, value]
              return (
                <label key={i.id} className="grid gap-1.5 text-sm font-medium">
                  <span>{i.title}</span>
                  <NativeSelect
                    aria-label={scheduleText.label(i.title)}
                    value={String(value)}
                    onChange={(e) => setChosen({ ...chosen, [i.id]: Number(e.target.value) })}
                  >
                    {choices.map((days) => (
                      <option key={days} value={days}>
                        {days === 0 ? scheduleText.off : scheduleText.every(days)}
                      </option>
                    ))}
                  </NativeSelect>
                </label>
              )
            })}
          </div>
          <div>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? scheduleText.saving : scheduleText.save}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  )
}
