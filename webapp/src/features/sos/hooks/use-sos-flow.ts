import * as React from 'react'

import { readApiError } from '@/lib/api-client'

import { useRaiseSos } from '../api/raise-sos'
import { sosText } from '../content'
import type { OpenSos, SosPosition } from '../types'
import { currentPosition } from '../utils/current-position'

/** Where the one SOS dialog is: asking, sending, or showing what the server said. */
export type SosPhase =
  | { step: 'closed' }
  | { step: 'confirm' }
  | {
      step: 'done'
      tone: 'sent' | 'repeat' | 'failed'
      message: string
      /** The SOS that stands (sent), with whether this page gave its position. */
      sos?: OpenSos
      positioned?: boolean
    }

/**
 * "Alert my people now" as one dialog: open asks once; confirm asks the
 * browser where it is (for a few seconds at most) and sends `POST /api/sos`
 * with it, and the dialog then shows the API's own message (the alert's, or
 * the 409's kind repeat message). A position the server will not take never
 * stops the SOS: it goes again without one.
 */
export function useSosFlow() {
  const raise = useRaiseSos()
  const [phase, setPhase] = React.useState<SosPhase>({ step: 'closed' })
  const [locating, setLocating] = React.useState(false)

  const open = React.useCallback(() => setPhase({ step: 'confirm' }), [])
  const close = React.useCallback(() => {
    setPhase({ step: 'closed' })
    raise.reset()
  }, [raise])

  const send = React.useCallback(
    (position: SosPosition | null) => {
      const attempt = (given: SosPosition | null) =>
        raise.mutate(given, {
          onSuccess: ({ alert, sharingUntil }) =>
            setPhase({ step: 'done', tone: 'sent', message: alert.message, sos: { alert, sharingUntil }, positioned: given !== null }),
          onError: (error) => {
            const details = readApiError(error)
            if (details?.status === 400 && given) {
              attempt(null)
            } else if (details?.status === 409) {
              setPhase({ step: 'done', tone: 'repeat', message: details.message ?? sosText.failed })
            } else {
              setPhase({ step: 'done', tone: 'failed', message: sosText.failed })
            }
          },
        })
      attempt(position)
    },
    [raise],
  )

  const confirm = React.useCallback(() => {
    setLocating(true)
    void currentPosition().then((position) => {
      setLocating(false)
      send(position)
    })
  }, [send])

  return { phase, open, close, confirm, sending: locating || raise.isPending }
}
