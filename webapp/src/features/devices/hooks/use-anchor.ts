import * as React from 'react'

/**
 * Calls `onVisit` when the page's URL fragment is `#anchor`, on arrival or
 * when a link sets it, then drops the fragment so the same link works again.
 */
export function useAnchor(anchor: string, onVisit: () => void) {
  const visit = React.useEffectEvent(onVisit)
  React.useEffect(() => {
    const check = () => {
      if (window.location.hash !== `#${anchor}`) return
      window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search)
      visit()
    }
    check()
    window.addEventListener('hashchange', check)
    return () => window.removeEventListener('hashchange', check)
  }, [anchor])
}
