import * as React from 'react'

/**
 * For content worth loading only once someone may look at it: a ref for the
 * element, and true from the moment it comes into view (or within
 * `rootMargin` of it), and from then on. Where IntersectionObserver is
 * missing it is true at once, so the content still shows.
 */
export function useInView<T extends Element>(rootMargin = '0px'): [React.RefCallback<T>, boolean] {
  const [seen, setSeen] = React.useState(() => typeof IntersectionObserver === 'undefined')
  const ref = React.useCallback(
    (element: T | null) => {
      if (!element || seen) return
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) setSeen(true)
        },
        { rootMargin },
      )
      observer.observe(element)
      return () => observer.disconnect()
    },
    [seen, rootMargin],
  )
  return [ref, seen]
}
