import { act, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'

import { useInView } from '@/hooks/use-in-view'

function Probe() {
  const [ref, seen] = useInView<HTMLDivElement>()
  return <div ref={ref}>{seen ? 'seen' : 'not yet'}</div>
}

/** The browser's IntersectionObserver, driven by the test: `report(true)` is the element scrolling into view. */
class ScriptedObserver {
  static last: ScriptedObserver | undefined
  observed: Element[] = []
  disconnected = false
  readonly callback: IntersectionObserverCallback
  constructor(callback: IntersectionObserverCallback) {
    this.callback = callback
    ScriptedObserver.last = this
  }
  observe(element: Element) {
    this.observed.push(element)
  }
  disconnect() {
    this.disconnected = true
  }
  report(isIntersecting: boolean) {
    const entries = this.observed.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry)
    this.callback(entries, this as unknown as IntersectionObserver)
  }
}

describe('useInView', () => {
  it('is false until the element comes into view, then true for good', () => {
    vi.stubGlobal('IntersectionObserver', ScriptedObserver)
    render(<Probe />)
    const observer = ScriptedObserver.last!

    expect(screen.getByText('not yet')).toBeInTheDocument()
    act(() => observer.report(false))
    expect(screen.getByText('not yet')).toBeInTheDocument()

    act(() => observer.report(true))
    expect(screen.getByText('seen')).toBeInTheDocument()
    expect(observer.disconnected).toBe(true)
  })

  it('is true at once where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined)
    render(<Probe />)

    expect(screen.getByText('seen')).toBeInTheDocument()
  })
})
