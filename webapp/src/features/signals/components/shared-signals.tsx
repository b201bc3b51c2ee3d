import { Compass } from 'lucide-react'

import { signalsText } from '../content'
import type { SharedSignal } from '../types'

export type SharedSignalsProps = {
  name: string
  /** The person's signals; null without the signals scope (nothing is drawn). */
  signals: SharedSignal[] | null | undefined
}

/** A supporter's view of a person's early-warning signals: the kind and its arithmetic, no coping plan. */
export function SharedSignals({ name, signals }: SharedSignalsProps) {
  const text = signalsText.supporter
  if (!signals) return null
  return (
    <section className="grid gap-2" aria-label={text.title} data-testid="person-signals">
      <h3 className="flex items-center gap-2 font-semibold">
        <Compass aria-hidden="true" className="size-4 text-primary" />
        {text.title}
      </h3>
      <p className="text-sm text-muted-foreground">{text.description(name)}</p>
      {signals.length === 0 ? (
        <p className="text-sm">{text.empty(name)}</p>
      ) : (
        <ul className="grid gap-2">
          {signals.map((s) => (
            <li key={s.kind} className="rounded-md border px-3 py-2 text-sm" data-kind={s.kind}>
              <span className="font-medium">{text.kinds[s.kind]}.</span> {s.explanation}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
