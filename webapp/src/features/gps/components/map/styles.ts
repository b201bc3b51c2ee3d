import type { FeatureLike } from 'ol/Feature'
import { getCenter, getHeight, getWidth, type Extent } from 'ol/extent'
import Point from 'ol/geom/Point'
import { Circle as CircleStyle, Fill, RegularShape, Stroke, Style, Text } from 'ol/style'
import type { StyleFunction } from 'ol/style/Style'

import { ZONE_COLORS, ZONE_FILL_OPACITY, ZONE_LABEL_LINE, ZONE_MARK_RADIUS_PX } from '../../content'
import type { ZoneType } from '../../types'

/** `#10b981` and 0.2 → `rgba(16, 185, 129, 0.2)`. */
export function withOpacity(hex: string, opacity: number): string {
  const n = Number.parseInt(hex.slice(1), 16)
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${opacity})`
}

/*
 * Zones. Safe and avoid differ by more than colour, for people who do not
 * tell red from green: a safe zone has a solid edge, an avoid zone a dashed
 * one, and a zone too small to see at this zoom is drawn as a mark of a
 * fixed size, a ring for a safe zone and a ring crossed by a bar (the
 * "no entry" sign) for an avoid zone. The mark is wider than the position
 * marker, so it still shows around it when the person is inside.
 */

/** An avoid zone's dashes; a safe zone's edge is solid. */
export const AVOID_DASH = [10, 7]

const zoneEdge = (type: ZoneType) =>
  new Stroke({ color: ZONE_COLORS[type], width: 3, lineDash: type === 'avoid' ? AVOID_DASH : undefined })
const zoneFill = (type: ZoneType) => new Fill({ color: withOpacity(ZONE_COLORS[type], ZONE_FILL_OPACITY) })

const zoneAreaStyles: Record<ZoneType, Style> = {
  safe: new Style({ stroke: zoneEdge('safe'), fill: zoneFill('safe') }),
  avoid: new Style({ stroke: zoneEdge('avoid'), fill: zoneFill('avoid') }),
}

const ring = (type: ZoneType) =>
  new CircleStyle({ radius: ZONE_MARK_RADIUS_PX, stroke: new Stroke({ color: ZONE_COLORS[type], width: 3 }), fill: zoneFill(type) })

/** A mark sits at the centre of its zone's extent. */
const centerOf = (feature: FeatureLike) => {
  const geometry = feature.getGeometry()
  return geometry ? new Point(getCenter(geometry.getExtent())) : undefined
}

const zoneMarkStyles: Record<ZoneType, Style[]> = {
  safe: [new Style({ geometry: centerOf, image: ring('safe') })],
  avoid: [
    new Style({ geometry: centerOf, image: ring('avoid') }),
    new Style({
      geometry: centerOf,
      // Two spokes from the centre at 45°: the bar of a "no entry" sign.
      image: new RegularShape({
        points: 2,
        radius: ZONE_MARK_RADIUS_PX,
        radius2: 0,
        angle: Math.PI / 4,
        stroke: new Stroke({ color: ZONE_COLORS.avoid, width: 3 }),
      }),
    }),
  ],
}

/** Whether a zone of this extent (map units) is too small to see at this resolution (map units per pixel). */
export function drawsAsMark(extent: Extent, resolution: number): boolean {
  return Math.min(getWidth(extent), getHeight(extent)) / resolution < 2 * ZONE_MARK_RADIUS_PX
}

/**
 * A name as lines of at most `width` characters, broken between words (a
 * word longer than a line stays whole), three lines at most.
 */
export function wrapLabel(name: string, width = ZONE_LABEL_LINE, maxLines = 3): string {
  const lines: string[] = []
  for (const word of name.trim().split(/\s+/)) {
    const last = lines.length - 1
    if (last >= 0 && lines[last].length + 1 + word.length <= width) lines[last] += ` ${word}`
    else lines.push(word)
  }
  if (lines.length <= maxLines) return lines.join('\n')
  return [...lines.slice(0, maxLines - 1), `${lines[maxLines - 1]}…`].join('\n')
}

function zoneLabel(name: string, at: Point, offsetY: number): Style {
  return new Style({
    geometry: at,
    text: new Text({
      text: wrapLabel(name),
      offsetY,
      textBaseline: 'top',
      font: '600 13px system-ui, sans-serif',
      fill: new Fill({ color: '#111827' }),
      stroke: new Stroke({ color: '#ffffff', width: 4 }),
    }),
  })
}

/**
 * The styles of one zone at one resolution: its area with its name under
 * it, or, when the area would be smaller than a mark, the mark at its
 * centre with the name under the mark.
 */
export function zoneStylesAt(type: ZoneType, name: string, extent: Extent, resolution: number): Style[] {
  const kind: ZoneType = type === 'avoid' ? 'avoid' : 'safe'
  if (drawsAsMark(extent, resolution)) {
    return [...zoneMarkStyles[kind], zoneLabel(name, new Point(getCenter(extent)), ZONE_MARK_RADIUS_PX + 6)]
  }
  const bottom = new Point([getCenter(extent)[0], extent[1]])
  return [zoneAreaStyles[kind], zoneLabel(name, bottom, 6)]
}

/** The style function of a zone's feature: `zoneStylesAt` with the feature's own extent. */
export function zoneStyle(type: ZoneType, name: string): StyleFunction {
  return (feature: FeatureLike, resolution: number) => {
    const geometry = feature.getGeometry()
    return geometry ? zoneStylesAt(type, name, geometry.getExtent(), resolution) : []
  }
}

export const markerStyle = [
  new Style({
    image: new CircleStyle({
      radius: 14,
      fill: new Fill({ color: 'rgba(37, 99, 235, 0.18)' }),
    }),
  }),
  new Style({
    image: new CircleStyle({
      radius: 8,
      fill: new Fill({ color: '#2563eb' }),
      stroke: new Stroke({ color: '#ffffff', width: 3 }),
    }),
  }),
]

export const trackLineStyle = new Style({
  stroke: new Stroke({ color: 'rgba(91, 33, 182, 0.55)', width: 3, lineDash: [6, 6] }),
})

export function trackPointStyle(color: string): Style {
  return new Style({
    image: new CircleStyle({
      radius: 5,
      fill: new Fill({ color }),
      stroke: new Stroke({ color: '#ffffff', width: 1.5 }),
    }),
  })
}

export const playbackStyle = new Style({
  image: new CircleStyle({
    radius: 10,
    fill: new Fill({ color: 'rgba(109, 40, 217, 0.25)' }),
    stroke: new Stroke({ color: '#6d28d9', width: 3 }),
  }),
})

export const evidenceAccuracyStyle = new Style({
  stroke: new Stroke({ color: '#d97706', width: 1.5, lineDash: [4, 4] }),
  fill: new Fill({ color: 'rgba(217, 119, 6, 0.12)' }),
})

export function evidencePointStyle(label: string): Style {
  return new Style({
    image: new CircleStyle({
      radius: 6,
      fill: new Fill({ color: '#d97706' }),
      stroke: new Stroke({ color: '#ffffff', width: 2 }),
    }),
    text: new Text({
      text: label,
      offsetY: -16,
      font: '600 12px system-ui, sans-serif',
      fill: new Fill({ color: '#78350f' }),
      stroke: new Stroke({ color: '#ffffff', width: 3 }),
    }),
  })
}

export const draftStyle = new Style({
  stroke: new Stroke({ color: '#2563eb', width: 2, lineDash: [8, 6] }),
  fill: new Fill({ color: 'rgba(37, 99, 235, 0.12)' }),
})

export const handleStyle = new Style({
  image: new CircleStyle({
    radius: 9,
    fill: new Fill({ color: '#ffffff' }),
    stroke: new Stroke({ color: '#2563eb', width: 3 }),
  }),
})
