import * as React from 'react'

import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Skeleton } from '@/components/ui/skeleton'
import { Switch } from '@/components/ui/switch'
import { toast } from '@/hooks/use-toast'
import { isUnauthorizedError, readApiError } from '@/lib/api-client'

import { useQuietHours } from '../api/get-quiet-hours'
import { useSaveQuietHours } from '../api/save-quiet-hours'
import { notificationsText } from '../content'
import { minutesToTime, timeToMinutes } from '../lib/time'
import type { QuietHours } from '../types'

const text = notificationsText.quiet


/** The quiet hours editor: start and end in the person's time zone; SOS is never delayed. */
export function QuietHoursEditor({ timeZone }: { timeZone: string }) {
  const quiet = useQuietHours()
  return quiet.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : quiet.isError ? (
        <p role="alert" className="text-sm">
          {notificationsText.channels.loadFailed}
        </p>
      ) : (
        <QuietHoursForm initial={quiet.data} timeZone={timeZone} />
      )
}

function QuietHoursForm({ initial, timeZone }: { initial: QuietHours; timeZone: string }) {
  const save = useSaveQuietHours()
  const [enabled, setEnabled] = React.useState(initial.quietStart != null)
  const [start, setStart] = React.useState(minutesToTime(initial.quietStart ?? 22 * 60))
  const [end, setEnd] = React.useState(minutesToTime(initial.quietEnd ?? 7 * 60))
  const [error, setError] = React.useState<string | undefined>()
  const switchId = React.useId()
  function submit(event: React.FormEvent) {
    event.preventDefault()
    const s = timeToMinutes(start)
    const e = timeToMinutes(end)
    if (enabled && (s == null || e == null || s === e)) {
      setError(text.same)
      return
    }
    setError(undefined)
    save.mutate(enabled ? { quietStart: s, quietEnd: e } : { quietStart: null, quietEnd: null }, {
      onSuccess: () => toast({ title: text.saved }),
      onError: (err) => {
        if (!isUnauthorizedError(err)) setError(readApiError(err)?.message ?? text.failed)
      },
    })
  }
  return (
    <form onSubmit={submit} className="grid gap-4">
      <div className="flex items-center gap-3">
        <Switch id={switchId} checked={enabled} onCheckedChange={setEnabled} />
        <label htmlFor={switchId} className="text-sm font-medium">
          {text.enabled}
        </label>
      </div>
      <fieldset disabled={!enabled} className="grid grid-cols-2 gap-3 disabled:opacity-60 sm:max-w-sm">
        <legend className="sr-only">{text.title}</legend>
        <FormField label={text.start}>
          {(control) => <Input {...control} type="time" value={start} onChange={(e) => setStart(e.target.value)} />}
        </FormField>
        <FormField label={text.end}>
          {(control) => <Input {...control} type="time" value={end} onChange={(e) => setEnd(e.target.value)} />}
        </FormField>
      </fieldset>
      <p className="text-sm text-muted-foreground">{text.timeZone(timeZone)}</p>
      {error && (
        <p role="alert" className="text-sm font-medium text-destructive dark:text-red-300">
          {error}
        </p>
      )}
      <div>
        <Button type="submit" disabled={save.isPending}>
          {text.save}
        </Button>
      </div>
    </form>
  )
}
