import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'

import { readApiError } from '@/lib/api-client'

export const formErrorText = {
  network: "We couldn't reach Lifeline. Check your connection and try again.",
  server: 'Something went wrong on our side. Please try again in a moment.',
  generic: 'Something went wrong. Please try again.',
} as const

/**
 * Shows a failed request on a react-hook-form form: the server's per-field
 * messages go under the matching inputs, and the returned text (or null when
 * every problem has an input) goes above the form. A 401, 409 or 429 returns
 * the server's own message ("Email or password is incorrect.").
 */
export function applyServerError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  inputs: readonly Path<T>[],
): string | null {
  const details = readApiError(error)
  if (!details) return formErrorText.network
  if (details.status >= 500) return formErrorText.server

  const unplaced: string[] = []
  let placed = 0
  for (const [field, message] of Object.entries(details.fields ?? {})) {
    const input = inputs.find((name) => name === field)
    if (input) {
      setError(input, { type: 'server', message }, { shouldFocus: placed === 0 })
      placed++
    } else {
      unplaced.push(message)
    }
  }
  if (unplaced.length > 0) return unplaced.join(' ')
  if (placed > 0) return null
  return details.message ?? formErrorText.generic
}
