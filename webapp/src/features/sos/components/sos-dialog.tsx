import { MapPin, Phone } from 'lucide-react'
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

import { useCallableContacts } from '../api/get-callable-contacts'
import { useSosAudience, type SosAudience } from '../api/get-sos-audience'
import { sosText } from '../content'
import type { SosPhase } from '../hooks/use-sos-flow'
import { SafeNowButton } from './safe-now-button'

export type SosDialogProps = {
  /** Gets the focus back when the dialog closes (the button that opened it). */
  returnFocus: React.RefObject<HTMLElement | null>
  phase: SosPhase
  sending: boolean
  onConfirm: () => void
  onClose: () => void
}

/** Nobody will hear it outside the app (or nobody at all): say so, and offer people to call. */
function needsCalls(audience: SosAudience | undefined): boolean {
  return audience !== undefined && audience.outside.length === 0
}

/** What the confirmation says of who is told, and how each of them hears it. */
function Audience({ audience }: { audience: ReturnType<typeof useSosAudience> }) {
  if (audience.isPending) return <AlertDialogDescription data-testid="sos-audience">{sosText.loadingAudience}</AlertDialogDescription>
  if (audience.isError) return <AlertDialogDescription data-testid="sos-audience">{sosText.audienceUnknown}</AlertDialogDescription>
  const { all, outside } = audience.data
  if (all.length === 0) return <AlertDialogDescription data-testid="sos-audience">{sosText.nobody}</AlertDialogDescription>
  return (
    <>
      <AlertDialogDescription data-testid="sos-audience">{outside.length > 0 ? sosText.toldAtOnce : sosText.appOnlyIntro}</AlertDialogDescription>
      <ul className="grid gap-1 text-sm" data-testid="sos-listeners">
        {all.map((l) => (
          <li key={l.id}>
            <span className="font-semibold">{l.label}</span> — {sosText.hears(l.channels)}
          </li>
        ))}
      </ul>
      {outside.length === 0 && <p className="text-sm font-medium">{sosText.nobodyOutside}</p>}
    </>
  )
}

/** One-tap calls: 988, then the person's own crisis contacts by name. */
function CallNow() {
  const contacts = useCallableContacts()
  return (
    <div role="group" aria-label={sosText.callNow} className="flex flex-wrap gap-2" data-testid="sos-call-now">
      <Button asChild variant="outline" className="rounded-full">
        <a href="tel:988">
          <Phone aria-hidden="true" />
          {sosText.call988}
        </a>
      </Button>
      {(contacts.data ?? []).map((c) => (
        <Button key={c.id} asChild variant="outline" className="rounded-full">
          <a href={c.href}>
            <Phone aria-hidden="true" />
            {sosText.callContact(c.name)}
          </a>
        </Button>
      ))}
    </div>
  )
}

function resultTitle(phase: Extract<SosPhase, { step: 'done' }>, audience: SosAudience | undefined): string {
  if (phase.tone === 'repeat') return sosText.repeatTitle
  if (phase.tone === 'failed') return sosText.failedTitle
  if (audience?.all.length === 0) return sosText.resultTitleNobody
  if (audience?.outside.length === 0) return sosText.resultTitleAppOnly
  return sosText.resultTitle
}

/** The one confirmation of "Alert my people now", then the server's answer in the same dialog. */
export function SosDialog({ returnFocus, phase, sending, onConfirm, onClose }: SosDialogProps) {
  const open = phase.step !== 'closed'
  const audience = useSosAudience({ enabled: phase.step === 'confirm' })
  const calls = needsCalls(audience.data)
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && !sending && onClose()}>
      <AlertDialogContent
        data-testid="sos-dialog"
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
        onCloseAutoFocus={(event) => {
          event.preventDefault()
          returnFocus.current?.focus()
        }}
      >
        {phase.step === 'done' ? (
          <>
            <AlertDialogHeader>
              <AlertDialogTitle>{resultTitle(phase, audience.data)}</AlertDialogTitle>
              <AlertDialogDescription role="status" data-testid="sos-result">
                {phase.message}
              </AlertDialogDescription>
            </AlertDialogHeader>
            {phase.sos && (
              <p className="flex items-start gap-2 text-sm text-muted-foreground" data-testid="sos-position">
                <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {phase.positioned ? sosText.sharingUntil(phase.sos.sharingUntil) : sosText.notPositioned}
              </p>
            )}
            {(phase.tone !== 'sent' || calls) && <CallNow />}
            <AlertDialogFooter className="sm:items-center">
              {phase.sos && (
                <SafeNowButton
                  alertId={phase.sos.alert.id}
                  onSafe={onClose}
                  className="justify-items-stretch sm:mr-auto sm:justify-items-start"
                />
              )}
              <AlertDialogCancel>{sosText.close}</AlertDialogCancel>
              {phase.tone === 'sent' && !calls && (
                <Button asChild variant="outline">
                  <a href="tel:988">
                    <Phone aria-hidden="true" />
                    {sosText.call988}
                  </a>
                </Button>
              )}
            </AlertDialogFooter>
          </>
        ) : (
          <>
            <AlertDialogHeader>
              <AlertDialogTitle>{sosText.dialogTitle}</AlertDialogTitle>
              <Audience audience={audience} />
            </AlertDialogHeader>
            {calls && <CallNow />}
            <p className="flex items-start gap-2 text-sm text-muted-foreground">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {sosText.position}
            </p>
            <AlertDialogFooter>
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
