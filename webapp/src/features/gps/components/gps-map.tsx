import * as React from 'react'

import { Skeleton } from '@/components/ui/skeleton'

import { gpsText, MAP_HEIGHT_PX } from '../content'
import type { LiveMapProps } from './map/live-map'

// OpenLayers (≈ 90 kB gzip) loads only with this component: no other page carries it.
const LiveMap = React.lazy(() => import('./map/live-map'))

export type GpsMapProps = LiveMapProps

/** The lazily loaded map, with a 500 px placeholder while its code arrives. */
export function GpsMap(props: GpsMapProps) {
  return (
    <React.Suspense
      fallback={
        <div className="relative" style={{ height: MAP_HEIGHT_PX }}>
          <Skeleton className="h-full w-full rounded-xl" />
          <span className="sr-only" role="status">
            {gpsText.map.loading}
          </span>
        </div>
      }
    >
      <LiveMap {...props} />
    </React.Suspense>
  )
}
