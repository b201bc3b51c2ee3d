import type { DateRange } from '../types'

/**
 * `GET /api/checkins/export?from=&to=`: a CSV download. It is a plain
 * same-origin link (the browser sends the session cookie and saves the
 * attachment), so this operation has a URL and no fetcher.
 */
export function checkinsExportUrl(range: DateRange = {}): string {
  const query = new URLSearchParams()
  if (range.from) query.set('from', range.from)
  if (range.to) query.set('to', range.to)
  const search = query.toString()
  return search ? `/api/checkins/export?${search}` : '/api/checkins/export'
}
