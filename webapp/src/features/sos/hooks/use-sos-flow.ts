import * as React from 'react'

import { readApiError } from '@/lib/api-client'

import { useRaiseSos } from '../api/raise-sos'
import { sosText } from '../content'

/** Where the one SOS dialog is: asking, sending, or showing what the server said. */
export type SosPhase =
  | { step: 'closed' }
  | { step: 'confirm' }
  | { step: 'done'; tone: 'sent' | 'repeat' | 'failed'; message: string }

/**
 * "Alert my people now" as one dialog: open asks once, confirm sends
 * `POST /api/sos`, and the dialog then shows the API's own message (the
 * alert's, or the 409's kind repeat message).
 */
export function useSosFlow() {
  const raise = useRaiseSos()
  const [phase, setPhase] = React.useState<SosPhase>({ step: 'closed' })

  const open = React.useCallback(() => setPhase({ step: 'confirm' }), [])
  const close = React.useCallback(() => {
    setPhase({ step: 'closed' })
    raise.reset()
  }, [raise])
  const confirm = React.useCallback(() => {
    raise.mutate(undefined, {
      onSuccess: (result) => setPhase({ step: 'done', tone: 'sent', message: result.alert.message }),
      onError: (error) => {
        const details = readApiError(error)
        if (details?.status === 409) {
          setPhase({ step: 'done', tone: 'repeat', message: details.message ?? sosText.failed })
        } else {
          setPhase({ step: 'done', tone: 'failed', message: sosText.failed })
        }
      },
    })
  }, [raise])

  return { phase, open, close, confirm, sending: raise.isPending }
}
