import { CircleCheck, CircleX, Eraser, Pause, Play, Radio } from 'lucide-react'
import * as React from 'react'

import { CopyField } from '@/components/copy-field'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/utils'

import { useDevicePackets, useWatchDevice } from '../api/device-packets'
import { devicesText } from '../content'
import type { Device, PacketRecord } from '../types'
import { simulatorCommand } from '../utils/format'

export type TesterDialogProps = {
  /** The bracelet under test; null closes the dialog. */
  device: Device | null
  onClose: () => void
  /** The page's host, for the simulator command's broker. */
  host?: string
}

/**
 * The tester view: a bracelet's latest raw packets, live, with how each was
 * decoded. While open it keeps the bracelet watched, so the server streams
 * its packets as `packet` events (merged into the query cache by the live
 * stream).
 */
export function TesterDialog({ device, onClose, host }: TesterDialogProps) {
  return (
    <Dialog open={device !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={devicesText.tester.close} className="max-h-[90dvh] max-w-2xl grid-rows-[auto_auto_1fr]">
        {device && <TesterView device={device} host={host} />}
      </DialogContent>
    </Dialog>
  )
}

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' })

function TesterView({ device, host }: { device: Device; host?: string }) {
  const text = devicesText.tester
  const packets = useDevicePackets(device.id)
  const watch = useWatchDevice(device.id)
  const [frozen, setFrozen] = React.useState<PacketRecord[] | null>(null)
  const [cleared, setCleared] = React.useState<ReadonlySet<string>>(new Set())

  const live = packets.data ?? []
  const shown = (frozen ?? live).filter((p) => !cleared.has(p.id))
  const frozenIds = new Set(frozen?.map((p) => p.id))
  const newWhilePaused = frozen ? live.filter((p) => !frozenIds.has(p.id) && !cleared.has(p.id)).length : 0

  const togglePause = () => setFrozen(frozen ? null : live)
  const clear = () => setCleared(new Set([...cleared, ...live.map((p) => p.id), ...(frozen ?? []).map((p) => p.id)]))

  return (
    <>
      <DialogHeader>
        <DialogTitle>{text.title(device.name)}</DialogTitle>
        <DialogDescription>{text.description}</DialogDescription>
      </DialogHeader>
      <div className="flex flex-wrap items-center gap-2">
        <span
          role="status"
          data-testid="tester-state"
          className={cn(
            'mr-auto flex items-center gap-1.5 text-sm font-medium',
            frozen ? 'text-muted-foreground' : 'text-emerald-700 dark:text-emerald-300',
          )}
        >
          {frozen ? <Pause aria-hidden="true" className="size-4" /> : <Radio aria-hidden="true" className="size-4" />}
          {frozen ? text.paused : text.live}
          {newWhilePaused > 0 && <span className="font-normal">· {text.newWhilePaused(newWhilePaused)}</span>}
        </span>
        <Button type="button" variant="outline" size="sm" onClick={togglePause} aria-pressed={frozen !== null}>
          {frozen ? <Play aria-hidden="true" /> : <Pause aria-hidden="true" />}
          {frozen ? text.resume : text.pause}
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={clear} disabled={shown.length === 0}>
          <Eraser aria-hidden="true" />
          {text.clear}
        </Button>
      </div>
      <div className="-mx-1 min-h-0 overflow-y-auto px-1" data-testid="tester-packets">
        {watch.failed && <p className="mb-2 text-sm text-muted-foreground">{text.liveUnavailable}</p>}
        {packets.isPending ? (
          <div className="grid gap-2">
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-20 w-full" />
          </div>
        ) : packets.isError ? (
          <p className="text-sm text-muted-foreground">{text.failed}</p>
        ) : shown.length === 0 ? (
          cleared.size > 0 ? (
            <p className="text-sm text-muted-foreground">{text.cleared}</p>
          ) : (
            <div className="grid gap-3 rounded-lg border border-dashed p-4" data-testid="tester-empty">
              <p className="font-medium">{text.emptyTitle}</p>
              <p className="text-sm text-muted-foreground">{text.emptyDescription}</p>
              <CopyField
                texts={devicesText.pairDialog.copyField}
                label={devicesText.pairDialog.command}
                value={simulatorCommand(device.id, text.tokenPlaceholder, host)}
                multiline
                testId="tester-simulator-command"
              />
            </div>
          )
        ) : (
          <ol className="grid gap-2" aria-label={text.list}>
            {shown.map((p) => (
              <PacketItem key={p.id} packet={p} />
            ))}
          </ol>
        )}
      </div>
    </>
  )
}

function outcomeLabel(p: PacketRecord): string {
  const text = devicesText.tester
  if (p.outcome === 'accepted') return p.kind ? `${text.accepted} · ${p.kind}` : text.accepted
  const reason = p.reason ? (devicesText.reasons[p.reason] ?? p.reason) : ''
  return reason ? `${text.rejected} · ${reason}` : text.rejected
}

function PacketItem({ packet: p }: { packet: PacketRecord }) {
  const text = devicesText.tester
  const accepted = p.outcome === 'accepted'
  return (
    <li data-testid="packet" className="grid gap-1.5 rounded-lg border bg-background/60 p-3 text-xs">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <Badge variant={accepted ? 'success' : 'danger'} data-testid="packet-outcome">
          {accepted ? <CircleCheck aria-hidden="true" /> : <CircleX aria-hidden="true" />}
          {outcomeLabel(p)}
        </Badge>
        <time dateTime={p.at} className="tabular-nums">
          {timeFormat.format(new Date(p.at))}
        </time>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-muted-foreground">
        <span className="min-w-0 truncate font-mono" title={p.topic}>
          <span className="sr-only">{text.topic}: </span>
          {p.topic}
        </span>
        <span data-testid="packet-size">
          {text.size(p.size)}
          {accepted && p.kind === 'position' && p.fixes ? ` · ${text.fixes(p.fixes)}` : ''}
        </span>
      </div>
      {p.excerpt !== '' && (
        <pre
          data-testid="packet-excerpt"
          className="max-h-32 overflow-auto rounded-md bg-muted px-2 py-1.5 font-mono text-[0.7rem] leading-relaxed wrap-anywhere whitespace-pre-wrap"
        >
          {p.encoding === 'hex' && <span className="mr-1.5 font-sans text-muted-foreground">{text.hex}</span>}
          {p.excerpt}
          {p.truncated && '…'}
        </pre>
      )}
      {p.truncated && (
        <p className="text-muted-foreground" data-testid="packet-truncated">
          {text.truncated(p.size)}.
        </p>
      )}
      {p.detail && (
        <p className="text-muted-foreground">
          {accepted && `${text.someRefused} `}
          <span data-testid="packet-detail">{p.detail}</span>
        </p>
      )}
      {p.dropped && p.dropped.length > 0 && (
        <p className="text-muted-foreground" data-testid="packet-dropped">
          {text.dropped}{' '}
          {p.dropped.map((d) => text.drop(d.field, devicesText.dropReasons[d.reason] ?? d.reason, d.count)).join(', ')}
        </p>
      )}
    </li>
  )
}
