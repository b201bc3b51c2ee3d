import * as React from 'react'

import { DisclosureButton } from '@/components/disclosure-button'
import { Skeleton } from '@/components/ui/skeleton'

import { useAlertDetail } from '../api/get-alert-detail'
import { alertsText } from '../content'
import type { AlertEvidence } from '../types'
import { plainReason } from '../utils/plain-reason'
import { DeliveryList } from './delivery-list'

export type AlertEvidenceToggleProps = {
  alertId: number
  /** Told when the evidence is shown (to draw its fixes on a map) and when it is hidden (null). */
  onEvidence?: (alertId: number, evidence: AlertEvidence | null) => void
}

function formatFixTime(ts: string): string {
  return new Date(ts).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit' })
}

/**
 * "Why this alert?": one sentence a person understands first ("You were
 * inside Murphy's Bar for 3 minutes."), then who was told; the geofence
 * engine's evidence (rule, margin, fixes with accuracy and distance to the
 * edge) folded behind "Details".
 */
export function AlertEvidenceToggle({ alertId, onEvidence }: AlertEvidenceToggleProps) {
  const text = alertsText.why
  const [open, setOpen] = React.useState(false)
  const panelId = React.useId()
  const detail = useAlertDetail(alertId, { enabled: open })
  const evidence = detail.data?.evidence ?? null

  const report = React.useRef(onEvidence)
  React.useEffect(() => {
    report.current = onEvidence
  })
  React.useEffect(() => {
    if (!open) return
    if (evidence) report.current?.(alertId, evidence)
    return () => report.current?.(alertId, null)
  }, [open, evidence, alertId])

  return (
    <div className="grid gap-2">
      <div>
        <DisclosureButton open={open} controls={panelId} onToggle={() => setOpen((was) => !was)}>
          {[text.button, text.hide]}
        </DisclosureButton>
      </div>
      {open && (
        <div id={panelId} data-testid="alert-evidence" className="grid gap-2 rounded-lg border bg-background/70 p-3 text-sm">
          {detail.isPending ? (
            <div role="status" aria-label={text.loading} className="grid gap-2">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-4 w-1/2" />
            </div>
          ) : detail.isError ? (
            <p>{text.failed}</p>
          ) : (
            <>
              <p className="font-medium" data-testid="alert-reason">
                {plainReason(detail.data) ?? (evidence ? null : text.none)}
              </p>
              <DeliveryList deliveries={detail.data.deliveries} steps={detail.data.steps} />
              {evidence && <EvidenceDetails evidence={evidence} onMap={Boolean(onEvidence)} />}
            </>
          )}
        </div>
      )}
    </div>
  )
}

/** The engine's own words, folded: the rule, its margin and the fixes that confirmed it. */
function EvidenceDetails({ evidence, onMap }: { evidence: AlertEvidence; onMap: boolean }) {
  const text = alertsText.why
  const [open, setOpen] = React.useState(false)
  const panelId = React.useId()
  return (
    <div className="grid gap-2">
      <div>
        <DisclosureButton open={open} controls={panelId} onToggle={() => setOpen((was) => !was)} className="text-muted-foreground">
          {[text.details, text.hideDetails]}
        </DisclosureButton>
      </div>
      {open && (
        <div id={panelId} data-testid="alert-evidence-details" className="grid gap-2 text-muted-foreground">
          <p>
            <span className="font-medium">{text.rule}: </span>
            {evidence.rule}
          </p>
          {evidence.marginM !== null && evidence.marginM !== undefined && <p>{text.margin(evidence.marginM)}</p>}
          {evidence.fixes.length > 0 && (
            <>
              <p className="font-medium">{text.fixes}</p>
              <ol className="grid list-decimal gap-1 pl-5">
                {evidence.fixes.map((fix) => (
                  <li key={`${fix.ts}-${fix.lat}-${fix.lon}`}>
                    <time dateTime={fix.ts}>{formatFixTime(fix.ts)}</time>
                    {fix.accuracyM !== null && fix.accuracyM !== undefined && <>, {text.accuracy(fix.accuracyM)}</>}
                    {fix.distanceToEdgeM !== null && fix.distanceToEdgeM !== undefined && <>, {text.distance(fix.distanceToEdgeM)}</>}
                  </li>
                ))}
              </ol>
            </>
          )}
        </div>
      )}
      {onMap && evidence.fixes.length > 0 && <p className="text-xs text-muted-foreground">{text.onMap}</p>}
    </div>
  )
}
