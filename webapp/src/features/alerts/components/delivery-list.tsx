import { deliveriesText } from '../content'
import type { Delivery } from '../types'

export type DeliveryListProps = {
  deliveries: readonly Delivery[] | undefined
}

/** "Why this alert?": who was told and when (each step of the escalation ladder). */
export function DeliveryList({ deliveries }: DeliveryListProps) {
  const t = deliveriesText
  return (
    <div className="grid gap-1" data-testid="alert-deliveries">
      <p className="font-medium">{t.title}</p>
      {!deliveries || deliveries.length === 0 ? (
        <p>{t.none}</p>
      ) : (
        <ul className="grid gap-1">
          {deliveries.map((d, i) => {
            const when = d.sentAt ? t.sentAt(d.sentAt) : t.dueAt(d.dueAt)
            const parts = [d.recipient, t.channels[d.channel] ?? d.channel, ...(d.resolution ? [t.resolution] : []), t.states[d.state] ?? d.state, when]
            return (
              <li key={`${d.recipient}-${d.channel}-${i}`}>
                {parts.join(' · ')}
                {d.state !== 'sent' && d.lastError && <span className="text-muted-foreground"> ({t.why(d.lastError)})</span>}
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}
