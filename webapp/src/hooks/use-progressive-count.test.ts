import { act, renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { useProgressiveCount } from './use-progressive-count'

describe('useProgressiveCount', () => {
  it('draws a short list whole at once', () => {
    const { result } = renderHook(() => useProgressiveCount(5, { first: 20 }))
    expect(result.current).toBe(5)
  })

  it('draws the first screenful, then the rest in batches until everyone is drawn', async () => {
    const seen: number[] = []
    const { result } = renderHook(() => {
      const n = useProgressiveCount(200, { first: 20, batch: 40 })
      seen.push(n)
      return n
    })
    expect(seen[0]).toBe(20)
    await waitFor(() => expect(result.current).toBe(200))
    const distinct = [...new Set(seen)]
    expect(distinct).toEqual([20, 60, 100, 140, 180, 200])
  })

  it('follows a list that grows after it was drawn', async () => {
    const { result, rerender } = renderHook(({ total }) => useProgressiveCount(total, { first: 2, batch: 2 }), {
      initialProps: { total: 2 },
    })
    expect(result.current).toBe(2)
    act(() => rerender({ total: 7 }))
    await waitFor(() => expect(result.current).toBe(7))
  })
})
