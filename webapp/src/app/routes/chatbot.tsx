import type { User } from '@/features/auth/types'
import { ChatScreen } from '@/features/chat/components/chat-screen'

export type ChatbotRouteProps = {
  user: User
}

/** docs/spec.md "AI Support Assistant" (/chatbot). */
export function ChatbotRoute({ user }: ChatbotRouteProps) {
  return <ChatScreen userId={user.id} />
}
