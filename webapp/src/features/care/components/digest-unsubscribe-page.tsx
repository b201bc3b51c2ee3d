import { MailX } from 'lucide-react'

import { LinkTokenPage } from '@/components/link-token-page'

import { useUnsubscribeDigest } from '../api/unsubscribe-digest'
import { careText } from '../content'

const text = careText.digest

export type DigestUnsubscribePageProps = {
  /** The page's fragment (`#token=…`); window.location.hash by default. */
  hash?: string
}

/**
 * `/digest/unsubscribe#token=…`: the link in a weekly digest email's body.
 * A mail client's one-click POST goes to the API itself; here the person
 * presses the button.
 */
export function DigestUnsubscribePage({ hash }: DigestUnsubscribePageProps) {
  const unsubscribe = useUnsubscribeDigest()
  return (
    <LinkTokenPage
      hash={hash}
      icon={MailX}
      action={unsubscribe}
      text={{
        pageTitle: text.pageTitle,
        title: text.title,
        intro: text.intro,
        action: text.confirm,
        pending: text.confirming,
        done: ({ name }) => text.done(name),
        noToken: text.noToken,
        failed: text.failedPage,
        openApp: text.openApp,
      }}
    />
  )
}
