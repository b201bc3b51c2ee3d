import { Download } from 'lucide-react'
import * as React from 'react'

import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'

import { checkinsExportUrl } from '../api/export-checkins'
import { historyText } from '../content'
import type { DateRange } from '../types'

export type HistoryFilterProps = {
  range: DateRange
  onChange: (range: DateRange) => void
  /** The latest date that can be picked (the user's today). */
  max: string
}

/** The date-range filter of the history, and the CSV export of the same range. */
export function HistoryFilter({ range, onChange, max }: HistoryFilterProps) {
  const id = React.useId()
  const [from, setFrom] = React.useState(range.from ?? '')
  const [to, setTo] = React.useState(range.to ?? '')
  const [error, setError] = React.useState<string | null>(null)

  const apply = (event: React.FormEvent) => {
    event.preventDefault()
    if (from && to && from > to) {
      setError(historyText.rangeInvalid)
      return
    }
    setError(null)
    onChange({ from: from || undefined, to: to || undefined })
  }

  const clear = () => {
    setError(null)
    setFrom('')
    setTo('')
    onChange({})
  }

  const filtered = Boolean(range.from || range.to)
  return (
    <form
      role="search"
      aria-label={historyText.filter}
      onSubmit={apply}
      noValidate
      className="grid gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-5"
    >
      <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-from`}>{historyText.from}</Label>
          <Input
            id={`${id}-from`}
            type="date"
            value={from}
            max={to || max}
            onChange={(e) => setFrom(e.target.value)}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${id}-error` : undefined}
            className="sm:w-44"
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-to`}>{historyText.to}</Label>
          <Input
            id={`${id}-to`}
            type="date"
            value={to}
            min={from || undefined}
            max={max}
            onChange={(e) => setTo(e.target.value)}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${id}-error` : undefined}
            className="sm:w-44"
          />
        </div>
        <div className="col-span-2 flex flex-wrap gap-2">
          <Button type="submit" className="rounded-full">
            {historyText.apply}
          </Button>
          {filtered && (
            <Button type="button" variant="ghost" className="rounded-full" onClick={clear}>
              {historyText.clear}
            </Button>
          )}
          <Button asChild variant="outline" className="rounded-full sm:ml-auto">
            <a href={checkinsExportUrl(range)} download title={historyText.exportHint}>
              <Download aria-hidden="true" />
              {historyText.export}
            </a>
          </Button>
        </div>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive dark:text-red-300">
          {error}
        </p>
      )}
    </form>
  )
}
