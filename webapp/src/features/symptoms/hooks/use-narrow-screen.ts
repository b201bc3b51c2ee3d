import * as React from 'react'

/** Below Tailwind's `sm` breakpoint: a phone held upright. */
const QUERY = '(max-width: 639px)'

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {}
  const media = window.matchMedia(QUERY)
  media.addEventListener?.('change', onChange)
  return () => media.removeEventListener?.('change', onChange)
}

function getSnapshot(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(QUERY).matches
}

/** True on a narrow screen; follows rotation and resizing live. */
export function useNarrowScreen(): boolean {
  return React.useSyncExternalStore(subscribe, getSnapshot, () => false)
}
