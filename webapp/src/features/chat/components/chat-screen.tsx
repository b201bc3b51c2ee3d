import { LifeBuoy, Lock } from 'lucide-react'
import * as React from 'react'
import { Link } from 'wouter'

import { Card } from '@/components/ui/card'
import { routes } from '@/config/routes'
import { toast } from '@/hooks/use-toast'
import { isUnauthorizedError } from '@/lib/api-client'

import { useSendMessage } from '../api/send-message'
import { chatText, chatToasts } from '../content'
import { conversationStorageKey, newMessage, useConversation } from '../hooks/use-conversation'
import type { ChatMessage } from '../types'
import { toHistory } from '../utils/history'
import { ChatActions, type ChatActionSlots } from './chat-actions'
import { ChatComposer } from './chat-composer'
import { ClearConversation } from './clear-conversation'
import { MessageBubble } from './message-bubble'
import { TypingIndicator } from './typing-indicator'

export type ChatScreenProps = {
  /** The signed-in user: each person's conversation is kept apart. */
  userId: number
  /** "Alert my people now" and "Add my sponsor" under an answer, from other features (composed by the app). */
  actionSlots?: ChatActionSlots
}

// The greeting is always first and never stored or sent.
const greeting: Pick<ChatMessage, 'role' | 'content' | 'timestamp'> = {
  role: 'assistant',
  content: chatText.greeting,
  timestamp: '',
}

/** docs/spec.md "AI Support Assistant": the greeting, the conversation, and the composer. */
export function ChatScreen({ userId, actionSlots }: ChatScreenProps) {
  const { messages, append, markFailed, remove, clear } = useConversation(conversationStorageKey(userId))
  const send = useSendMessage()
  const [draft, setDraft] = React.useState('')
  const textareaRef = React.useRef<HTMLTextAreaElement>(null)
  const scrollerRef = React.useRef<HTMLDivElement>(null)
  // Bumped by Clear, so a reply to a cleared conversation is dropped.
  const generation = React.useRef(0)

  React.useEffect(() => {
    const el = scrollerRef.current
    if (el) el.scrollTop = el.scrollHeight
  }, [messages.length, send.isPending])

  const deliver = (content: string, earlier: readonly ChatMessage[]) => {
    const mine = newMessage('user', content)
    const asked = generation.current
    append(mine)
    send.mutate(
      { message: content, history: toHistory(earlier) },
      {
        onSuccess: (answer) => {
          if (generation.current === asked) append(newMessage('assistant', answer.response, answer.actions))
        },
        onError: (error) => {
          if (generation.current !== asked) return
          markFailed(mine.id)
          // A lost session is the shell's to handle (toast and sign-in).
          if (!isUnauthorizedError(error)) toast({ ...chatToasts.failed, variant: 'destructive' })
        },
      },
    )
  }

  const onSend = () => {
    const content = draft.trim()
    if (content === '' || send.isPending) return
    setDraft('')
    deliver(content, messages)
    textareaRef.current?.focus()
  }

  const onRetry = (failed: ChatMessage) => {
    if (send.isPending) return
    remove(failed.id)
    deliver(
      failed.content,
      messages.filter((m) => m.id !== failed.id),
    )
  }

  const onClear = () => {
    generation.current += 1
    send.reset()
    clear()
    textareaRef.current?.focus()
  }

  return (
    <div className="grid gap-4">
      <title>{chatText.pageTitle}</title>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{chatText.title}</h1>
          <p className="mt-2 hidden text-muted-foreground sm:block">{chatText.description}</p>
        </div>
        <ClearConversation onClear={onClear} disabled={messages.length === 0} />
      </div>
      <p className="flex items-start gap-2 rounded-xl border border-destructive/25 bg-destructive/8 px-4 py-2.5 text-sm dark:bg-destructive/15">
        <LifeBuoy aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive dark:text-red-300" />
        <span>
          {chatText.crisisBanner}{' '}
          <a href="tel:988" className="font-semibold underline underline-offset-2">
            988
          </a>
          , {chatText.crisisBannerOr}{' '}
          <Link href={routes.crisis.path} className="font-semibold underline underline-offset-2">
            {chatText.crisisLink}
          </Link>
          .
        </span>
      </p>

      {/* As tall as the screen allows, so the box stays in view above the phone's tab bar. */}
      <Card className="h-[calc(100dvh-21rem)] min-h-[20rem] gap-0 overflow-hidden py-0 sm:h-[calc(100dvh-24rem)] lg:h-[calc(100dvh-15rem)]">
        {/* The live region wraps the list, so the list keeps its list role for the messages. */}
        <div
          ref={scrollerRef}
          role="log"
          aria-live="polite"
          aria-label={chatText.conversation}
          className="flex-1 overflow-y-auto px-3 py-4 sm:px-5"
        >
          <ol className="grid gap-4">
            <MessageBubble message={greeting} />
            {messages.map((message) => (
              <MessageBubble
                key={message.id}
                message={message}
                onRetry={message.failed ? () => onRetry(message) : undefined}
                retryDisabled={send.isPending}
                actions={message.actions?.length ? <ChatActions actions={message.actions} slots={actionSlots} /> : undefined}
              />
            ))}
            {send.isPending && <TypingIndicator />}
          </ol>
        </div>
        <div className="border-t bg-background/60 px-3 py-3 sm:px-5">
          <ChatComposer value={draft} onChange={setDraft} onSend={onSend} pending={send.isPending} textareaRef={textareaRef} />
        </div>
      </Card>
      <p className="flex items-start gap-2 text-xs text-muted-foreground">
        <Lock aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
        <span>
          <span className="sm:hidden">{chatText.description} </span>
          {chatText.privacy}
        </span>
      </p>
    </div>
  )
}
