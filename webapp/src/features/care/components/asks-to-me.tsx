import { Phone } from 'lucide-react'
import * as React from 'react'

import { Button } from '@/components/ui/button'
import { readApiError } from '@/lib/api-client'

import { useAnswerAsk } from '../api/answer-ask'
import { useAsksToMe } from '../api/get-asks-to-me'
import { careText } from '../content'
import type { SupportedAsk } from '../types'

/** On People I support: the open asks for a call, each with "I'll call" and "Can't right now". */
export function AsksToMe() {
  const asks = useAsksToMe()
  if (!asks.isSuccess || asks.data.length === 0) return null
  return (
    <div className="grid gap-3" data-testid="asks-to-me">
      {asks.data.map((a) => (
        <AskToMe key={a.id} ask={a} />
      ))}
    </div>
  )
}

function AskToMe({ ask }: { ask: SupportedAsk }) {
  const text = careText.askedMe
  const answer = useAnswerAsk()
  const headingId = React.useId()
  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-xl border border-primary/30 bg-primary/5 p-4" data-testid="ask-to-me">
      <div className="flex items-start gap-3">
        <Phone aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
        <div className="grid gap-1">
          <h2 id={headingId} className="text-lg leading-tight font-semibold">
            {text.title(ask.name)}
          </h2>
          <p className="text-sm text-muted-foreground">{text.notUrgent}</p>
          {ask.note && <p className="wrap-anywhere">{ask.note}</p>}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          onClick={() => answer.mutate({ id: ask.id, answer: 'will_call' })}
          disabled={answer.isPending}
          aria-pressed={ask.answer === 'will_call'}
        >
          {text.willCall}
        </Button>
        <Button
          variant="outline"
          onClick={() => answer.mutate({ id: ask.id, answer: 'cant_now' })}
          disabled={answer.isPending}
          aria-pressed={ask.answer === 'cant_now'}
        >
          {text.cantNow}
        </Button>
        <p role="status" className="text-sm text-muted-foreground">
          {ask.answer ? text.answered[ask.answer] : ''}
        </p>
        {answer.isError && (
          <p role="alert" className="text-sm text-destructive">
            {readApiError(answer.error)?.message ?? text.failed}
          </p>
        )}
      </div>
    </section>
  )
}
