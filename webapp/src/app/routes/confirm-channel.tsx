import { ConfirmChannelPage } from '@/features/notifications/components/confirm-channel-page'

/** `/confirm-channel#token=…`: an email address's confirmation link, signed in or not. */
export function ConfirmChannelRoute() {
  return <ConfirmChannelPage />
}
