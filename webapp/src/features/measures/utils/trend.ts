import type { Instrument, MeasureResponse, TrendSeries } from '../types'

/** The series a chart draws, oldest first: the total, or the BAM's use, risk and protective scores. */
export function trendSeries(instrument: Instrument, oldestFirst: MeasureResponse[]): TrendSeries[] {
  if (instrument.subscales.length === 0) return [{ name: instrument.title, data: oldestFirst.map((r) => r.total) }]
  return instrument.subscales.map((s) => ({ name: s.label, data: oldestFirst.map((r) => r.subscores?.[s.key] ?? 0) }))
}

