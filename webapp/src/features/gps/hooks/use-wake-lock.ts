import * as React from 'react'

/** `held`: the screen stays on; `unsupported`/`refused`: the browser will not keep it on. */
export type WakeLockState = 'off' | 'held' | 'unsupported' | 'refused'

/**
 * Keeps the screen on while `wanted`, with the Screen Wake Lock API where
 * the browser has it. The browser drops the lock whenever the page is
 * hidden, so it is asked for again each time the page becomes visible.
 */
export function useWakeLock(wanted: boolean): WakeLockState {
  const wakeLock = typeof navigator !== 'undefined' && 'wakeLock' in navigator ? navigator.wakeLock : undefined
  const [state, setState] = React.useState<'held' | 'refused' | null>(null)

  React.useEffect(() => {
    if (!wanted || !wakeLock) return
    let sentinel: WakeLockSentinel | null = null
    let active = true
    const acquire = () => {
      if (document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return
      wakeLock.request('screen').then(
        (lock) => {
          if (!active) return void lock.release().catch(() => {})
          sentinel = lock
          setState('held')
          lock.addEventListener('release', () => {
            if (active) setState('refused')
          })
        },
        () => {
          if (active) setState('refused')
        },
      )
    }
    const onVisibility = () => acquire()
    acquire()
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      active = false
      document.removeEventListener('visibilitychange', onVisibility)
      void sentinel?.release().catch(() => {})
      setState(null)
    }
  }, [wanted, wakeLock])

  if (!wanted) return 'off'
  if (!wakeLock) return 'unsupported'
  return state ?? 'off'
}
