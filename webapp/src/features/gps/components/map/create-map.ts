import OlMap from 'ol/Map'
import View from 'ol/View'
import { defaults as defaultControls } from 'ol/control/defaults'
import { fromLonLat } from 'ol/proj'

import { MAP_ZOOM, MAX_ZOOM } from '../../content'
import type { LatLon } from '../../types'

/** A map with docs/spec.md's view (zoom 13, at most 18) and no layers yet: hooks add them. */
export function createMap(center: LatLon): OlMap {
  return new OlMap({
    controls: defaultControls({ attributionOptions: { collapsible: true, collapsed: false } }),
    view: new View({
      center: fromLonLat([center.lon, center.lat]),
      zoom: MAP_ZOOM,
      maxZoom: MAX_ZOOM,
    }),
  })
}
