import * as React from 'react'

export type CopyState = 'idle' | 'copied' | 'failed'

/**
 * Copies text to the clipboard and says how it went: `failed` when the
 * browser refuses (no permission, an insecure page), so the screen can ask
 * the person to copy by hand.
 */
export function useCopy(): { state: CopyState; copy: (text: string) => Promise<void> } {
  const [state, setState] = React.useState<CopyState>('idle')
  const copy = React.useCallback(async (text: string) => {
    try {
      await navigator.clipboard.writeText(text)
      setState('copied')
    } catch {
      setState('failed')
    }
  }, [])
  return { state, copy }
}
