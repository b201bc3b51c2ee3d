import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { stubMatchMedia } from '@/testing/match-media-stub'

import { GuidedMeditation } from './guided-meditation'
import {
  formatClock,
  initialMeditationState,
  meditationPhases,
  meditationReducer,
  meditationTimeline,
  promptAt,
} from '../utils/meditation-script'

/**
 * jsdom has no Web Audio: a stand-in for the browser's AudioContext (the
 * outside seam) that records each tone the chime asks for.
 */
function stubAudioContext() {
  const tones: number[] = []
  const contexts: { closed: boolean }[] = []
  const param = () => ({ setValueAtTime: vi.fn(), linearRampToValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() })
  class FakeAudioContext {
    state = 'running'
    currentTime = 0
    destination = {}
    record = { closed: false }
    constructor() {
      contexts.push(this.record)
    }
    resume() {
      return Promise.resolve()
    }
    close() {
      this.record.closed = true
      this.state = 'closed'
      return Promise.resolve()
    }
    createOscillator() {
      const frequency = param()
      frequency.setValueAtTime.mockImplementation((hz: number) => tones.push(hz))
      return { type: '', frequency, connect: vi.fn(), start: vi.fn(), stop: vi.fn() }
    }
    createGain() {
      return { gain: param(), connect: vi.fn() }
    }
  }
  vi.stubGlobal('AudioContext', FakeAudioContext)
  // One chime is two tones: the note and its octave.
  return { chimes: () => tones.filter((hz) => hz < 1000).length, contexts }
}

/** Time passes second by second, each rendered, as in a browser (one act would batch every tick into one render). */
const seconds = (n: number) => {
  for (let i = 0; i < n; i++) {
    act(() => {
      vi.advanceTimersByTime(1000)
    })
  }
}
/** A jump in time rendered once (enough where only the final state matters). */
const jump = (n: number) => {
  act(() => {
    vi.advanceTimersByTime(n * 1000)
  })
}
const prompt = () => screen.getByTestId('meditation-prompt').textContent
const remaining = () => screen.getByTestId('meditation-remaining').textContent
const status = () => screen.getByRole('status').textContent

describe('meditation script', () => {
  it.each([5, 10, 15])('spreads every prompt of the five parts over %i minutes, in order', (minutes) => {
    const timeline = meditationTimeline(minutes)
    expect(timeline.totalSeconds).toBe(minutes * 60)
    expect(timeline.prompts).toHaveLength(meditationPhases.reduce((n, p) => n + p.prompts.length, 0))
    expect(timeline.phaseStarts[0]).toBe(0)
    const starts = timeline.prompts.map((p) => p.start)
    expect(starts).toEqual([...starts].sort((a, b) => a - b))
    expect(new Set(starts).size).toBe(starts.length)
    expect(starts.at(-1)).toBeLessThan(timeline.totalSeconds)
    // Every part begins with its first prompt, at its own start.
    timeline.phaseStarts.forEach((start, i) => {
      expect(promptAt(timeline, start).text).toBe(meditationPhases[i].prompts[0])
    })
  })

  it('gives a 5-minute session 30 s to settle, then the breath, and closes in the last 30 s', () => {
    const timeline = meditationTimeline(5)
    expect(timeline.phaseStarts).toEqual([0, 30, 105, 195, 270])
    expect(promptAt(timeline, 0).phaseIndex).toBe(0)
    expect(promptAt(timeline, 29).phaseIndex).toBe(0)
    expect(promptAt(timeline, 30).phaseIndex).toBe(1)
    expect(promptAt(timeline, 299).phaseIndex).toBe(4)
  })

  it('keeps time by the clock: a late tick catches up, a pause stops the time, and the end is the end', () => {
    let state = meditationReducer(initialMeditationState(5), { type: 'start', minutes: 5, now: 1_000 })
    state = meditationReducer(state, { type: 'tick', now: 1_000 + 61_500 })
    expect(state.elapsed).toBe(61)
    state = meditationReducer(state, { type: 'pause', now: 1_000 + 62_000 })
    expect(state).toMatchObject({ run: 'paused', elapsed: 62 })
    state = meditationReducer(state, { type: 'tick', now: 500_000 })
    expect(state.elapsed).toBe(62)
    state = meditationReducer(state, { type: 'resume', now: 500_000 })
    state = meditationReducer(state, { type: 'tick', now: 500_000 + 10_000 })
    expect(state.elapsed).toBe(72)
    state = meditationReducer(state, { type: 'tick', now: 10_000_000 })
    expect(state).toMatchObject({ run: 'finished', elapsed: 300 })
    expect(meditationReducer(state, { type: 'stop' }).stoppedEarly).toBe(false)
  })

  it('formats the time left as m:ss', () => {
    expect(formatClock(300)).toBe('5:00')
    expect(formatClock(61)).toBe('1:01')
    expect(formatClock(9)).toBe('0:09')
    expect(formatClock(-3)).toBe('0:00')
  })
})

describe('GuidedMeditation', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    stubMatchMedia({ reducedMotion: false })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('runs a 5-minute session: the countdown, progress and prompts move through the parts to the end', () => {
    render(<GuidedMeditation />)
    expect(screen.getByRole('button', { name: '5 minutes' })).toHaveAttribute('aria-pressed', 'true')
    fireEvent.click(screen.getByRole('button', { name: 'Start' }))

    expect(remaining()).toContain('5:00')
    expect(screen.getByTestId('meditation-part')).toHaveTextContent('Part 1 of 5 · Settling in')
    expect(prompt()).toBe(meditationPhases[0].prompts[0])
    expect(status()).toBe(meditationPhases[0].prompts[0])
    const progress = screen.getByRole('progressbar', { name: 'Session progress' })
    expect(progress).toHaveAttribute('aria-valuenow', '0')

    jump(10)
    expect(remaining()).toContain('4:50')
    expect(prompt()).toBe(meditationPhases[0].prompts[1])

    jump(20)
    expect(screen.getByTestId('meditation-part')).toHaveTextContent('Part 2 of 5 · Following the breath')
    expect(prompt()).toBe(meditationPhases[1].prompts[0])
    expect(progress).toHaveAttribute('aria-valuenow', '10')

    jump(90)
    expect(screen.getByTestId('meditation-part')).toHaveTextContent('Body scan')
    jump(90)
    expect(screen.getByTestId('meditation-part')).toHaveTextContent('Noticing urges')
    expect(remaining()).toContain('1:30')
    expect(progress).toHaveAttribute('aria-valuetext', '3 of 5 minutes done')
    jump(60)
    expect(screen.getByTestId('meditation-part')).toHaveTextContent('Closing')

    jump(30)
    expect(screen.getByText('Session complete')).toBeInTheDocument()
    expect(status()).toContain('Session complete')
    expect(screen.queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument()
    expect(vi.getTimerCount()).toBe(0)

    fireEvent.click(screen.getByRole('button', { name: 'Start another session' }))
    expect(screen.getByRole('button', { name: 'Start' })).toBeInTheDocument()
  })

  it('pauses and resumes without losing time, and stop ends the session kindly', () => {
    render(<GuidedMeditation />)
    fireEvent.click(screen.getByRole('button', { name: '10 minutes' }))
    expect(screen.getByRole('button', { name: '10 minutes' })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByRole('button', { name: '5 minutes' })).toHaveAttribute('aria-pressed', 'false')
    fireEvent.click(screen.getByRole('button', { name: 'Start' }))
    expect(remaining()).toContain('10:00')

    jump(65)
    expect(remaining()).toContain('8:55')
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }))
    expect(status()).toBe('Paused')
    const promptWhenPaused = prompt()
    jump(120)
    expect(remaining()).toContain('8:55')
    expect(prompt()).toBe(promptWhenPaused)

    fireEvent.click(screen.getByRole('button', { name: 'Resume' }))
    jump(5)
    expect(remaining()).toContain('8:50')

    fireEvent.click(screen.getByRole('button', { name: 'Stop' }))
    expect(screen.getByText(/Session stopped/)).toBeInTheDocument()
    expect(screen.queryByTestId('meditation-remaining')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: '10 minutes' })).toHaveAttribute('aria-pressed', 'true')
    expect(vi.getTimerCount()).toBe(0)
  })

  it('announces a prompt once when it changes, never the clock', () => {
    render(<GuidedMeditation />)
    fireEvent.click(screen.getByRole('button', { name: 'Start' }))
    const region = screen.getByRole('status')
    const said: string[] = [region.textContent ?? '']
    for (let i = 0; i < 60; i++) {
      seconds(1)
      if (region.textContent !== said.at(-1)) said.push(region.textContent ?? '')
    }
    // The first minute: three settle prompts and the breath's first two, each said once.
    expect(said).toEqual([
      meditationPhases[0].prompts[0],
      meditationPhases[0].prompts[1],
      meditationPhases[0].prompts[2],
      meditationPhases[1].prompts[0],
      meditationPhases[1].prompts[1],
    ])
    expect(said.some((s) => /\d:\d\d/.test(s))).toBe(false)
  })

  it('plays no chime unless asked; once on, a chime at the start, at each new part and at the end', () => {
    const audio = stubAudioContext()
    const { unmount } = render(<GuidedMeditation />)
    const toggle = screen.getByRole('switch', { name: 'Soft chime' })
    expect(toggle).toHaveAttribute('aria-checked', 'false')

    fireEvent.click(screen.getByRole('button', { name: 'Start' }))
    seconds(60)
    expect(audio.chimes()).toBe(0)
    expect(audio.contexts).toHaveLength(0)
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }))

    fireEvent.click(toggle)
    expect(toggle).toHaveAttribute('aria-checked', 'true')
    fireEvent.click(screen.getByRole('button', { name: 'Start' }))
    expect(audio.chimes()).toBe(1)
    seconds(29)
    expect(audio.chimes()).toBe(1)
    seconds(1)
    expect(audio.chimes()).toBe(2)
    // Pause and resume are not new parts.
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }))
    fireEvent.click(screen.getByRole('button', { name: 'Resume' }))
    expect(audio.chimes()).toBe(2)
    seconds(270)
    expect(audio.chimes()).toBe(2 + 3 + 1)

    unmount()
    expect(audio.contexts).toHaveLength(1)
    expect(audio.contexts[0].closed).toBe(true)
  })

  it('offers no chime in a browser without Web Audio, and the session still runs', () => {
    // jsdom has no AudioContext of its own.
    expect('AudioContext' in window).toBe(false)
    render(<GuidedMeditation />)
    expect(screen.getByRole('switch', { name: 'Soft chime' })).toBeDisabled()
    expect(screen.getByText(/can't play the chime/)).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Start' }))
    seconds(31)
    expect(screen.getByTestId('meditation-part')).toHaveTextContent('Part 2 of 5')
  })

  it('keeps the glow still when reduced motion is asked for', () => {
    stubMatchMedia({ reducedMotion: true })
    render(<GuidedMeditation />)
    fireEvent.click(screen.getByRole('button', { name: 'Start' }))
    const glow = screen.getByTestId('meditation-glow')
    const before = glow.style.transform
    seconds(5)
    expect(glow.style.transform).toBe(before)
    expect(glow.className).not.toContain('transition-transform')
    expect(screen.getByTestId('meditation-prompt').className).not.toContain('transition-opacity')
    expect(screen.getByText(/Animation is off/)).toBeInTheDocument()
  })

  it('lets the glow breathe slowly otherwise', () => {
    render(<GuidedMeditation />)
    fireEvent.click(screen.getByRole('button', { name: 'Start' }))
    const glow = screen.getByTestId('meditation-glow')
    const first = glow.style.transform
    seconds(5)
    expect(glow.style.transform).not.toBe(first)
    expect(glow.className).toContain('transition-transform')
  })

  it('stops its timer when it goes away', () => {
    const { unmount } = render(<GuidedMeditation />)
    fireEvent.click(screen.getByRole('button', { name: 'Start' }))
    unmount()
    expect(vi.getTimerCount()).toBe(0)
  })
})
