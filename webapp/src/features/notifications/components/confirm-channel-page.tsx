import { MailCheck } from 'lucide-react'

import { LinkTokenPage } from '@/components/link-token-page'

import { useConfirmChannel } from '../api/confirm-channel'
import { notificationsText } from '../content'

const text = notificationsText.confirm

export type ConfirmChannelPageProps = {
  /** The page's fragment (`#token=…`); window.location.hash by default. */
  hash?: string
}

/**
 * `/confirm-channel#token=…`: the link of an email address's confirmation
 * message. The same page signed in or not (it is often opened in a mail
 * app's browser): holding the link is what proves the mailbox. Nothing
 * happens until the button is pressed, so a mail scanner that opens links
 * confirms nothing.
 */
export function ConfirmChannelPage({ hash }: ConfirmChannelPageProps) {
  const confirm = useConfirmChannel()
  return (
    <LinkTokenPage
      hash={hash}
      icon={MailCheck}
      action={confirm}
      text={{
        pageTitle: text.pageTitle,
        title: text.title,
        intro: text.intro,
        action: text.confirm,
        pending: text.confirming,
        done: ({ address }) => text.done(address),
        noToken: text.noToken,
        failed: text.failed,
        openApp: text.openApp,
        footnote: text.notMine,
      }}
    />
  )
}
