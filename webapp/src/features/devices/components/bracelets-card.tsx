import { Activity, BatteryCharging, BatteryMedium, Check, Pencil, Plug, PlugZap, Plus, Trash2, Watch, X } from 'lucide-react'
import * as React from 'react'

import { QueryList } from '@/components/query-list'
import { ConfirmRemoval } from '@/components/confirm-removal'
import { Badge, type BadgeProps } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Skeleton } from '@/components/ui/skeleton'
import { pageAnchors } from '@/config/routes'
import { useAdvanced } from '@/hooks/use-advanced'
import { useConfirmedRemoval } from '@/hooks/use-confirmed-removal'
import { toast } from '@/hooks/use-toast'
import { isUnauthorizedError, readApiError } from '@/lib/api-client'

import { useDevices } from '../api/get-devices'
import { useRenameDevice } from '../api/rename-device'
import { useRevokeDevice } from '../api/revoke-device'
import { devicesText } from '../content'
import { useAnchor } from '../hooks/use-anchor'
import type { Device, DeviceKind } from '../types'
import { formatLastSeen, formatTimeLeft } from '../utils/format'
import { PairDialog } from './pair-dialog'
import { RefusedReports } from './refused-reports'
import { TesterDialog } from './tester-dialog'

const healthVariant: Record<string, BadgeProps['variant']> = {
  ok: 'success',
  never_seen: 'muted',
  no_gps_fix: 'warning',
  offline: 'danger',
  battery_died: 'danger',
}

export type BraceletsCardProps = {
  /** The page's host, for the simulator command's broker. */
  host?: string
}

/**
 * Issue 8 item 6: pair, list (last seen, battery, time left, health,
 * connection), rename and revoke bracelets, and (with Advanced on in
 * Settings) open a bracelet's tester view.
 */
export function BraceletsCard({ host }: BraceletsCardProps) {
  const text = devicesText
  const devices = useDevices()
  const [pairing, setPairing] = React.useState<DeviceKind | null>(null)
  // The GPS page's "Connect a phone app" link.
  useAnchor(pageAnchors.pairPhone, () => setPairing('phone'))
  const [testing, setTesting] = React.useState<Device | null>(null)
  const advanced = useAdvanced()
  const revocation = useConfirmedRemoval(useRevokeDevice(), {
    done: (device: Device) => text.toasts.revoked(device.name),
    failed: text.toasts.revokeFailed,
  })

  return (
    <Card className="gap-3" data-testid="bracelets-card">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <Watch aria-hidden="true" className="size-4 text-primary" />
            {text.title}
          </CardTitle>
          <CardDescription>{text.description}</CardDescription>
        </div>
        <Button size="sm" className="rounded-full" onClick={() => setPairing('bracelet')}>
          <Plus aria-hidden="true" />
          {text.pair}
        </Button>
      </CardHeader>
      <CardContent>
        <QueryList
          query={devices}
          loading={
            <div className="grid gap-2">
              <Skeleton className="h-16 w-full" />
            </div>
          }
          error={{ message: text.failed, retryLabel: text.retry }}
          empty={<p className="text-sm text-muted-foreground">{text.empty}</p>}
        >
          {(items) => (
            <ul className="grid gap-3 md:grid-cols-2" aria-label={text.title}>
              {items.map((device) => (
                <DeviceRow
                  key={device.id}
                  device={device}
                  onRevoke={() => revocation.ask(device)}
                  onTest={advanced ? () => setTesting(device) : undefined}
                />
              ))}
            </ul>
          )}
        </QueryList>
      </CardContent>

      <PairDialog
        open={pairing !== null}
        onOpenChange={(open) => setPairing(open ? (pairing ?? 'bracelet') : null)}
        host={host}
        initialKind={pairing ?? 'bracelet'}
      />
      {advanced && <TesterDialog device={testing} onClose={() => setTesting(null)} host={host} />}

      <ConfirmRemoval
        removal={revocation}
        title={(device) => text.revokeTitle(device.name)}
        description={text.revokeDescription}
        cancelLabel={text.cancel}
        confirmLabel={text.revokeConfirm}
        pendingLabel={text.revoking}
      />
    </Card>
  )
}

/** `onTest` opens the tester view; without it (Advanced off) the row offers none. */
function DeviceRow({ device, onRevoke, onTest }: { device: Device; onRevoke: () => void; onTest?: () => void }) {
  const text = devicesText
  const [renaming, setRenaming] = React.useState(false)
  const renameButton = React.useRef<HTMLButtonElement>(null)
  const finishRenaming = () => {
    setRenaming(false)
    // The field goes away: focus returns to the button that opened it.
    requestAnimationFrame(() => renameButton.current?.focus())
  }
  const lastSeen = formatLastSeen(device.lastSeenAt) ?? text.never
  const timeLeft = formatTimeLeft(device.batteryTimeLeftMinutes)
  const health = text.health[device.health] ?? text.unknownHealth
  const BatteryIcon = device.charging ? BatteryCharging : BatteryMedium
  return (
    <li data-testid="device-row" className="grid gap-3 rounded-lg border bg-background/60 p-3 text-sm">
      <div className="flex items-start justify-between gap-2">
        <div className="grid min-w-0 flex-1 gap-0.5">
          {renaming ? (
            <RenameField device={device} onDone={finishRenaming} />
          ) : (
            <span className="truncate font-medium" data-testid="device-name">
              {device.name}
            </span>
          )}
          <span className="truncate font-mono text-xs text-muted-foreground">
            <span className="sr-only">{text.deviceId}: </span>
            {device.id}
          </span>
        </div>
        {!renaming && (
          <div className="-mt-1 -mr-1 flex shrink-0">
            <Button
              ref={renameButton}
              variant="ghost"
              size="icon"
              className="size-9 rounded-full"
              aria-label={text.rename(device.name)}
              title={text.rename(device.name)}
              onClick={() => setRenaming(true)}
            >
              <Pencil aria-hidden="true" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              className="size-9 rounded-full text-destructive hover:text-destructive"
              aria-label={text.revoke(device.name)}
              title={text.revoke(device.name)}
              onClick={onRevoke}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        )}
      </div>
      <div className="flex flex-wrap gap-1.5">
        <Badge variant={device.connected ? 'success' : 'muted'} data-testid="device-connection">
          {device.connected ? <PlugZap aria-hidden="true" /> : <Plug aria-hidden="true" />}
          {device.connected ? text.connected : text.notConnected}
        </Badge>
        <Badge variant={healthVariant[device.health] ?? 'outline'} data-testid="device-health" title={text.healthHelp[device.health]}>
          {health}
        </Badge>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
        <dt className="text-muted-foreground">{text.lastSeen}</dt>
        <dd data-testid="device-last-seen">
          {device.lastSeenAt ? <time dateTime={device.lastSeenAt}>{lastSeen}</time> : lastSeen}
        </dd>
        {device.lastBattery !== null && (
          <>
            <dt className="text-muted-foreground">{text.battery}</dt>
            <dd className="flex items-center gap-1" data-testid="device-battery">
              <BatteryIcon aria-hidden="true" className="size-3.5" />
              {device.lastBattery}%{device.charging ? `, ${text.charging}` : ''}
            </dd>
          </>
        )}
        {timeLeft && (
          <>
            <dt className="text-muted-foreground">{text.timeLeft}</dt>
            <dd data-testid="device-time-left">{timeLeft}</dd>
          </>
        )}
      </dl>
      <RefusedReports device={device} />
      {onTest && (
        <div>
          <Button variant="outline" size="sm" className="rounded-full" aria-label={text.openTester(device.name)} onClick={onTest}>
            <Activity aria-hidden="true" />
            {text.testerButton}
          </Button>
        </div>
      )}
    </li>
  )
}

/** The inline rename: Enter saves, Escape cancels, a bad name is explained in place. */
function RenameField({ device, onDone }: { device: Device; onDone: () => void }) {
  const text = devicesText
  const [name, setName] = React.useState(device.name)
  const [error, setError] = React.useState<string | null>(null)
  const rename = useRenameDevice()
  const errorId = React.useId()

  const save = (event: React.FormEvent) => {
    event.preventDefault()
    if (rename.isPending) return
    const trimmed = name.trim()
    if (trimmed.length < 1 || trimmed.length > 80) {
      setError(text.renameInvalid)
      return
    }
    if (trimmed === device.name) {
      onDone()
      return
    }
    setError(null)
    rename.mutate(
      { id: device.id, name: trimmed },
      {
        onSuccess: (renamed) => {
          toast(text.toasts.renamed(renamed.name))
          onDone()
        },
        onError: (err) => {
          if (isUnauthorizedError(err)) return
          const details = readApiError(err)
          setError(details?.fields?.name ?? details?.message ?? text.renameFailed)
        },
      },
    )
  }

  return (
    <form noValidate onSubmit={save} className="grid gap-1" aria-label={text.rename(device.name)}>
      <div className="flex items-center gap-1">
        <Input
          value={name}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault()
              onDone()
            }
          }}
          aria-label={text.renameLabel}
          aria-invalid={error !== null}
          aria-describedby={errorId}
          maxLength={200}
          autoComplete="off"
          autoFocus
          readOnly={rename.isPending}
          className="h-9"
        />
        <Button type="submit" variant="ghost" size="icon" className="size-9 shrink-0 rounded-full" aria-label={text.renameSave} title={text.renameSave} disabled={rename.isPending}>
          <Check aria-hidden="true" />
        </Button>
        <Button type="button" variant="ghost" size="icon" className="size-9 shrink-0 rounded-full" aria-label={text.renameCancel} title={text.renameCancel} onClick={onDone} disabled={rename.isPending}>
          <X aria-hidden="true" />
        </Button>
      </div>
      <p id={errorId} role={error ? 'alert' : undefined} className={error ? 'text-xs text-destructive' : 'sr-only'}>
        {error ?? text.renameHint}
      </p>
    </form>
  )
}
