import * as React from 'react'

import { clampIndex, nextIndex } from '../utils/playback'

/** How long each fix stays on screen while playing. */
export const PLAYBACK_STEP_MS = 600

/**
 * The playback slider's position among `count` fixes. Until the person moves
 * it, it follows the newest fix (so a live fix moves it along); Play steps
 * from the current position to the end and stops there.
 */
export function usePlayback(count: number) {
  const [chosen, setChosen] = React.useState<number | null>(null)
  const [playing, setPlaying] = React.useState(false)
  const index = chosen === null ? Math.max(0, count - 1) : clampIndex(chosen, count)

  React.useEffect(() => {
    if (!playing) return
    const timer = setInterval(() => {
      setChosen((current) => {
        const next = nextIndex(current ?? count - 1, count)
        if (next === null) {
          setPlaying(false)
          return current
        }
        return next
      })
    }, PLAYBACK_STEP_MS)
    return () => clearInterval(timer)
  }, [playing, count])

  const toggle = React.useCallback(() => {
    setPlaying((was) => {
      if (!was && index >= count - 1) setChosen(0)
      return !was
    })
  }, [index, count])

  const seek = React.useCallback((i: number) => {
    setPlaying(false)
    setChosen(i)
  }, [])

  const reset = React.useCallback(() => {
    setPlaying(false)
    setChosen(null)
  }, [])

  return { index, playing, toggle, seek, reset }
}
