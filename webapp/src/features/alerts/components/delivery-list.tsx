import { deliveriesText } from '../content'
import type { AlertStep, Delivery } from '../types'

export type DeliveryListProps = {
  deliveries: readonly Delivery[] | undefined
  /** Supporters' steps (claimed, handed back, resolved, reminded), woven in by time. */
  steps?: readonly AlertStep[]
}

type Line = { at: number; key: string; node: React.ReactNode }

/** "Why this alert?": one timeline, newest last: who was told and when, and what supporters did. */
export function DeliveryList({ deliveries, steps }: DeliveryListProps) {
  const t = deliveriesText
  const told: Line[] = (deliveries ?? []).map((d, i) => {
    const when = d.sentAt ? t.sentAt(d.sentAt) : t.dueAt(d.dueAt)
    const parts = [d.recipient, t.channels[d.channel] ?? d.channel, ...(d.resolution ? [t.resolution] : []), t.states[d.state] ?? d.state, when]
    return {
      at: Date.parse(d.dueAt),
      key: `d-${d.recipient}-${d.channel}-${i}`,
      node: (
        <>
          {parts.join(' · ')}
          {d.state !== 'sent' && d.lastError && <span className="text-muted-foreground"> ({t.why(d.lastError)})</span>}
        </>
      ),
    }
  })
  const done: Line[] = (steps ?? []).map((s, i) => ({
    at: Date.parse(s.at),
    key: `s-${i}`,
    node: (
      <span data-testid="alert-step">
        <strong className="font-medium">{(t.steps[s.kind] ?? t.steps.claimed)(s.actor, s.at)}</strong>
        {s.via && s.kind !== 'reminded' && <span className="text-muted-foreground"> · {t.via[s.via] ?? s.via}</span>}
        {s.note && <span className="block">{t.note(s.note)}</span>}
      </span>
    ),
  }))
  const lines = weave(told, done)
  return (
    <div className="grid gap-1" data-testid="alert-deliveries">
      <p className="font-medium">{t.title}</p>
      {lines.length === 0 ? (
        <p>{t.none}</p>
      ) : (
        <ul className="grid gap-1">
          {lines.map((l) => (
            <li key={l.key}>{l.node}</li>
          ))}
        </ul>
      )}
    </div>
  )
}

/** The deliveries in the server's order, each step placed before the first delivery due after it. */
function weave(told: Line[], done: Line[]): Line[] {
  const out: Line[] = []
  let i = 0
  for (const step of done) {
    while (i < told.length && told[i].at <= step.at) out.push(told[i++])
    out.push(step)
  }
  return out.concat(told.slice(i))
}
