import * as React from 'react'

import { DEFAULT_RADIUS_M } from '../content'
import type { CircleDraft, EditMode, LatLon, MapFocus, PolygonDraft, Zone } from '../types'
import { circleDraftAt, zoneToDraft, type ZoneDraft } from '../utils/zone-form'

/**
 * The GPS page's zone editor: the drawing mode, the circle or area being
 * placed on the map, the zone in the dialog, and where the map should go
 * next (a centre chosen in the dialog: where I am now, an address). Escape leaves the editor: it stops drawing
 * and drops an unsaved draft (the dialog has its own Escape).
 */
export function useZoneEditor(center: LatLon) {
  const [mode, setMode] = React.useState<EditMode>('none')
  const [circleDraft, setCircleDraft] = React.useState<CircleDraft | null>(null)
  const [polygonDraft, setPolygonDraft] = React.useState<PolygonDraft | null>(null)
  const [dialogDraft, setDialogDraft] = React.useState<ZoneDraft | null>(null)
  const [focus, setFocus] = React.useState<MapFocus | null>(null)

  const changeMode = (next: EditMode) => {
    setMode(next)
    if (next === 'polygon') setCircleDraft(null)
    if (next === 'circle') setPolygonDraft(null)
  }
  const discardDrafts = () => {
    setCircleDraft(null)
    setPolygonDraft(null)
  }
  const continueDraft = () => {
    if (circleDraft) setDialogDraft(circleDraftAt(circleDraft.lat, circleDraft.lon, circleDraft.radius))
    else if (polygonDraft) setDialogDraft({ shape: 'polygon', latitude: polygonDraft.lat, longitude: polygonDraft.lon, radius: null, polygon: polygonDraft.polygon })
  }
  const addZone = () => {
    const at = circleDraft ?? center
    setDialogDraft(circleDraftAt(at.lat, at.lon, circleDraft?.radius ?? DEFAULT_RADIUS_M))
  }
  const editZone = (zone: Zone) => setDialogDraft(zoneToDraft(zone))
  const closeDialog = () => setDialogDraft(null)
  const zoneSaved = () => {
    if (dialogDraft?.zone) return
    discardDrafts()
    setMode('none')
  }
  const placeCircle = (at: LatLon) => setCircleDraft((d) => ({ ...at, radius: d?.radius ?? DEFAULT_RADIUS_M }))
  const resizeCircle = (radius: number) => setCircleDraft((d) => (d ? { ...d, radius } : d))
  const polygonDrawn = (drawn: PolygonDraft) => {
    setPolygonDraft(drawn)
    setMode('none')
  }

  const editing = mode !== 'none' || circleDraft !== null || polygonDraft !== null
  const dialogOpen = dialogDraft !== null
  React.useEffect(() => {
    if (!editing || dialogOpen) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return
      setCircleDraft(null)
      setPolygonDraft(null)
      setMode('none')
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [editing, dialogOpen])

  return {
    mode,
    circleDraft,
    polygonDraft,
    dialogDraft,
    /** A centre chosen in the dialog (an address, where I am now): the map goes there. */
    focus,
    setFocus,
    changeMode,
    discardDrafts,
    continueDraft,
    addZone,
    editZone,
    closeDialog,
    zoneSaved,
    placeCircle,
    resizeCircle,
    polygonDrawn,
  }
}
