import { TriangleAlert } from 'lucide-react'
import * as React from 'react'

import { Button } from '@/components/ui/button'
import { formatClock } from '@/lib/date-format'

import { devicesText } from '../content'
import type { Device } from '../types'

export type RefusedReportsProps = {
  device: Device
}

/**
 * "3 reports refused today: why?" on a device's card: over MQTT 3.1.1 a
 * refused report is acknowledged like a stored one, and a phone app only logs
 * a refusal, so this is where the owner learns of it (issue 27).
 */
export function RefusedReports({ device }: RefusedReportsProps) {
  const text = devicesText.refused
  const [open, setOpen] = React.useState(false)
  const whyId = React.useId()
  if (device.refusedToday <= 0) return null
  const last = device.lastRefusal
  const reason = last ? (devicesText.reasons[last.reason] ?? last.reason) : ''
  return (
    <div data-testid="device-refused" className="grid gap-1.5 rounded-md border border-amber-600/30 bg-amber-50 px-2.5 py-2 text-xs text-amber-950 dark:bg-amber-950 dark:text-amber-100">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <span className="flex items-center gap-1.5 font-medium">
          <TriangleAlert aria-hidden="true" className="size-3.5 shrink-0" />
          {text.count(device.refusedToday)}
        </span>
        {last && (
          <Button
            variant="link"
            size="sm"
            className="h-auto p-0 text-xs text-amber-950 underline dark:text-amber-100"
            aria-expanded={open}
            aria-controls={whyId}
            onClick={() => setOpen((on) => !on)}
          >
            {open ? text.hide : text.why}
          </Button>
        )}
      </div>
      {last && (
        <div id={whyId} hidden={!open} className="grid gap-1">
          <div data-testid="device-refused-why" className="grid gap-1">
            <p>{text.latest(formatClock(last.at), reason)}</p>
            {last.detail && <p className="rounded bg-amber-100/70 px-1.5 py-1 font-mono text-[0.7rem] break-words dark:bg-amber-900/60">{last.detail}</p>}
          </div>
          <p>{text.keep}</p>
        </div>
      )}
    </div>
  )
}
