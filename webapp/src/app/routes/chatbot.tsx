import type { User } from '@/features/auth/types'
import type { ChatActionSlots } from '@/features/chat/components/chat-actions'
import { ChatScreen } from '@/features/chat/components/chat-screen'
import { SponsorAction } from '@/features/crisis/components/sponsor-action'

import { SosAction } from './sos-action'

const actionSlots: ChatActionSlots = {
  sos: (props) => <SosAction {...props} />,
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
