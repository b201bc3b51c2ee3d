/**
 * The breathing patterns of the Breathing Exercises tool (the crisis page's
 * 4-7-8 Breathing and Learn & Grow's tool), and the pure step function the
 * component's one-second timer drives.
 */

export type BreathPhaseKind = 'inhale' | 'hold' | 'exhale' | 'rest'

export type BreathPhase = {
  kind: BreathPhaseKind
  label: string
  /** Whole seconds. */
  seconds: number
}

export type BreathingPatternId = '4-7-8' | 'box'

export type BreathingPattern = {
  id: BreathingPatternId
  name: string
  /** The short name on the pattern switch. */
  shortName: string
  description: string
  phases: readonly BreathPhase[]
  /** A gentle stopping point: after this many cycles the tool says so (and keeps going if wanted). */
  suggestedCycles: number
}

export const breathingPatterns: Record<BreathingPatternId, BreathingPattern> = {
  '4-7-8': {
    id: '4-7-8',
    name: '4-7-8 Breathing',
    shortName: '4-7-8',
    description: 'Breathe in through your nose for 4, hold for 7, and breathe out slowly through your mouth for 8. It slows a racing heart.',
    phases: [
      { kind: 'inhale', label: 'Breathe in', seconds: 4 },
      { kind: 'hold', label: 'Hold', seconds: 7 },
      { kind: 'exhale', label: 'Breathe out', seconds: 8 },
    ],
    suggestedCycles: 4,
  },
  box: {
    id: 'box',
    name: 'Box Breathing',
    shortName: 'Box',
    description: 'Breathe in for 4, hold for 4, breathe out for 4, and rest for 4, like tracing the sides of a square.',
    phases: [
      { kind: 'inhale', label: 'Breathe in', seconds: 4 },
      { kind: 'hold', label: 'Hold', seconds: 4 },
      { kind: 'exhale', label: 'Breathe out', seconds: 4 },
      { kind: 'rest', label: 'Hold', seconds: 4 },
    ],
    suggestedCycles: 4,
  },
}

export const breathingPatternIds = Object.keys(breathingPatterns) as BreathingPatternId[]

export type BreathingState = {
  phaseIndex: number
  /** Seconds left in the current phase, counting down to 1. */
  secondsLeft: number
  /** Whole cycles finished since the start. */
  cycles: number
}

export function initialBreathingState(pattern: BreathingPattern): BreathingState {
  return { phaseIndex: 0, secondsLeft: pattern.phases[0].seconds, cycles: 0 }
}

/** One second later: count down, move to the next phase, and count a cycle when the last phase ends. */
export function tickBreathing(state: BreathingState, pattern: BreathingPattern): BreathingState {
  if (state.secondsLeft > 1) return { ...state, secondsLeft: state.secondsLeft - 1 }
  const nextIndex = (state.phaseIndex + 1) % pattern.phases.length
  return {
    phaseIndex: nextIndex,
    secondsLeft: pattern.phases[nextIndex].seconds,
    cycles: nextIndex === 0 ? state.cycles + 1 : state.cycles,
  }
}

/** The length of one cycle in seconds (19 for 4-7-8, 16 for box). */
export function cycleSeconds(pattern: BreathingPattern): number {
  return pattern.phases.reduce((sum, phase) => sum + phase.seconds, 0)
}
