import { RefreshCw } from 'lucide-react'

import { Button } from '@/components/ui/button'

import { useUpdateReady } from './service-worker'

/** "A new version is ready": shown once a new build has installed, until the person reloads. */
export function UpdatePrompt() {
  const applyUpdate = useUpdateReady()
  if (!applyUpdate) return null
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-[calc(var(--bottom-bar-height,0px)+0.75rem)] z-50 mx-auto flex max-w-md items-center justify-between gap-3 rounded-xl border border-border bg-card px-4 py-3 text-sm text-card-foreground shadow-lg"
    >
      <p>A new version of Lifeline is ready.</p>
      <Button size="sm" onClick={applyUpdate}>
        <RefreshCw aria-hidden="true" />
        Reload
      </Button>
    </div>
  )
}
