import { Siren } from 'lucide-react'
import * as React from 'react'

import { Button } from '@/components/ui/button'
import { SosDialog } from '@/features/sos/components/sos-dialog'
import { useSosFlow } from '@/features/sos/hooks/use-sos-flow'

export type SosActionProps = { label: string; className: string }

/**
 * "Alert my people now" where another feature offers it (under a chat
 * answer, in a questionnaire's crisis layer): the SOS feature's one
 * confirmation, opened from a button in the host's style.
 */
export function SosAction({ label, className }: SosActionProps) {
  const flow = useSosFlow()
  const opener = React.useRef<HTMLButtonElement>(null)
  return (
    <>
      <Button ref={opener} variant="outline" className={className} onClick={flow.open}>
        <Siren aria-hidden="true" className="text-destructive dark:text-red-300" />
        {label}
      </Button>
      <SosDialog returnFocus={opener} phase={flow.phase} sending={flow.sending} onConfirm={flow.confirm} onClose={flow.close} />
    </>
  )
}
