import type { Instrument, InstrumentItem } from '../types'

/** An answer being chosen: a value, null when an optional item is skipped, undefined before it is reached. */
export type Answer = number | null | undefined

/**
 * Whether an item is asked, given the answers so far. The BAM's item 7
 * parts (7a–7g) elaborate item 6 and are asked only when item 6 is above 0,
 * as the VA's form says; every other item is always asked.
 */
export function isAsked(instrument: Instrument, item: InstrumentItem, answers: readonly Answer[]): boolean {
  if (instrument.id !== 'bam' || !/^7[a-g]$/.test(item.linkId)) return true
  const six = instrument.items.findIndex((it) => it.linkId === '6')
  const value = answers[six]
  return typeof value === 'number' && value > 0
}

/** The indexes of the items to ask, in order. */
export function askedItems(instrument: Instrument, answers: readonly Answer[]): number[] {
  return instrument.items.flatMap((item, i) => (isAsked(instrument, item, answers) ? [i] : []))
}

/** What the server takes: a value per item, null for an item skipped or not asked. */
export function answersToSend(instrument: Instrument, answers: readonly Answer[]): (number | null)[] {
  return instrument.items.map((item, i) => {
    const value = answers[i]
    return isAsked(instrument, item, answers) && typeof value === 'number' ? value : null
  })
}

/** True when an item marked crisis (PHQ-9 item 9) has an answer above 0: the crisis layer opens at once. */
export function crisisAnswered(instrument: Instrument, answers: readonly Answer[]): boolean {
  return instrument.items.some((item, i) => {
    const value = answers[i]
    return item.crisis && typeof value === 'number' && value > 0
  })
}

/** The highest score a subscale allows, as the server computed it. */
export function subscaleMax(instrument: Instrument, key: string): number {
  return instrument.subscales.find((s) => s.key === key)?.max ?? 0
}

/** The band of a score among bands, if any. */
export function bandOf<B extends { min: number; max: number }>(bands: readonly B[], score: number): B | undefined {
  return bands.find((b) => score >= b.min && score <= b.max)
}
