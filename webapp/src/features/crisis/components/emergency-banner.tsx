import { Siren } from 'lucide-react'

import { crisisText } from '../content'

export function EmergencyBanner() {
  return (
    <div
      role="note"
      className="flex items-center gap-3 rounded-xl border border-destructive/30 bg-destructive/10 px-4 py-3 text-sm font-semibold text-red-800 dark:text-red-200"
    >
      <Siren aria-hidden="true" className="size-5 shrink-0" />
      <p>{crisisText.emergency}</p>
    </div>
  )
}
