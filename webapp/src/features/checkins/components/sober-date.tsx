import * as React from 'react'
import { Link } from 'wouter'

import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { toast } from '@/hooks/use-toast'
import { isUnauthorizedError, readApiError } from '@/lib/api-client'

import { useSetSoberDate } from '../api/set-sober-date'
import { soberDateText } from '../content'
import type { Stats } from '../types'
import { formatMediumDate, isIsoDate } from '../utils/dates'

export type SoberDateProps = {
  stats: Pick<Stats, 'soberDate' | 'useSinceSoberDate'>
  /** The person's local date today: the latest sober date there can be. */
  today: string
  /** The check-in history, where a mistaken "Yes" is corrected. */
  historyPath: string
}

/**
 * The sober date on the Recovery days card: set, change or clear it, and,
 * when a check-in after it reports use, the offer to start again from that
 * day or to keep the date. Nothing changes unless the person says so.
 */
export function SoberDate({ stats, today, historyPath }: SoberDateProps) {
  const text = soberDateText
  const mutation = useSetSoberDate()
  const [editing, setEditing] = React.useState(false)
  const [value, setValue] = React.useState(stats.soberDate ?? today)
  const [error, setError] = React.useState<string>()
  const opener = React.useRef<HTMLButtonElement>(null)
  const input = React.useRef<HTMLInputElement>(null)

  // Focus moves into the field when it opens, and back to the button that opened it when it closes
  // (after the commit that brings the button back).
  const returning = React.useRef(false)
  React.useEffect(() => {
    if (editing) input.current?.focus()
    else if (returning.current) opener.current?.focus()
    returning.current = false
  }, [editing])

  const close = () => {
    returning.current = true
    setEditing(false)
    setError(undefined)
  }

  const save = (date: string | null, after?: () => void) => {
    mutation.mutate(date, {
      onSuccess: () => {
        toast(date === null ? text.cleared : text.saved)
        after?.()
      },
      onError: (err) => {
        if (isUnauthorizedError(err)) return
        const field = readApiError(err)?.fields?.date
        if (field && editing) setError(field)
        else toast({ ...text.failed, variant: 'destructive' })
      },
    })
  }

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    if (!isIsoDate(value)) return setError(text.required)
    if (value > today) return setError(text.future)
    save(value, close)
  }

  if (editing) {
    return (
      <form noValidate onSubmit={submit} className="mt-3 grid gap-3">
        <FormField label={text.label} hint={text.hint} error={error}>
          {(control) => (
            <Input
              {...control}
              ref={input}
              type="date"
              max={today}
              value={value}
              onChange={(event) => setValue(event.target.value)}
              className="max-w-48"
            />
          )}
        </FormField>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" className="rounded-full" disabled={mutation.isPending}>
            {mutation.isPending ? text.saving : text.save}
          </Button>
          <Button type="button" size="sm" variant="outline" className="rounded-full" onClick={close}>
            {text.cancel}
          </Button>
          {stats.soberDate && (
            <Button
              type="button"
              size="sm"
              variant="ghost"
              className="rounded-full"
              disabled={mutation.isPending}
              onClick={() => save(null, close)}
            >
              {text.clear}
            </Button>
          )}
        </div>
      </form>
    )
  }

  const use = stats.useSinceSoberDate
  const sober = stats.soberDate
  return (
    <div className="mt-2 grid gap-3">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        {sober && <span className="text-muted-foreground">{text.since(formatMediumDate(sober))}</span>}
        <Button
          ref={opener}
          variant="link"
          size="sm"
          className="h-auto p-0"
          onClick={() => {
            setValue(sober ?? today)
            setEditing(true)
          }}
        >
          {sober ? text.change : text.set}
        </Button>
      </div>
      {use && sober && (
        <div className="grid gap-3 rounded-lg bg-accent px-3.5 py-3 text-sm text-accent-foreground" data-testid="sober-date-offer">
          <p>{text.offer(formatMediumDate(use))}</p>
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              className="h-auto min-h-8 rounded-full py-1.5 whitespace-normal"
              disabled={mutation.isPending}
              onClick={() => save(use)}
            >
              {text.startAgain(formatMediumDate(use))}
            </Button>
            <Button
              size="sm"
              variant="outline"
              className="rounded-full"
              disabled={mutation.isPending}
              onClick={() => save(sober)}
            >
              {text.keepDate}
            </Button>
            <Button asChild size="sm" variant="ghost" className="rounded-full">
              <Link href={historyPath}>{text.correct}</Link>
            </Button>
          </div>
        </div>
      )}
    </div>
  )
}
