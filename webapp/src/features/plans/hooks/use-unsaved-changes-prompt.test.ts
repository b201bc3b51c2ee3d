import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { useUnsavedChangesPrompt } from './use-unsaved-changes-prompt'

/** Dispatches a cancelable beforeunload as the browser does; true when the page asked to stay. */
function leave(): boolean {
  const event = new Event('beforeunload', { cancelable: true })
  window.dispatchEvent(event)
  return event.defaultPrevented
}

describe('useUnsavedChangesPrompt', () => {
  it('asks before leaving only while there are unsaved changes', () => {
    const { rerender } = renderHook(({ dirty }) => useUnsavedChangesPrompt(dirty), { initialProps: { dirty: false } })
    expect(leave()).toBe(false)

    rerender({ dirty: true })
    expect(leave()).toBe(true)

    rerender({ dirty: false })
    expect(leave()).toBe(false)
  })

  it('stops asking when the editor goes away', () => {
    const { unmount } = renderHook(() => useUnsavedChangesPrompt(true))
    expect(leave()).toBe(true)
    unmount()
    expect(leave()).toBe(false)
  })
})
