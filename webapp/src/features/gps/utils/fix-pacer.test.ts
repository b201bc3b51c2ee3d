import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { FixPacer, waitBeforeSending } from './fix-pacer'

const INTERVAL = 30_000

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(0)
})
afterEach(() => vi.useRealTimers())

/** A pacer whose sends are recorded with the (fake) time they started; each settles at once unless told. */
function pacer(settle: () => Promise<unknown> = () => Promise.resolve()) {
  const sent: { fix: string; at: number }[] = []
  const p = new FixPacer<string>(INTERVAL, (fix) => {
    sent.push({ fix, at: Date.now() })
    return settle()
  })
  return { p, sent }
}

describe('waitBeforeSending', () => {
  it.each([
    { name: 'nothing sent yet: now', last: null, now: 5, want: 0 },
    { name: 'interval not over: the rest of it', last: 1_000, now: 11_000, want: 20_000 },
    { name: 'interval just over: now', last: 1_000, now: 31_000, want: 0 },
    { name: 'long after: now', last: 1_000, now: 99_000, want: 0 },
  ])('$name', ({ last, now, want }) => {
    expect(waitBeforeSending(last, now, INTERVAL)).toBe(want)
  })
})

describe('FixPacer', () => {
  it('sends the first fix at once', async () => {
    const { p, sent } = pacer()
    p.offer('a')
    await vi.advanceTimersByTimeAsync(0)
    expect(sent).toEqual([{ fix: 'a', at: 0 }])
  })

  it('holds fixes inside the interval and sends only the newest when it ends', async () => {
    const { p, sent } = pacer()
    p.offer('a')
    await vi.advanceTimersByTimeAsync(5_000)
    p.offer('b')
    await vi.advanceTimersByTimeAsync(5_000)
    p.offer('c')
    await vi.advanceTimersByTimeAsync(19_999)
    expect(sent.map((s) => s.fix)).toEqual(['a'])
    await vi.advanceTimersByTimeAsync(1)
    expect(sent).toEqual([
      { fix: 'a', at: 0 },
      { fix: 'c', at: INTERVAL },
    ])
  })

  it('never starts two sends closer than the interval, however many fixes arrive', async () => {
    const { p, sent } = pacer()
    for (let t = 0; t < 200_000; t += 1_000) {
      p.offer(`fix@${t}`)
      await vi.advanceTimersByTimeAsync(1_000)
    }
    expect(sent.length).toBe(7)
    for (let i = 1; i < sent.length; i++) expect(sent[i].at - sent[i - 1].at).toBeGreaterThanOrEqual(INTERVAL)
    // Each later send is the newest fix offered before its timer fired.
    expect(sent.slice(1).map((s) => s.fix)).toEqual(sent.slice(1).map((s) => `fix@${s.at - 1_000}`))
  })

  it('sends after a quiet spell at once, without waiting for a timer', async () => {
    const { p, sent } = pacer()
    p.offer('a')
    await vi.advanceTimersByTimeAsync(120_000)
    p.offer('b')
    await vi.advanceTimersByTimeAsync(0)
    expect(sent).toEqual([
      { fix: 'a', at: 0 },
      { fix: 'b', at: 120_000 },
    ])
  })

  it('waits for a slow send to settle before the next one', async () => {
    let release: () => void = () => {}
    const { p, sent } = pacer(() => new Promise<void>((resolve) => (release = resolve)))
    p.offer('a')
    await vi.advanceTimersByTimeAsync(40_000)
    p.offer('b')
    await vi.advanceTimersByTimeAsync(40_000)
    expect(sent.map((s) => s.fix)).toEqual(['a'])
    release()
    await vi.advanceTimersByTimeAsync(0)
    expect(sent).toEqual([
      { fix: 'a', at: 0 },
      { fix: 'b', at: 80_000 },
    ])
  })

  it('keeps going after a failed send', async () => {
    let calls = 0
    const { p, sent } = pacer(() => (++calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve()))
    p.offer('a')
    await vi.advanceTimersByTimeAsync(1_000)
    p.offer('b')
    await vi.advanceTimersByTimeAsync(INTERVAL)
    expect(sent.map((s) => s.fix)).toEqual(['a', 'b'])
  })

  it('sends nothing more once stopped, not even a waiting fix', async () => {
    const { p, sent } = pacer()
    p.offer('a')
    await vi.advanceTimersByTimeAsync(1_000)
    p.offer('b')
    p.stop()
    p.offer('c')
    await vi.advanceTimersByTimeAsync(5 * INTERVAL)
    expect(sent.map((s) => s.fix)).toEqual(['a'])
  })
})
