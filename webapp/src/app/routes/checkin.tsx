import { routes } from '@/config/routes'
import { useRefreshAlerts } from '@/features/alerts/hooks/use-refresh-alerts'
import { CheckinScreen } from '@/features/checkins/components/checkin-screen'
import { checkinText } from '@/features/checkins/content'

/** docs/spec.md Daily check-in screen. A saved check-in can raise alerts, so they are refreshed too. */
export function CheckinRoute() {
  const refreshAlerts = useRefreshAlerts()
  return (
    <>
      <title>{checkinText.pageTitle}</title>
      <CheckinScreen dashboardPath={routes.home.path} onSaved={refreshAlerts} />
    </>
  )
}
