import { BookHeart, MessageSquare, Phone } from 'lucide-react'
import type * as React from 'react'
import { Link } from 'wouter'

import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { routes } from '@/config/routes'

import { crisisText as text } from '../content'

/** "Alert my people now", composed by the app from the SOS feature (as the chat's is). */
export type SosSlot = (props: { className: string }) => React.ReactNode

const actionClass = 'h-auto min-h-11 justify-start px-4 py-2 text-left leading-snug whitespace-normal'

/** 988 by call and text, the safety plan, and "Alert my people now": the crisis layer's ways to help, in that order. */
export function CrisisActions({ sos }: { sos?: SosSlot }) {
  return (
    <div className="grid gap-2 sm:grid-cols-2" role="group" aria-label={text.title}>
      <Button asChild variant="destructive" className={actionClass}>
        <a href="tel:988">
          <Phone aria-hidden="true" />
          {text.call}
        </a>
      </Button>
      <Button asChild variant="outline" className={actionClass}>
        <a href="sms:988">
          <MessageSquare aria-hidden="true" />
          {text.text}
        </a>
      </Button>
      <Button asChild variant="outline" className={actionClass}>
        <Link href={routes.safetyPlan.path}>
          <BookHeart aria-hidden="true" />
          {text.safetyPlan}
        </Link>
      </Button>
      {sos?.({ className: actionClass })}
    </div>
  )
}

export type CrisisLayerProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  sos?: SosSlot
}

/**
 * What opens the moment PHQ-9 item 9 is answered above "Not at all",
 * before any score: 988, the safety plan and the person's own people. The
 * questionnaire stays as it was underneath; Continue goes back to it.
 */
export function CrisisLayer({ open, onOpenChange, sos }: CrisisLayerProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="crisis-layer" className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{text.title}</DialogTitle>
          <DialogDescription>{text.description}</DialogDescription>
        </DialogHeader>
        <p className="text-sm text-muted-foreground">{text.lifeline}</p>
        <CrisisActions sos={sos} />
        <p className="text-sm">{text.emergency}</p>
        <DialogFooter>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            {text.continue}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
