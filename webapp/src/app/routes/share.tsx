import { useAppConfig } from '@/features/gps/api/get-app-config'
import { GpsMap } from '@/features/gps/components/gps-map'
import { SharedLocationPage } from '@/features/share/components/shared-location-page'

/** `/share#token=…`: the public page of a share link, with the GPS feature's map. */
export function ShareRoute() {
  const config = useAppConfig()
  return (
    <SharedLocationPage
      renderMap={(position) => (
        <GpsMap
          center={{ lat: position.latitude, lon: position.longitude }}
          tileUrl={config.data?.mapTileUrl ?? ''}
          attribution={config.data?.mapAttribution ?? ''}
          latest={{
            id: 0,
            latitude: position.latitude,
            longitude: position.longitude,
            accuracy: null,
            timestamp: position.timestamp,
            batteryLevel: null,
            source: 'browser',
          }}
          zones={[]}
        />
      )}
    />
  )
}
