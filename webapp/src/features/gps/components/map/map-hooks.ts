import type Feature from 'ol/Feature'
import { getCenter, type Extent } from 'ol/extent'
import type MapBrowserEvent from 'ol/MapBrowserEvent'
import Overlay from 'ol/Overlay'
import type Polygon from 'ol/geom/Polygon'
import type Point from 'ol/geom/Point'
import Draw from 'ol/interaction/Draw'
import Modify from 'ol/interaction/Modify'
import TileLayer from 'ol/layer/Tile'
import VectorLayer from 'ol/layer/Vector'
import { unByKey } from 'ol/Observable'
import { fromLonLat, toLonLat } from 'ol/proj'
import XYZ from 'ol/source/XYZ'
import VectorSource from 'ol/source/Vector'
import { getDistance } from 'ol/sphere'
import type { StyleLike } from 'ol/style/Style'
import * as React from 'react'

import { FIT_MAX_ZOOM, FIT_PADDING_PX, MAP_ZOOM, MAX_ZOOM, TILE_SIZE, ZONE_LIMITS } from '../../content'
import type { GeoJsonPolygon, LatLon, MapFocus } from '../../types'
import { geodesicCircle, handlePoint } from './features'
import { useOlMap } from './map-context'
import { isPoint } from './view-fit'

/*
 * Every imperative operation on the map is one small hook with a cleanup:
 * React owns the data, OpenLayers the canvas.
 */

/** The base map from configuration; "" draws none (a plain background). */
export function useTileLayer(url: string, attribution: string): void {
  const map = useOlMap()
  React.useEffect(() => {
    if (!url) return
    const layer = new TileLayer({
      source: new XYZ({ url, attributions: attribution || undefined, tileSize: TILE_SIZE, maxZoom: MAX_ZOOM }),
      zIndex: 0,
    })
    map.addLayer(layer)
    return () => {
      map.removeLayer(layer)
      layer.dispose()
    }
  }, [map, url, attribution])
}

/** A vector layer for the lifetime of the component; returns its source. */
export function useVectorLayer(zIndex: number, style?: StyleLike): VectorSource {
  const map = useOlMap()
  const [source] = React.useState(() => new VectorSource())
  React.useEffect(() => {
    const layer = new VectorLayer({ source, zIndex, style })
    map.addLayer(layer)
    return () => {
      map.removeLayer(layer)
      layer.dispose()
    }
  }, [map, source, zIndex, style])
  return source
}

/**
 * Replaces the source's features whenever `features` changes, then reports
 * what is drawn (the map's data attributes and tests read it).
 */
export function useFeatures(source: VectorSource, features: readonly Feature[], onDrawn?: (drawn: Feature[]) => void): void {
  const report = React.useRef(onDrawn)
  React.useEffect(() => {
    report.current = onDrawn
  })
  React.useEffect(() => {
    source.clear(true)
    source.addFeatures([...features])
    report.current?.(source.getFeatures())
  }, [source, features])
}

/**
 * While `follow`, moves the view to the centre whenever it changes
 * (docs/spec.md's centre rule decides it): the maps of one person's
 * position, such as a share link's.
 */
export function useViewCenter(center: LatLon, follow = true): void {
  const map = useOlMap()
  const { lat, lon } = center
  const first = React.useRef(true)
  React.useEffect(() => {
    if (!follow) return
    const view = map.getView()
    const target = fromLonLat([lon, lat])
    if (first.current) {
      first.current = false
      view.setCenter(target)
      return
    }
    view.animate({ center: target, duration: 400 })
  }, [map, lat, lon, follow])
}

const reducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true

/**
 * Fits the view once to what matters, when it first arrives: the position
 * and the active zones (`extent`, from `fitExtent`). Nothing moves before
 * `ready` (their queries still loading); with nothing to fit, the default
 * centre stays and the first position or zone fits then. Once the view has
 * fitted, or the person has moved the map, later data (a live fix every
 * few seconds) never moves it: the map does not fight a person who panned.
 */
export function useFitView(extent: Extent | null, ready: boolean): void {
  const map = useOlMap()
  const settled = React.useRef(false)
  React.useEffect(() => {
    const view = map.getView()
    // Only a person's move settles it (a drag, a wheel, a button's
    // animation): the map's own adjustments as it is laid out, and the
    // fit itself (never animated), do not.
    const moved = () => {
      if (view.getInteracting() || view.getAnimating()) settled.current = true
    }
    const keys = [view.on('change:center', moved), view.on('change:resolution', moved)]
    return () => unByKey(keys)
  }, [map])
  React.useEffect(() => {
    if (!ready || !extent || settled.current) return
    const view = map.getView()
    if (isPoint(extent)) {
      view.setCenter(getCenter(extent))
      view.setZoom(MAP_ZOOM)
    } else {
      view.fit(extent, { size: map.getSize(), padding: FIT_PADDING_PX, maxZoom: FIT_MAX_ZOOM })
    }
    settled.current = true
  }, [map, extent, ready])
}

/** Moves the view to each new focus (a place just chosen): its circle fitted, or its point at the fit zoom. */
export function useViewFocus(focus: MapFocus | null): void {
  const map = useOlMap()
  React.useEffect(() => {
    if (!focus) return
    const view = map.getView()
    const duration = reducedMotion() ? 0 : 400
    if (focus.radius) {
      view.fit(geodesicCircle(focus, focus.radius), { size: map.getSize(), padding: FIT_PADDING_PX, maxZoom: FIT_MAX_ZOOM, duration })
      return
    }
    view.animate({ center: fromLonLat([focus.lon, focus.lat]), zoom: Math.max(view.getZoom() ?? MAP_ZOOM, FIT_MAX_ZOOM - 1), duration })
  }, [map, focus])
}

/** What the view shows: its extent (map projection) and resolution, after every move. */
export type ViewState = { extent: Extent; resolution: number }

export function useViewState(): ViewState | null {
  const map = useOlMap()
  const [state, setState] = React.useState<ViewState | null>(null)
  React.useEffect(() => {
    const read = () => {
      const view = map.getView()
      const resolution = view.getResolution()
      const size = map.getSize()
      if (resolution === undefined || !size) return
      setState({ extent: view.calculateExtent(size), resolution })
    }
    // The first frame may have been drawn (and its moveend gone) before this effect ran.
    read()
    const key = map.on('moveend', read)
    return () => unByKey(key)
  }, [map])
  return state
}

/** Calls back with the clicked point (degrees) and the raw event. */
export function useMapClick(handler: ((at: LatLon, event: MapBrowserEvent<PointerEvent>) => void) | null): void {
  const map = useOlMap()
  const current = React.useRef(handler)
  React.useEffect(() => {
    current.current = handler
  })
  const active = handler !== null
  React.useEffect(() => {
    if (!active) return
    const key = map.on('singleclick', (event) => {
      const [lon, lat] = toLonLat(event.coordinate)
      current.current?.({ lat, lon: ((((lon + 180) % 360) + 360) % 360) - 180 }, event as MapBrowserEvent<PointerEvent>)
    })
    return () => unByKey(key)
  }, [map, active])
}

/** A popup overlay whose element React renders into (through a portal). */
export function usePopupOverlay(): { overlay: Overlay; element: HTMLElement } {
  const map = useOlMap()
  const [state] = React.useState(() => {
    const element = document.createElement('div')
    element.className = 'lifeline-map-popup'
    // The map must not count a press on the popup (its Close button) as a
    // map click: it would start a double-click with the next real click.
    element.addEventListener('pointerdown', (event) => event.stopPropagation())
    const overlay = new Overlay({
      element,
      positioning: 'bottom-center',
      offset: [0, -14],
      stopEvent: true,
      autoPan: { animation: { duration: 250 } },
    })
    return { overlay, element }
  })
  React.useEffect(() => {
    map.addOverlay(state.overlay)
    return () => {
      map.removeOverlay(state.overlay)
    }
  }, [map, state])
  return state
}

/** GeoJSON (lon/lat) of a drawn polygon, a point inside it and its corner count. */
export type DrawnPolygon = { polygon: GeoJsonPolygon; lat: number; lon: number; corners: number }

/** While active, clicks add corners of a polygon; finishing it calls back once. */
export function useDrawPolygon(active: boolean, onDrawn: (drawn: DrawnPolygon) => void): void {
  const map = useOlMap()
  const current = React.useRef(onDrawn)
  React.useEffect(() => {
    current.current = onDrawn
  })
  React.useEffect(() => {
    if (!active) return
    const source = new VectorSource()
    const draw = new Draw({ source, type: 'Polygon' })
    const key = draw.on('drawend', (event) => {
      const geometry = (event.feature.getGeometry() as Polygon).clone()
      const inside = geometry.getInteriorPoint().getCoordinates()
      const [lon, lat] = toLonLat(inside)
      const rings = geometry.transform('EPSG:3857', 'EPSG:4326').getCoordinates() as number[][][]
      current.current({
        polygon: { type: 'Polygon', coordinates: rings },
        lat,
        lon,
        corners: Math.max(0, (rings[0]?.length ?? 1) - 1),
      })
    })
    map.addInteraction(draw)
    return () => {
      unByKey(key)
      map.removeInteraction(draw)
    }
  }, [map, active])
}

const clampRadius = (r: number) => Math.min(ZONE_LIMITS.radiusMax, Math.max(ZONE_LIMITS.radiusMin, Math.round(r)))

/**
 * The draft circle and its radius handle. Dragging the handle resizes the
 * circle on the canvas as it moves; the new radius goes back to React when
 * the drag ends.
 */
export function useDraftCircle(
  circleSource: VectorSource,
  handleSource: VectorSource,
  draft: (LatLon & { radius: number }) | null,
  circleFeature: Feature,
  handleFeature: Feature,
  onRadiusChange: (radius: number) => void,
): void {
  const map = useOlMap()
  const current = React.useRef(onRadiusChange)
  React.useEffect(() => {
    current.current = onRadiusChange
  })
  const lat = draft?.lat
  const lon = draft?.lon
  const radius = draft?.radius
  React.useEffect(() => {
    if (lat === undefined || lon === undefined || radius === undefined) {
      circleSource.clear(true)
      handleSource.clear(true)
      return
    }
    const center = { lat, lon }
    circleFeature.setGeometry(geodesicCircle(center, radius))
    handleFeature.setGeometry(handlePoint(center, radius))
    if (!circleSource.hasFeature(circleFeature)) circleSource.addFeature(circleFeature)
    if (!handleSource.hasFeature(handleFeature)) handleSource.addFeature(handleFeature)

    const modify = new Modify({ source: handleSource, pixelTolerance: 16 })
    let latest = radius
    const moving = handleFeature.on('change', () => {
      const coordinate = (handleFeature.getGeometry() as Point | undefined)?.getCoordinates()
      if (!coordinate) return
      latest = clampRadius(getDistance([lon, lat], toLonLat(coordinate)))
      circleFeature.setGeometry(geodesicCircle(center, latest))
    })
    const ended = modify.on('modifyend', () => {
      handleFeature.setGeometry(handlePoint(center, latest))
      current.current(latest)
    })
    map.addInteraction(modify)
    return () => {
      unByKey(moving)
      unByKey(ended)
      map.removeInteraction(modify)
    }
  }, [map, circleSource, handleSource, circleFeature, handleFeature, lat, lon, radius])
}
