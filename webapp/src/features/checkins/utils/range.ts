import type { DateRange } from '../types'
import { isIsoDate } from './dates'

/** `?from=&to=` of the URL, keeping only real dates. */
export function readRange(search: string): DateRange {
  const params = new URLSearchParams(search)
  const pick = (name: string) => {
    const v = params.get(name)
    return v && isIsoDate(v) ? v : undefined
  }
  return { from: pick('from'), to: pick('to') }
}

/** `?from=&to=` for a range, or nothing. */
export function rangeSearch(range: DateRange): string {
  const params = new URLSearchParams()
  if (range.from) params.set('from', range.from)
  if (range.to) params.set('to', range.to)
  const s = params.toString()
  return s ? `?${s}` : ''
}
