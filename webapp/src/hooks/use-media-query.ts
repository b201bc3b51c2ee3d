import * as React from 'react'

/**
 * True while the CSS media query matches; follows changes (rotation,
 * resizing, system settings) live. False where matchMedia is missing.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = React.useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {}
      const media = window.matchMedia(query)
      media.addEventListener?.('change', onChange)
      return () => media.removeEventListener?.('change', onChange)
    },
    [query],
  )
  const getSnapshot = () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches
  return React.useSyncExternalStore(subscribe, getSnapshot, () => false)
}
