import 'ol/ol.css'
import './map-controls.css'

import Feature from 'ol/Feature'
import { X } from 'lucide-react'
import * as React from 'react'
import { createPortal } from 'react-dom'

import { cn } from '@/lib/utils'

import { gpsText, MAP_HEIGHT_PX, POPUP_MAX_WIDTH_PX } from '../../content'
import type { CircleDraft, EditMode, LatLon, Location, MapFocus, MapPoint, PolygonDraft, Zone } from '../../types'
import { createMap } from './create-map'
import {
  evidenceFeatures,
  markerFeature,
  playbackFeature,
  polygonGeometry,
  popupOf,
  trackFeatures,
  zoneFeatures,
  type Popup,
} from './features'
import { MapContext } from './map-context'
import {
  useDraftCircle,
  useDrawPolygon,
  useFeatures,
  useFitView,
  useMapClick,
  usePopupOverlay,
  useTileLayer,
  useVectorLayer,
  useViewCenter,
  useViewFocus,
  useViewState,
  type DrawnPolygon,
} from './map-hooks'
import { draftStyle, drawsAsMark, handleStyle } from './styles'
import { describeExtent, fitExtent } from './view-fit'

export type LiveMapProps = {
  /** Where the view starts; followed as it changes, unless `fitReady` is given. */
  center: LatLon
  /**
   * Given (the GPS page), the view fits the position and the active zones
   * once they have loaded (true), instead of following `center`.
   */
  fitReady?: boolean
  /** A place just chosen (a new zone): the view moves to it. */
  focus?: MapFocus | null
  /** XYZ template; "" = no base map. */
  tileUrl: string
  attribution: string
  latest: Location | null | undefined
  zones: readonly Zone[]
  /** One day's fixes (any order) and the playback position among them, oldest first. */
  track?: readonly Location[]
  playback?: Location | null
  /** An alert's evidence fixes. */
  evidence?: readonly MapPoint[] | null
  editMode?: EditMode
  circleDraft?: CircleDraft | null
  polygonDraft?: PolygonDraft | null
  onPlaceCircle?: (at: LatLon) => void
  onRadiusChange?: (radius: number) => void
  onPolygonDrawn?: (drawn: DrawnPolygon) => void
  timeZone?: string
  className?: string
}

/**
 * The OpenLayers map of the GPS page. The ol/Map is created once, attached
 * with a ref callback and shared through context; each layer is a hook that
 * adds itself and removes itself on unmount. Loaded with React.lazy: no
 * other page carries OpenLayers.
 */
export default function LiveMap(props: LiveMapProps) {
  const [map] = React.useState(() => createMap(props.center))
  const attach = React.useCallback(
    (element: HTMLDivElement | null) => {
      map.setTarget(element ?? undefined)
    },
    [map],
  )
  return (
    <MapContext.Provider value={map}>
      <MapCanvas {...props} attach={attach} />
    </MapContext.Provider>
  )
}

type Drawn = { zones: string; marker: string; track: number; evidence: number }

function describeZones(features: Feature[]): string {
  return features
    .map((f) => `${String(f.get('zoneType'))}:${String(f.get('name'))}:${String(f.get('color'))}`)
    .join('|')
}

function MapCanvas({
  center,
  fitReady,
  focus = null,
  tileUrl,
  attribution,
  latest,
  zones,
  track = [],
  playback = null,
  evidence = null,
  editMode = 'none',
  circleDraft = null,
  polygonDraft = null,
  onPlaceCircle,
  onRadiusChange,
  onPolygonDrawn,
  timeZone,
  className,
  attach,
}: LiveMapProps & { attach: (element: HTMLDivElement | null) => void }) {
  const noteId = React.useId()
  const [drawn, setDrawn] = React.useState<Drawn>({ zones: '', marker: '', track: 0, evidence: 0 })
  const [popup, setPopup] = React.useState<Popup | null>(null)

  useTileLayer(tileUrl, attribution)
  useViewCenter(center, fitReady === undefined)
  const lat = latest?.latitude
  const lon = latest?.longitude
  const extent = React.useMemo(() => {
    if (fitReady === undefined) return null
    return fitExtent(lat === undefined || lon === undefined ? null : { lat, lon }, zones)
  }, [fitReady, lat, lon, zones])
  useFitView(extent, fitReady ?? false)
  useViewFocus(focus)
  const view = useViewState()

  const zoneSource = useVectorLayer(10)
  const trackSource = useVectorLayer(20)
  const evidenceSource = useVectorLayer(30)
  const draftSource = useVectorLayer(40, draftStyle)
  const polygonDraftSource = useVectorLayer(41, draftStyle)
  const markerSource = useVectorLayer(50)
  const handleSource = useVectorLayer(60, handleStyle)

  const zoneList = React.useMemo(() => zoneFeatures(zones), [zones])
  useFeatures(zoneSource, zoneList, (features) => setDrawn((d) => ({ ...d, zones: describeZones(features) })))
  // The zones too small to see at this zoom, which are drawn as marks (the e2e suite reads it).
  const zoneMarks = view
    ? zoneList
        .filter((f) => {
          const geometry = f.getGeometry()
          return geometry ? drawsAsMark(geometry.getExtent(), view.resolution) : false
        })
        .map((f) => String(f.get('name')))
        .join('|')
    : ''

  const markerList = React.useMemo(() => (latest ? [markerFeature(latest, timeZone)] : []), [latest, timeZone])
  useFeatures(markerSource, markerList, (features) =>
    setDrawn((d) => ({
      ...d,
      marker: features.length > 0 && latest ? `${latest.latitude.toFixed(6)},${latest.longitude.toFixed(6)}` : '',
    })),
  )

  const trackList = React.useMemo(() => {
    const features = trackFeatures(track, timeZone)
    if (playback) features.push(playbackFeature(playback, timeZone))
    return features
  }, [track, playback, timeZone])
  useFeatures(trackSource, trackList, (features) =>
    setDrawn((d) => ({ ...d, track: features.filter((f) => f.get('kind') === 'track-point').length })),
  )

  const evidenceList = React.useMemo(() => evidenceFeatures(evidence ?? []), [evidence])
  useFeatures(evidenceSource, evidenceList, (features) =>
    setDrawn((d) => ({ ...d, evidence: features.filter((f) => f.get('kind') === 'evidence').length })),
  )

  const polygonList = React.useMemo(() => {
    if (!polygonDraft) return []
    const feature = new Feature({ geometry: polygonGeometry(polygonDraft.polygon) })
    feature.set('kind', 'draft')
    return [feature]
  }, [polygonDraft])
  const [circleFeature] = React.useState(() => new Feature())
  const [handleFeature] = React.useState(() => new Feature())
  const noop = React.useCallback(() => {}, [])
  useDraftCircle(draftSource, handleSource, circleDraft, circleFeature, handleFeature, onRadiusChange ?? noop)
  useFeatures(polygonDraftSource, polygonList)

  useDrawPolygon(editMode === 'polygon', (result) => onPolygonDrawn?.(result))

  const { overlay, element } = usePopupOverlay()
  const closePopup = React.useCallback(() => {
    overlay.setPosition(undefined)
    setPopup(null)
  }, [overlay])

  useMapClick(
    editMode === 'polygon'
      ? null
      : (at, event) => {
          const hit = event.map.forEachFeatureAtPixel(event.pixel, (feature) => feature, { hitTolerance: 4 })
          if (editMode === 'circle') {
            if (hit !== handleFeature) onPlaceCircle?.(at)
            return
          }
          const content = hit ? popupOf(hit) : undefined
          if (!content) return closePopup()
          setPopup(content)
          overlay.setPosition(event.coordinate)
        },
  )

  return (
    <div className={cn('relative', className)}>
      <div
        ref={attach}
        role="region"
        tabIndex={0}
        aria-label={gpsText.map.label}
        aria-describedby={noteId}
        data-testid="live-map"
        data-zones={drawn.zones}
        data-zone-marks={zoneMarks}
        data-view={view ? describeExtent(view.extent) : ''}
        data-marker={drawn.marker}
        data-track-points={drawn.track}
        data-evidence-points={drawn.evidence}
        data-edit-mode={editMode}
        data-base-map={tileUrl ? 'tiles' : 'none'}
        className={cn(
          'w-full overflow-hidden rounded-xl border bg-muted outline-none focus-visible:ring-[3px] focus-visible:ring-ring',
          editMode !== 'none' && 'cursor-crosshair',
        )}
        style={{ height: MAP_HEIGHT_PX }}
      />
      <div id={noteId} className="sr-only">
        <p>{gpsText.map.note}</p>
        <p>
          {gpsText.map.summary}{' '}
          {[
            latest ? gpsText.map.markerAt(latest.latitude, latest.longitude) : gpsText.map.noMarker,
            ...zones
              .filter((z) => z.isActive)
              .map((z) => gpsText.map.zoneDrawn(z.type === 'avoid' ? gpsText.map.avoidZone : gpsText.map.safeZone, z.name)),
          ].join('; ')}
        </p>
      </div>
      {!tileUrl && (
        <p className="pointer-events-none absolute bottom-2 left-2 max-w-[70%] rounded-md bg-background/85 px-2 py-1 text-xs text-muted-foreground">
          {gpsText.map.noBaseMap}
        </p>
      )}
      {createPortal(
        popup ? (
          <div
            role="group"
            aria-label={popup.title}
            data-testid="map-popup"
            className="relative grid gap-0.5 rounded-lg border bg-popover px-3 py-2 pr-8 text-sm text-popover-foreground shadow-lg"
            style={{ maxWidth: POPUP_MAX_WIDTH_PX }}
          >
            <strong className="font-semibold">{popup.title}</strong>
            {popup.lines.map((line) => (
              <span key={line}>{line}</span>
            ))}
            <button
              type="button"
              onClick={closePopup}
              aria-label={gpsText.map.closePopup}
              className="absolute top-1 right-1 flex size-6 items-center justify-center rounded-full text-muted-foreground hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring"
            >
              <X aria-hidden="true" className="size-3.5" />
            </button>
          </div>
        ) : null,
        element,
      )}
    </div>
  )
}
