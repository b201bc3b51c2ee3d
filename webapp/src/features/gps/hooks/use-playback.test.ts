import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { PLAYBACK_STEP_MS, usePlayback } from './use-playback'

afterEach(() => {
  vi.useRealTimers()
})

describe('usePlayback', () => {
  it('follows the newest fix until moved, and keeps a chosen position', () => {
    const { result, rerender } = renderHook(({ count }) => usePlayback(count), { initialProps: { count: 3 } })
    expect(result.current.index).toBe(2)
    rerender({ count: 4 })
    expect(result.current.index).toBe(3)
    act(() => result.current.seek(1))
    rerender({ count: 5 })
    expect(result.current.index).toBe(1)
    act(() => result.current.reset())
    expect(result.current.index).toBe(4)
  })

  it('plays from the start when at the end, one fix a step, and stops at the last', () => {
    vi.useFakeTimers()
    const { result } = renderHook(() => usePlayback(3))
    act(() => result.current.toggle())
    expect(result.current.playing).toBe(true)
    expect(result.current.index).toBe(0)
    act(() => {
      vi.advanceTimersByTime(PLAYBACK_STEP_MS)
    })
    expect(result.current.index).toBe(1)
    act(() => {
      vi.advanceTimersByTime(PLAYBACK_STEP_MS)
    })
    expect(result.current.index).toBe(2)
    act(() => {
      vi.advanceTimersByTime(PLAYBACK_STEP_MS)
    })
    expect(result.current.index).toBe(2)
    expect(result.current.playing).toBe(false)
  })
})
