export type SymptomExportFormat = 'csv' | 'json'

/**
 * `GET /api/symptoms/export?format=`: every log as a download. It is a plain
 * same-origin link (the browser sends the session cookie and saves the
 * attachment under the server's file name), so this operation has a URL and
 * no fetcher.
 */
export function symptomsExportUrl(format: SymptomExportFormat): string {
  return `/api/symptoms/export?format=${format}`
}
