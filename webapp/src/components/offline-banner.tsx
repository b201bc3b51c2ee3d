import { WifiOff } from 'lucide-react'

import { useOnlineStatus } from '@/hooks/use-online-status'

/** While offline, every screen says so: what it shows was loaded earlier and may be out of date. */
export function OfflineBanner() {
  const online = useOnlineStatus()
  if (online) return null
  return (
    <div role="status" className="flex items-center justify-center gap-2 bg-foreground px-4 py-2 text-center text-sm font-medium text-background">
      <WifiOff aria-hidden="true" className="size-4 shrink-0" />
      <p>You're offline. What you see was loaded earlier and may be out of date.</p>
    </div>
  )
}
