import { BookHeart, ListChecks, MessageSquare, Phone, Siren, UserPlus, type LucideIcon } from 'lucide-react'
import { Fragment } from 'react'
import type * as React from 'react'
import { Link } from 'wouter'

import { Button } from '@/components/ui/button'
import { routes } from '@/config/routes'
import { cn } from '@/lib/utils'

import { chatText } from '../content'
import type { ChatAction } from '../types'

/** What an action composed by the app gets: the server's words and the chat's button look. */
export type ChatActionSlotProps = { label: string; className: string }

/**
 * The actions other features provide, composed by the app: `sos` opens the
 * "Alert my people now" confirmation, `addSponsor` the add-contact dialog
 * with sponsor chosen. Without one, the action opens the crisis page, which
 * has both.
 */
export type ChatActionSlots = {
  sos?: (props: ChatActionSlotProps) => React.ReactNode
  addSponsor?: (props: ChatActionSlotProps) => React.ReactNode
}

export type ChatActionsProps = {
  actions: readonly ChatAction[]
  slots?: ChatActionSlots
}

// Big enough to hit on a phone (44 px), and long labels wrap instead of overflowing.
const actionClass = 'h-auto min-h-11 rounded-full px-4 py-2 text-left leading-snug whitespace-normal'

const icons: Partial<Record<ChatAction['kind'], LucideIcon>> = {
  call: Phone,
  text: MessageSquare,
  sos: Siren,
  safety_plan: BookHeart,
  coping_plan: ListChecks,
  add_sponsor: UserPlus,
}

/** Only links that dial or text: a tampered conversation in storage cannot turn a button into anything else. */
function dialable(href: string | undefined): href is string {
  return href !== undefined && /^(tel|sms):/.test(href)
}

/** The buttons under an assistant's answer, in the server's order; notes are short lines to read. Nothing takes the focus. */
export function ChatActions({ actions, slots = {} }: ChatActionsProps) {
  const lead = actions.find((a) => a.kind !== 'note' && !a.quiet)
  return (
    <div role="group" aria-label={chatText.actionsGroup} className="flex flex-wrap gap-2" data-testid="chat-actions">
      {actions.map((action, i) => {
        if (action.kind === 'note') {
          return (
            <p key={i} className="basis-full rounded-xl border border-dashed bg-background px-3.5 py-2 text-sm leading-snug">
              <strong className="font-semibold">{action.label}.</strong> {action.detail}
            </p>
          )
        }
        const Icon = icons[action.kind]
        const variant = action.quiet ? 'ghost' : action !== lead ? 'outline' : action.kind === 'call' ? 'destructive' : 'default'
        const className = cn(
          actionClass,
          action.quiet && 'text-muted-foreground underline-offset-4 hover:underline',
          variant === 'outline' && 'border-primary/30',
        )
        const content = (
          <>
            {Icon && <Icon aria-hidden="true" />}
            {action.detail ? (
              <span className="grid">
                <span className="text-xs font-normal opacity-80">{action.detail}</span>
                <span>{action.label}</span>
              </span>
            ) : (
              action.label
            )}
          </>
        )
        switch (action.kind) {
          case 'call':
          case 'text':
            if (!dialable(action.href)) return null
            return (
              <Button key={i} asChild variant={variant} className={className}>
                <a href={action.href}>{content}</a>
              </Button>
            )
          case 'safety_plan':
          case 'coping_plan':
            return (
              <Button key={i} asChild variant={variant} className={className}>
                <Link href={action.kind === 'safety_plan' ? routes.safetyPlan.path : routes.copingPlan.path}>{content}</Link>
              </Button>
            )
          case 'sos':
          case 'add_sponsor': {
            const slot = action.kind === 'sos' ? slots.sos : slots.addSponsor
            if (slot) return <Fragment key={i}>{slot({ label: action.label, className })}</Fragment>
            return (
              <Button key={i} asChild variant={variant} className={className}>
                <Link href={routes.crisis.path}>{content}</Link>
              </Button>
            )
          }
          default:
            return null
        }
      })}
    </div>
  )
}
