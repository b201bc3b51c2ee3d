import { AlertTriangle, Radio, Smartphone } from 'lucide-react'
import * as React from 'react'

import { FormMessage } from '@/components/ui/form-message'
import { Label } from '@/components/ui/label'
import { Switch } from '@/components/ui/switch'
import { pageAnchors } from '@/config/routes'

import { gpsText } from '../content'
import type { KeepSharing } from '../hooks/use-keep-sharing'
import type { WakeLockState } from '../hooks/use-wake-lock'
import { formatTime } from '../utils/format'

export type KeepSharingSwitchProps = {
  sharing: KeepSharing
  /** The id of the status panel the switch controls. */
  statusId: string
}

/** The "Keep sharing while this page is open" switch beside Share My Location. */
export function KeepSharingSwitch({ sharing, statusId }: KeepSharingSwitchProps) {
  const id = React.useId()
  return (
    <div className="flex min-h-9 items-center gap-2.5">
      <Switch id={id} checked={sharing.on} onCheckedChange={sharing.setOn} aria-controls={statusId} />
      <Label htmlFor={id} className="cursor-pointer leading-snug">
        {gpsText.keepSharing.label}
      </Label>
    </div>
  )
}

export type KeepSharingStatusProps = {
  id: string
  sharing: KeepSharing
  wakeLock: WakeLockState
  timeZone?: string
}

/**
 * While sharing: "Sharing…" with the last fix's accuracy and time, the pace,
 * whether the screen stays on, and the honest limits of a browser with a
 * link to the phone apps. After sharing stopped by itself: why.
 */
export function KeepSharingStatus({ id, sharing, wakeLock, timeZone }: KeepSharingStatusProps) {
  const text = gpsText.keepSharing
  if (!sharing.on) {
    return (
      <div id={id} data-testid="keep-sharing-status" className="empty:hidden">
        <FormMessage>{sharing.error}</FormMessage>
      </div>
    )
  }
  const last = sharing.last
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      data-testid="keep-sharing-status"
      className="grid gap-2 rounded-xl border border-primary/30 bg-primary/5 px-4 py-3 text-sm"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2 id={`${id}-title`} className="flex items-center gap-2 font-semibold">
          <span className="relative flex size-2.5" aria-hidden="true">
            <span className="absolute inline-flex size-full animate-ping rounded-full bg-primary opacity-60 motion-reduce:animate-none" />
            <span className="relative inline-flex size-2.5 rounded-full bg-primary" />
          </span>
          <Radio aria-hidden="true" className="size-4 text-primary" />
          {gpsText.sharing}
        </h2>
        <p role="status" data-testid="keep-sharing-last">
          {last ? text.last(text.accuracy(last.accuracy), formatTime(last.at, timeZone)) : text.waiting}
        </p>
      </div>
      {sharing.positionLost && (
        <p className="flex items-start gap-2 text-destructive dark:text-red-200" role="alert">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {text.positionLost}
        </p>
      )}
      {sharing.sendFailed && (
        <p className="flex items-start gap-2 text-destructive dark:text-red-200" role="alert">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {text.sendFailed}
        </p>
      )}
      <p className="text-muted-foreground">
        {text.pace} {text.wakeLock[wakeLock] ?? ''}
      </p>
      <p className="text-muted-foreground">
        {text.note}{' '}
        <a
          href={`#${pageAnchors.pairPhone}`}
          className="inline-flex items-center gap-1 font-medium text-primary underline underline-offset-4"
        >
          <Smartphone aria-hidden="true" className="size-3.5" />
          {text.connectPhone}
        </a>
      </p>
    </section>
  )
}
