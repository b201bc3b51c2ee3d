import type OlMap from 'ol/Map'
import * as React from 'react'

/** The one ol/Map of a LiveMap, shared with the hooks that draw on it. */
export const MapContext = React.createContext<OlMap | null>(null)

export function useOlMap(): OlMap {
  const map = React.useContext(MapContext)
  if (!map) throw new Error('useOlMap must be used inside <LiveMap>')
  return map
}
