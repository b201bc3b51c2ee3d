import { DigestUnsubscribePage } from '@/features/care/components/digest-unsubscribe-page'

/** `/digest/unsubscribe#token=…`: a weekly digest email's unsubscribe link, signed in or not. */
export function DigestUnsubscribeRoute() {
  return <DigestUnsubscribePage />
}
