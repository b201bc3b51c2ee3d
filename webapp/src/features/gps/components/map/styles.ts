import { Circle as CircleStyle, Fill, Stroke, Style, Text } from 'ol/style'

import { ZONE_COLORS, ZONE_FILL_OPACITY } from '../../content'
import type { ZoneType } from '../../types'

/** `#10b981` and 0.2 → `rgba(16, 185, 129, 0.2)`. */
export function withOpacity(hex: string, opacity: number): string {
  const n = Number.parseInt(hex.slice(1), 16)
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${opacity})`
}

const zoneStyles: Record<ZoneType, Style> = {
  safe: new Style({
    stroke: new Stroke({ color: ZONE_COLORS.safe, width: 3 }),
    fill: new Fill({ color: withOpacity(ZONE_COLORS.safe, ZONE_FILL_OPACITY) }),
  }),
  avoid: new Style({
    stroke: new Stroke({ color: ZONE_COLORS.avoid, width: 3 }),
    fill: new Fill({ color: withOpacity(ZONE_COLORS.avoid, ZONE_FILL_OPACITY) }),
  }),
}

export function zoneStyle(type: ZoneType): Style {
  return zoneStyles[type] ?? zoneStyles.safe
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
