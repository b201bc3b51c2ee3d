import * as React from 'react'

import { KEEP_SHARING_INTERVAL_S } from '@/features/gps/content'
import { useKeepSharing } from '@/features/gps/hooks/use-keep-sharing'
import { useWakeLock } from '@/features/gps/hooks/use-wake-lock'
import { useOpenSos } from '@/features/sos/api/get-open-sos'
import { SosBanner, type SosSharing } from '@/features/sos/components/sos-banner'

/** setTimeout's longest wait; a later deadline is checked again after it. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1

/** True once the clock has passed deadline (ms since the epoch); it re-renders at that moment. */
function usePassed(deadline: number | null): boolean {
  const [passed, setPassed] = React.useState<number | null>(null)
  React.useEffect(() => {
    if (deadline === null) return
    const timer = setTimeout(() => {
      if (Date.now() >= deadline) setPassed(deadline)
    }, Math.max(0, Math.min(deadline - Date.now(), MAX_TIMEOUT_MS)))
    return () => clearTimeout(timer)
  }, [deadline])
  return deadline !== null && passed === deadline
}

/**
 * The open SOS across the signed-in shell: its banner and, for the SOS
 * window, the GPS page's "Keep sharing while this page is open" (the same
 * hooks: the browser's position at a bracelet's pace, the screen kept on),
 * so supporters who may see where the person is see where they are now.
 */
export function SosNotice() {
  const open = useOpenSos()
  const sos = open.data ?? null
  const until = sos ? Date.parse(sos.sharingUntil) : null
  const ended = usePassed(until)
  const inWindow = sos !== null && !ended
  const sharing = useKeepSharing({ intervalMs: KEEP_SHARING_INTERVAL_S * 1000 })
  const { setOn } = sharing
  useWakeLock(sharing.on)

  React.useEffect(() => {
    // Date.now() again here: a window that ended before this page opened never starts sharing.
    setOn(inWindow && until !== null && until > Date.now())
  }, [inWindow, until, setOn])

  if (!sos) return null
  const state: SosSharing = !inWindow ? 'ended' : sharing.error ? 'blocked' : 'on'
  return <SosBanner sos={sos} sharing={state} />
}
