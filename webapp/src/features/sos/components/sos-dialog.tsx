import { Phone } from 'lucide-react'
import type * as React from 'react'

import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'

import { useSosAudience } from '../api/get-sos-audience'
import { sosText } from '../content'
import type { SosPhase } from '../hooks/use-sos-flow'

export type SosDialogProps = {
  /** Gets the focus back when the dialog closes (the button that opened it). */
  returnFocus: React.RefObject<HTMLElement | null>
  phase: SosPhase
  sending: boolean
  onConfirm: () => void
  onClose: () => void
}

function Audience({ audience }: { audience: ReturnType<typeof useSosAudience> }) {
  if (audience.isPending) return <>{sosText.loadingAudience}</>
  if (audience.isError) return <>{sosText.audienceUnknown}</>
  return <>{audience.data.length === 0 ? sosText.nobody : sosText.audience(audience.data)}</>
}

function Call988() {
  return (
    <Button asChild variant="outline">
      <a href="tel:988">
        <Phone aria-hidden="true" />
        {sosText.call988}
      </a>
    </Button>
  )
}

/** The one confirmation of "Alert my people now", then the server's answer in the same dialog. */
export function SosDialog({ returnFocus, phase, sending, onConfirm, onClose }: SosDialogProps) {
  const open = phase.step !== 'closed'
  const audience = useSosAudience({ enabled: open })
  const nobody = audience.isSuccess && audience.data.length === 0
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && !sending && onClose()}>
      <AlertDialogContent
        data-testid="sos-dialog"
        onCloseAutoFocus={(event) => {
          event.preventDefault()
          returnFocus.current?.focus()
        }}
      >
        {phase.step === 'done' ? (
          <>
            <AlertDialogHeader>
              <AlertDialogTitle>
                {phase.tone === 'sent' ? sosText.resultTitle : phase.tone === 'repeat' ? sosText.repeatTitle : sosText.failedTitle}
              </AlertDialogTitle>
              <AlertDialogDescription role="status" data-testid="sos-result">
                {phase.message}
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <Call988 />
              <AlertDialogCancel>{sosText.close}</AlertDialogCancel>
            </AlertDialogFooter>
          </>
        ) : (
          <>
            <AlertDialogHeader>
              <AlertDialogTitle>{sosText.dialogTitle}</AlertDialogTitle>
              <AlertDialogDescription data-testid="sos-audience">
                <Audience audience={audience} />
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              {nobody && <Call988 />}
              <AlertDialogCancel disabled={sending}>{sosText.cancel}</AlertDialogCancel>
              <Button variant="destructive" disabled={sending} onClick={onConfirm}>
                {sending ? sosText.sending : sosText.confirm}
              </Button>
            </AlertDialogFooter>
          </>
        )}
      </AlertDialogContent>
    </AlertDialog>
  )
}
