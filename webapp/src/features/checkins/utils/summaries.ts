import { MOOD_CHART_COUNT, MOOD_PREVIEW_LENGTH } from '../content'
import type { CheckIn } from '../types'

export type MoodPoint = { date: string; mood: number }

export type MoodSummary = {
  /** The latest 7 check-ins, oldest first. */
  points: MoodPoint[]
  low: number | null
  high: number | null
  /** Mean mood of those points, rounded to one decimal. */
  average: number | null
}

/** docs/spec.md Dashboard: the mood chart's data from check-ins in any order. */
export function moodSummary(checkins: readonly CheckIn[]): MoodSummary {
  const points = [...checkins]
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0))
    .slice(0, MOOD_CHART_COUNT)
    .reverse()
    .map((c) => ({ date: c.date, mood: c.mood }))
  if (points.length === 0) return { points, low: null, high: null, average: null }
  const moods = points.map((p) => p.mood)
  const sum = moods.reduce((a, b) => a + b, 0)
  return {
    points,
    low: Math.min(...moods),
    high: Math.max(...moods),
    average: roundOne(sum / moods.length),
  }
}

export function roundOne(n: number): number {
  return Math.round(n * 10) / 10
}

/** One decimal ("6.0"), or the dash when there is no value. */
export function formatOneDecimal(n: number | null | undefined, none = '—'): string {
  return n === null || n === undefined || !Number.isFinite(n) ? none : n.toFixed(1)
}

/** docs/spec.md: the mood description preview is cut at 50 characters. */
export function previewText(text: string | null | undefined, max = MOOD_PREVIEW_LENGTH): string {
  const s = (text ?? '').trim()
  const chars = Array.from(s)
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : s
}
