import {
  ArrowRight,
  BatteryLow,
  BellRing,
  CircleCheck,
  HeartHandshake,
  MapPinned,
  ShieldAlert,
  Timer,
  Trophy,
  WifiOff,
  X,
  type LucideIcon,
} from 'lucide-react'
import * as React from 'react'
import { Link } from 'wouter'

import { DisclosureButton } from '@/components/disclosure-button'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/utils'

import { useMarkAlertRead } from '../api/mark-alert-read'
import { alertsText, nextStepLabel } from '../content'
import { isGeofenceAlert, type Alert, type AlertEvidence } from '../types'
import { visibleAlerts } from '../utils/visible-alerts'
import { AlertClaim } from './alert-claim'
import { AlertEvidenceToggle } from './alert-evidence'

const icons: Record<string, LucideIcon> = {
  milestone: Trophy,
  missed_checkin: BellRing,
  concerning_pattern: HeartHandshake,
  low_battery: BatteryLow,
  device_offline: WifiOff,
  geofence_enter_avoid: ShieldAlert,
  geofence_exit_safe: MapPinned,
  geofence_dwell: Timer,
  geofence_schedule: MapPinned,
}

const tones: Record<string, string> = {
  milestone: 'border-primary/30 bg-primary/8 dark:bg-primary/12',
  concerning_pattern: 'border-accent-foreground/15 bg-accent',
  geofence_enter_avoid: 'border-red-500/30',
  geofence_exit_safe: 'border-amber-500/30',
  geofence_dwell: 'border-red-500/30',
  geofence_schedule: 'border-amber-500/30',
}

export type AlertListProps = {
  /** Every alert; only unread ones are shown, newest first as given. */
  alerts: readonly Alert[]
  /** Where the app currently is: a next step leading here is not offered. */
  currentPath?: string
  /** Given on the GPS page: a geofence alert's evidence is drawn on its map. */
  onEvidence?: (alertId: number, evidence: AlertEvidence | null) => void
  /** The visually hidden heading (default "Alerts for you"). */
  title?: string
  /** One-tap actions under an alert (composed by the route: the SOS feature's, on avoid-zone alerts). */
  actions?: (alert: Alert) => React.ReactNode
  /** The time now (ms since the epoch), for how long a resolved alert stays on show (default: when the list was first shown). */
  now?: number
}

/**
 * docs/spec.md Dashboard: up to 3 unread alerts of the last day, each
 * dismissible, and "+N more notifications"; one resolved within the hour
 * shows how it ended. Older resolved alerts and open ones older than a day
 * fold behind "Show N earlier alerts", so a phone's first screen shows what
 * is new.
 */
export function AlertList({ alerts, currentPath = '/', onEvidence, title = alertsText.title, actions, now }: AlertListProps) {
  const headingId = React.useId()
  const earlierId = React.useId()
  const dismiss = useMarkAlertRead()
  const [mountedAt] = React.useState(Date.now)
  const [showEarlier, setShowEarlier] = React.useState(false)
  const { shown, more, earlier } = visibleAlerts(alerts, now ?? mountedAt)
  if (shown.length === 0 && earlier.length === 0) return null

  const item = (alert: Alert) => (
    <AlertItem
      key={alert.id}
      alert={alert}
      currentPath={currentPath}
      onEvidence={onEvidence}
      actions={actions}
      dismissing={dismiss.isPending && dismiss.variables === alert.id}
      onDismiss={() => dismiss.mutate(alert.id)}
    />
  )

  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h2 id={headingId} className="sr-only">
        {title}
      </h2>
      {shown.length > 0 && <ul className="grid gap-3">{shown.map(item)}</ul>}
      {more > 0 && <p className="px-1 text-sm font-medium text-muted-foreground">{alertsText.more(more)}</p>}
      {earlier.length > 0 && (
        <div className="grid gap-3">
          <div>
            <DisclosureButton
              open={showEarlier}
              controls={earlierId}
              onToggle={() => setShowEarlier((was) => !was)}
              className="text-muted-foreground"
            >
              {[alertsText.showEarlier(earlier.length), alertsText.hideEarlier]}
            </DisclosureButton>
          </div>
          {showEarlier && (
            <ul id={earlierId} aria-label={alertsText.earlierTitle} className="grid gap-3" data-testid="earlier-alerts">
              {earlier.map(item)}
            </ul>
          )}
        </div>
      )}
    </section>
  )
}

type AlertItemProps = Pick<AlertListProps, 'onEvidence' | 'actions'> & {
  alert: Alert
  currentPath: string
  dismissing: boolean
  onDismiss: () => void
}

/** One alert: its kind, words, how it ended, its next step, "Why this alert?" and dismiss. */
function AlertItem({ alert, currentPath, onEvidence, actions, dismissing, onDismiss }: AlertItemProps) {
  const Icon = icons[alert.type] ?? BellRing
  const kind = alertsText.kinds[alert.type] ?? alertsText.fallbackKind
  const showLink = alert.link !== '' && alert.link !== currentPath && alert.link.startsWith('/')
  const resolved = Boolean(alert.resolvedAt)
  return (
    <li
      data-testid="alert"
      data-resolved={resolved || undefined}
      className={cn(
        'flex items-start gap-3 rounded-xl border bg-card p-4 shadow-sm',
        resolved ? 'border-emerald-600/30 bg-muted/40' : tones[alert.type],
      )}
    >
      <span
        className={cn(
          'flex size-9 shrink-0 items-center justify-center rounded-full bg-background/80',
          resolved ? 'text-muted-foreground' : 'text-primary',
        )}
      >
        <Icon aria-hidden="true" className="size-4" />
      </span>
      <div className="grid min-w-0 flex-1 gap-2">
        <div>
          <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            {resolved ? alertsText.resolvedKind(kind) : kind}
          </p>
          <p className={cn('mt-0.5 text-sm', resolved && 'text-muted-foreground')}>{alert.message}</p>
          {alert.resolvedAt && (
            <p
              className="mt-1.5 flex items-center gap-1.5 text-sm font-medium text-emerald-700 dark:text-emerald-400"
              data-testid="alert-resolution"
            >
              <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
              {alert.resolution || alertsText.resolvedAt(alert.resolvedAt)}
            </p>
          )}
          <AlertClaim alert={alert} />
        </div>
        {actions?.(alert)}
        {isGeofenceAlert(alert) && <AlertEvidenceToggle alertId={alert.id} onEvidence={onEvidence} />}
        {showLink && (
          <div>
            <Button asChild size="sm" variant="outline" className="rounded-full">
              <Link href={alert.link}>
                {nextStepLabel(alert.link)}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </div>
        )}
      </div>
      <Button
        variant="ghost"
        size="icon"
        className="-mt-1 -mr-1 size-9 shrink-0 rounded-full"
        aria-label={alertsText.dismiss}
        title={alertsText.dismiss}
        disabled={dismissing}
        onClick={onDismiss}
      >
        <X aria-hidden="true" />
      </Button>
    </li>
  )
}
