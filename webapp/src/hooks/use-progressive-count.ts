import * as React from 'react'

/**
 * How many of a long list's items to draw: the first screenful at once, then
 * `batch` more each frame, as a transition (a tap or a keystroke goes
 * first), until all are drawn. A caseload of 200 people then shows its first
 * rows as soon as the data arrives and never holds the main thread for one
 * long task; everyone is in the list a few frames later.
 */
export function useProgressiveCount(total: number, { first = 20, batch = 40 } = {}): number {
  const [count, setCount] = React.useState(first)
  React.useEffect(() => {
    if (count >= total) return
    const frame = requestAnimationFrame(() => React.startTransition(() => setCount((c) => c + batch)))
    return () => cancelAnimationFrame(frame)
  }, [count, total, batch])
  return Math.min(count, total)
}
