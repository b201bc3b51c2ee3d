import { Compass } from 'lucide-react'
import * as React from 'react'
import { Link } from 'wouter'

import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader } from '@/components/ui/card'

import { useSignals } from '../api/get-signals'
import { useNotNow } from '../api/not-now'
import { signalsText } from '../content'
import type { Signal } from '../types'

export type SignalsCardProps = {
  /** The check-in history, where the numbers behind a signal can be seen. */
  historyPath: string
  /** The coping plan, offered while it has no steps. */
  copingPlanPath: string
}

/**
 * The dashboard's early-warning signals: each with its arithmetic in plain
 * words, one step from the person's coping plan and "Not now"; an empty
 * state that says nothing is unusual.
 */
export function SignalsCard({ historyPath, copingPlanPath }: SignalsCardProps) {
  const text = signalsText.card
  const signals = useSignals()
  const headingId = React.useId()
  if (signals.isPending) return null
  return (
    <Card role="region" aria-labelledby={headingId} data-testid="signals-card">
      <CardHeader className="flex flex-row items-start gap-3">
        <Compass aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
        <div className="grid gap-1">
          <h2 id={headingId} className="text-lg leading-tight font-semibold">
            {text.title}
          </h2>
          <p className="text-sm text-muted-foreground">{text.description}</p>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        {signals.isError ? (
          <div className="flex flex-wrap items-center gap-3">
            <p>{text.loadError}</p>
            <Button variant="outline" size="sm" onClick={() => void signals.refetch()}>
              {text.retry}
            </Button>
          </div>
        ) : signals.data.length === 0 ? (
          <p className="text-muted-foreground">{text.empty}</p>
        ) : (
          <ul className="grid gap-4">
            {signals.data.map((s) => (
              <SignalItem key={s.kind} signal={s} historyPath={historyPath} copingPlanPath={copingPlanPath} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}

function SignalItem({ signal, historyPath, copingPlanPath }: { signal: Signal; historyPath: string; copingPlanPath: string }) {
  const text = signalsText.card
  const notNow = useNotNow()
  return (
    <li className="grid gap-2 rounded-lg border p-4" data-testid="signal" data-kind={signal.kind}>
      <h3 className="font-semibold">
        {signal.title}
      </h3>
      <p>{signal.explanation}</p>
      <p className="rounded-md bg-muted/60 px-3 py-2 text-sm">
        <span className="font-medium">{signal.fromPlan ? text.step : text.generalStep}</span> {signal.step}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" size="sm" onClick={() => notNow.mutate(signal.kind)} disabled={notNow.isPending}>
          {notNow.isPending ? text.notNowPending : text.notNow}
        </Button>
        <Link href={historyPath} className="text-sm text-primary underline underline-offset-4">
          {text.history}
        </Link>
        {!signal.fromPlan && (
          <Link href={copingPlanPath} className="text-sm text-primary underline underline-offset-4">
            {text.buildPlan}
          </Link>
        )}
      </div>
      {notNow.isError && (
        <p role="alert" className="text-sm text-destructive">
          {text.notNowFailed}
        </p>
      )}
    </li>
  )
}
