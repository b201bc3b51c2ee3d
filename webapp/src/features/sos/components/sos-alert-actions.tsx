import { isSos, type SosAlert } from '../types'
import { SafeNowButton } from './safe-now-button'

export type SosAlertActionsProps = {
  alert: SosAlert
}

/** Under the wearer's own SOS alert, while it is open: "I'm safe now". */
export function SosAlertActions({ alert }: SosAlertActionsProps) {
  if (!isSos(alert) || alert.resolvedAt) return null
  return <SafeNowButton alertId={alert.id} size="sm" />
}
