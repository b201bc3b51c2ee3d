import { Siren } from 'lucide-react'
import * as React from 'react'

import { Button } from '@/components/ui/button'
import type { User } from '@/features/auth/types'
import type { ChatActionSlotProps, ChatActionSlots } from '@/features/chat/components/chat-actions'
import { ChatScreen } from '@/features/chat/components/chat-screen'
import { SponsorAction } from '@/features/crisis/components/sponsor-action'
import { SosDialog } from '@/features/sos/components/sos-dialog'
import { useSosFlow } from '@/features/sos/hooks/use-sos-flow'

/** "Alert my people now" under a crisis answer: the SOS feature's one confirmation, opened from the chat's button. */
function ChatSosAction({ label, className }: ChatActionSlotProps) {
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

const actionSlots: ChatActionSlots = {
  sos: (props) => <ChatSosAction {...props} />,
  // An answer from before the sponsor was added calls them now.
  addSponsor: ({ label, className }) => <SponsorAction addLabel={label} className={className} addWhenUnknown />,
}

export type ChatbotRouteProps = {
  user: User
}

/** docs/spec.md "AI Support Assistant" (/chatbot), with the SOS and crisis features' actions under its answers. */
export function ChatbotRoute({ user }: ChatbotRouteProps) {
  return <ChatScreen userId={user.id} actionSlots={actionSlots} />
}
