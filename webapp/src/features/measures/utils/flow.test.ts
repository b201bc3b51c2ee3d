import { describe, expect, it } from 'vitest'

import { makeBamExcerpt, makePhq9 } from '@/testing/measure-data'

import { answersToSend, askedItems, crisisAnswered } from './flow'

describe('the questionnaire flow', () => {
  it("asks the BAM's item 7 parts only after drug use (item 6 above 0)", () => {
    const bam = makeBamExcerpt()
    expect(askedItems(bam, [undefined, undefined, undefined])).toEqual([0, 2])
    expect(askedItems(bam, [0, undefined, undefined])).toEqual([0, 2])
    expect(askedItems(bam, [2, undefined, undefined])).toEqual([0, 1, 2])
  })

  it('sends null for an item skipped or not asked, whatever was chosen before', () => {
    const bam = makeBamExcerpt()
    expect(answersToSend(bam, [2, 3, 1])).toEqual([2, 3, 1])
    // 7a was answered, then item 6 changed to 0: 7a is no longer asked.
    expect(answersToSend(bam, [0, 3, 1])).toEqual([0, null, 1])
    expect(answersToSend(makePhq9(), [0, 0, 0, 0, 0, 0, 0, 0, 0, null])).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, null])
  })

  it.each([
    [0, false],
    [1, true],
    [3, true],
  ])('PHQ-9 item 9 answered %i opens the crisis layer: %s', (value, crisis) => {
    const answers = [0, 0, 0, 0, 0, 0, 0, 0, value, undefined]
    expect(crisisAnswered(makePhq9(), answers)).toBe(crisis)
  })
})
