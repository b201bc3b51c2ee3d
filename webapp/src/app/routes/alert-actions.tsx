import { routes } from '@/config/routes'
import type { Alert } from '@/features/alerts/types'
import { SponsorAction } from '@/features/crisis/components/sponsor-action'
import { AlertActions } from '@/features/sos/components/alert-actions'
import { SosAlertActions } from '@/features/sos/components/sos-alert-actions'

/**
 * The one-tap actions under an alert, wherever the wearer sees their alerts
 * (the SOS feature's: on avoid-zone alerts, and "I'm safe now" on an open SOS).
 */
export function alertActions(alert: Alert) {
  return (
    <>
      <AlertActions alert={alert} safetyPlanHref={routes.safetyPlan.path} sponsorAction={<SponsorAction size="sm" />} />
      <SosAlertActions alert={alert} />
    </>
  )
}
