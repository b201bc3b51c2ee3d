import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { stubMatchMedia } from '@/testing/match-media-stub'

import { BreathingExercise } from './breathing-exercise'
import { breathingPatterns, cycleSeconds, initialBreathingState, tickBreathing } from '../utils/breathing-patterns'

const seconds = (n: number) => {
  act(() => {
    vi.advanceTimersByTime(n * 1000)
  })
}
const circle = () => screen.getByTestId('breath-circle')

describe('breathing patterns', () => {
  it('counts 4-7-8 down phase by phase and a cycle every 19 seconds', () => {
    const pattern = breathingPatterns['4-7-8']
    let state = initialBreathingState(pattern)
    const seen: string[] = []
    for (let i = 0; i < cycleSeconds(pattern); i++) {
      seen.push(`${pattern.phases[state.phaseIndex].label}:${state.secondsLeft}`)
      state = tickBreathing(state, pattern)
    }
    expect(seen.slice(0, 5)).toEqual(['Breathe in:4', 'Breathe in:3', 'Breathe in:2', 'Breathe in:1', 'Hold:7'])
    expect(seen.at(-1)).toBe('Breathe out:1')
    expect(state).toEqual({ phaseIndex: 0, secondsLeft: 4, cycles: 1 })
    expect(cycleSeconds(breathingPatterns.box)).toBe(16)
  })
})

describe('BreathingExercise', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    stubMatchMedia({ reducedMotion: false })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('guides 4-7-8 breathing second by second and counts cycles', () => {
    const onCycle = vi.fn()
    render(<BreathingExercise onCycleComplete={onCycle} />)

    expect(screen.getByText('Ready when you are')).toBeInTheDocument()
    expect(screen.getByTestId('breathing-cycles')).toHaveTextContent('Cycles completed: 0')
    fireEvent.click(screen.getByRole('button', { name: 'Start' }))

    expect(screen.getAllByText('Breathe in')[0]).toBeInTheDocument()
    expect(screen.getByText('4 seconds left')).toBeInTheDocument()
    expect(circle()).toHaveAttribute('data-phase', 'inhale')
    expect(screen.getByTestId('breathing-cycles')).toHaveTextContent('Cycle 1')

    seconds(4)
    expect(screen.getByText('7 seconds left')).toBeInTheDocument()
    expect(circle()).toHaveAttribute('data-phase', 'hold')
    seconds(7)
    expect(circle()).toHaveAttribute('data-phase', 'exhale')
    expect(screen.getByText('8 seconds left')).toBeInTheDocument()
    seconds(8)
    expect(screen.getByTestId('breathing-cycles')).toHaveTextContent('Cycle 2')
    expect(screen.getByTestId('breathing-cycles')).toHaveTextContent('Cycles completed: 1')
    expect(onCycle).toHaveBeenCalledExactlyOnceWith(1)

    // A minute: three whole cycles (57 s) and three seconds of the fourth.
    seconds(60 - 19)
    expect(screen.getByTestId('breathing-cycles')).toHaveTextContent('Cycles completed: 3')
    seconds(19)
    expect(screen.getByText(/That's 4 cycles/)).toBeInTheDocument()
  })

  it('grows the circle while breathing in and shrinks it while breathing out', () => {
    render(<BreathingExercise />)
    const scale = () => Number(/scale\(([\d.]+)\)/.exec(circle().style.transform)?.[1])

    const idle = scale()
    fireEvent.click(screen.getByRole('button', { name: 'Start' }))
    const first = scale()
    seconds(3)
    const full = scale()
    expect(first).toBeGreaterThan(idle)
    expect(full).toBeCloseTo(1)
    seconds(1 + 7 + 7)
    expect(scale()).toBeLessThan(full)
    expect(circle().className).toContain('transition-transform')
  })

  it('pauses, resumes and resets', () => {
    render(<BreathingExercise />)
    fireEvent.click(screen.getByRole('button', { name: 'Start' }))
    seconds(2)
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }))
    expect(screen.getByText('Paused')).toBeInTheDocument()
    seconds(10)
    expect(screen.getByText('2 seconds left')).toBeInTheDocument()

    fireEvent.click(screen.getByRole('button', { name: 'Resume' }))
    seconds(1)
    expect(screen.getByText('1 second left')).toBeInTheDocument()

    fireEvent.click(screen.getByRole('button', { name: 'Reset' }))
    expect(screen.getByText('Ready when you are')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Start' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Reset' })).toBeDisabled()
  })

  it('switches to box breathing, four phases of four seconds', () => {
    render(<BreathingExercise />)
    fireEvent.click(screen.getByRole('button', { name: 'Box Breathing' }))
    expect(screen.getByRole('button', { name: 'Box Breathing' })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByRole('button', { name: '4-7-8 Breathing' })).toHaveAttribute('aria-pressed', 'false')

    fireEvent.click(screen.getByRole('button', { name: 'Start' }))
    seconds(4)
    expect(circle()).toHaveAttribute('data-phase', 'hold')
    expect(screen.getByText('4 seconds left')).toBeInTheDocument()
    seconds(12)
    expect(screen.getByTestId('breathing-cycles')).toHaveTextContent('Cycles completed: 1')
  })

  it('offers one pattern without the switch when told', () => {
    render(<BreathingExercise patterns={['box']} defaultPattern="box" />)
    expect(screen.queryByRole('group', { name: 'Breathing pattern' })).not.toBeInTheDocument()
    expect(screen.getByText(/like tracing the sides of a square/)).toBeInTheDocument()
  })

  it('keeps the circle still when reduced motion is asked for, guiding by words and count', () => {
    stubMatchMedia({ reducedMotion: true })
    render(<BreathingExercise />)

    expect(screen.getByText(/Animation is off/)).toBeInTheDocument()
    const before = circle().style.transform
    fireEvent.click(screen.getByRole('button', { name: 'Start' }))
    seconds(3)
    expect(circle().style.transform).toBe(before)
    expect(circle().className).not.toContain('transition-transform')
    expect(screen.getByText('1 second left')).toBeInTheDocument()
    seconds(1)
    expect(screen.getAllByText('Hold')[0]).toBeInTheDocument()
  })

  it('stops its timer when it goes away', () => {
    const { unmount } = render(<BreathingExercise />)
    fireEvent.click(screen.getByRole('button', { name: 'Start' }))
    unmount()
    expect(vi.getTimerCount()).toBe(0)
  })
})
