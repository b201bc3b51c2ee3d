import { useSearch } from 'wouter'

import { safeNextPath } from '@/lib/next-path'

/** The `?next=` of the current URL when it is a safe local path, else `/`. */
export function useNextPath(): string {
  const search = useSearch()
  return safeNextPath(new URLSearchParams(search).get('next'))
}
