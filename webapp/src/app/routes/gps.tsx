import * as React from 'react'

import { routes } from '@/config/routes'
import { useAlerts } from '@/features/alerts/api/get-alerts'
import { AlertList } from '@/features/alerts/components/alert-list'
import { isGeofenceAlert, type AlertEvidence } from '@/features/alerts/types'
import type { User } from '@/features/auth/types'
import { BraceletsCard } from '@/features/devices/components/bracelets-card'
import { GpsScreen } from '@/features/gps/components/gps-screen'
import { gpsText } from '@/features/gps/content'
import type { MapPoint } from '@/features/gps/types'
import { ShareDialog } from '@/features/share/components/share-dialog'

import { alertActions } from './alert-actions'
import { evidenceToPoints } from './gps-evidence'

export type GpsRouteProps = {
  user: User
}

/** `/gps`: the GPS page with its zone alerts (and their evidence on the map) and the bracelets card. */
export function GpsRoute({ user }: GpsRouteProps) {
  const alerts = useAlerts()
  const [evidence, setEvidence] = React.useState<{ alertId: number; points: MapPoint[] } | null>(null)

  const onEvidence = React.useCallback((alertId: number, shown: AlertEvidence | null) => {
    setEvidence((current) => {
      if (shown) return { alertId, points: evidenceToPoints(shown) }
      return current?.alertId === alertId ? null : current
    })
  }, [])

  const zoneAlerts = React.useMemo(() => (alerts.data ?? []).filter(isGeofenceAlert), [alerts.data])

  return (
    <GpsScreen
      timeZone={user.timezone}
      evidence={evidence?.points ?? null}
      alerts={
        zoneAlerts.length > 0 ? (
          <AlertList
            alerts={zoneAlerts}
            currentPath={routes.gps.path}
            onEvidence={onEvidence}
            title={gpsText.alerts.title}
            actions={alertActions}
          />
        ) : null
      }
      share={<ShareDialog timeZone={user.timezone} />}
      devices={<BraceletsCard host={typeof window !== 'undefined' ? window.location.hostname : undefined} />}
    />
  )
}
