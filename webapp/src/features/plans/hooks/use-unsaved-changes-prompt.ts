import * as React from 'react'

/**
 * While `dirty`, leaving the page (closing the tab, reloading, typing another
 * address) makes the browser ask first. The browser writes the question: it
 * ignores any text a page gives it.
 */
export function useUnsavedChangesPrompt(dirty: boolean) {
  React.useEffect(() => {
    if (!dirty) return
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => window.removeEventListener('beforeunload', onBeforeUnload)
  }, [dirty])
}
