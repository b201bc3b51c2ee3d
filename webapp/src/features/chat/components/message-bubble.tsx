import { Bot, CircleAlert, RotateCcw } from 'lucide-react'
import type * as React from 'react'

import { Button } from '@/components/ui/button'
import { formatClock } from '@/lib/date-format'
import { cn } from '@/lib/utils'

import { chatText } from '../content'
import type { ChatMessage } from '../types'
import { MessageContent } from './message-content'

export type MessageBubbleProps = {
  message: Pick<ChatMessage, 'role' | 'content' | 'timestamp' | 'failed'>
  onRetry?: () => void
  retryDisabled?: boolean
  /** What the person can do right away, under an answer (ChatActions). */
  actions?: React.ReactNode
}

/** One message: the person's on the right, the assistant's on the left; text keeps its line breaks. */
export function MessageBubble({ message, onRetry, retryDisabled, actions }: MessageBubbleProps) {
  const mine = message.role === 'user'
  const time = new Date(message.timestamp)
  return (
    <li className={cn('flex gap-2.5', mine ? 'justify-end' : 'justify-start')} data-role={message.role}>
      {!mine && (
        <span aria-hidden="true" className="mt-1 flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/12 text-primary">
          <Bot className="size-4" />
        </span>
      )}
      <div className={cn('flex max-w-[85%] flex-col gap-1 sm:max-w-[75%]', mine && 'items-end')}>
        <span className="sr-only">{mine ? chatText.you : chatText.assistant}:</span>
        <div
          className={cn(
            'rounded-2xl px-4 py-2.5 leading-relaxed break-words whitespace-pre-wrap',
            mine ? 'rounded-br-md bg-primary text-primary-foreground' : 'rounded-bl-md border bg-muted/60',
            message.failed && 'opacity-80',
          )}
          data-testid="message-content"
        >
          {mine ? message.content : <MessageContent content={message.content} />}
        </div>
        {actions && <div className="mt-1">{actions}</div>}
        {message.failed ? (
          <p className="flex flex-wrap items-center gap-2 text-xs text-destructive dark:text-red-300">
            <CircleAlert aria-hidden="true" className="size-3.5" />
            {chatText.notDelivered}
            {onRetry && (
              <Button type="button" variant="ghost" size="sm" className="h-8 rounded-full px-2.5 text-xs" onClick={onRetry} disabled={retryDisabled}>
                <RotateCcw aria-hidden="true" className="size-3.5" />
                {chatText.retry}
              </Button>
            )}
          </p>
        ) : (
          !Number.isNaN(time.getTime()) && (
            <time dateTime={message.timestamp} className="px-1 text-xs text-muted-foreground">
              {formatClock(time)}
            </time>
          )
        )}
      </div>
    </li>
  )
}
