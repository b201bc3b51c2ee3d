/**
 * The Guided Meditation tool's script and the pure functions its timer
 * drives: a session of 5, 10 or 15 minutes in five parts (settle, breath,
 * body scan, noticing urges, closing), each part's prompts spread evenly over
 * its share of the time. A longer session says the same words with more
 * quiet between them.
 */

export const meditationLengths = [5, 10, 15] as const
export type MeditationMinutes = (typeof meditationLengths)[number]

export type MeditationPhaseId = 'settle' | 'breath' | 'body' | 'urges' | 'closing'

export type MeditationPhase = {
  id: MeditationPhaseId
  title: string
  /** This part's share of the session. */
  share: number
  prompts: readonly string[]
}

export const meditationPhases: readonly MeditationPhase[] = [
  {
    id: 'settle',
    title: 'Settling in',
    share: 0.1,
    prompts: [
      'Welcome. Find a position that feels steady, sitting or lying down, and let your hands rest wherever they are comfortable.',
      'If it feels okay, close your eyes, or let your gaze rest softly on one spot in front of you.',
      "There's nothing to get right here. For the next few minutes, all you need to do is be here.",
    ],
  },
  {
    id: 'breath',
    title: 'Following the breath',
    share: 0.25,
    prompts: [
      "Bring your attention to your breath. You don't need to change it. Just notice it coming in and going out.",
      'Find the place where the breath is easiest to feel: your nose, your chest, or your belly rising and falling.',
      'If you like, let each breath out be a little longer than the breath in. Slow and easy.',
      "When your mind wanders, and it will, that's normal. Gently come back to the next breath.",
    ],
  },
  {
    id: 'body',
    title: 'Body scan',
    share: 0.3,
    prompts: [
      'Now let your attention move slowly down through your body, starting at the top of your head.',
      "Notice your face and your jaw. If there's tightness there, see if it can soften, just a little.",
      'Move down to your shoulders and arms. Let them be heavy, held by the chair or the floor.',
      'Notice your chest and belly moving as you breathe. Whatever you feel there is okay.',
      'Bring your attention to your legs and feet, and the places where they touch the ground. You are supported.',
    ],
  },
  {
    id: 'urges',
    title: 'Noticing urges',
    share: 0.25,
    prompts: [
      "Now notice what's here in your mind: thoughts, feelings, maybe an urge or a craving.",
      'If an urge shows up, see if you can simply watch it, like a wave. Where do you feel it in your body?',
      "You don't have to act on it, and you don't have to push it away. Urges rise, peak and pass, even strong ones.",
      "Breathe with it. Each breath is a moment you've chosen for yourself.",
    ],
  },
  {
    id: 'closing',
    title: 'Closing',
    share: 0.1,
    prompts: [
      "Begin to come back. Feel your breath again, and the weight of your body where you're resting.",
      "Wiggle your fingers and toes. When you're ready, open your eyes and take in the room around you.",
      'Thank yourself for taking this time. You can come back to this calm whenever you need it.',
    ],
  },
]

export type TimedPrompt = {
  phaseIndex: number
  /** Second of the session at which this prompt appears. */
  start: number
  text: string
}

export type MeditationTimeline = {
  totalSeconds: number
  /** Second at which each phase begins, in phase order. */
  phaseStarts: readonly number[]
  prompts: readonly TimedPrompt[]
}

/** Where every phase and prompt falls in a session of this many minutes. */
export function meditationTimeline(minutes: number): MeditationTimeline {
  const totalSeconds = Math.round(minutes * 60)
  const phaseStarts: number[] = []
  const prompts: TimedPrompt[] = []
  let start = 0
  meditationPhases.forEach((phase, phaseIndex) => {
    const last = phaseIndex === meditationPhases.length - 1
    const length = last ? totalSeconds - start : Math.round(totalSeconds * phase.share)
    phaseStarts.push(start)
    phase.prompts.forEach((text, i) => {
      prompts.push({ phaseIndex, start: start + Math.round((i * length) / phase.prompts.length), text })
    })
    start += length
  })
  return { totalSeconds, phaseStarts, prompts }
}

/** The prompt showing at `elapsed` seconds (the last one whose start has come). */
export function promptAt(timeline: MeditationTimeline, elapsed: number): TimedPrompt {
  let current = timeline.prompts[0]
  for (const prompt of timeline.prompts) {
    if (prompt.start > elapsed) break
    current = prompt
  }
  return current
}

export type MeditationRun = 'idle' | 'running' | 'paused' | 'finished'

export type MeditationState = {
  run: MeditationRun
  totalSeconds: number
  /** Whole seconds of the session done so far (never above totalSeconds). */
  elapsed: number
  /** Milliseconds done before the current running stretch. */
  doneMs: number
  /** Clock time (ms) the current running stretch began; null unless running. */
  runningSince: number | null
  /** True after Stop, until the next start: the screen says so kindly. */
  stoppedEarly: boolean
}

export type MeditationAction =
  | { type: 'start'; minutes: number; now: number }
  | { type: 'tick'; now: number }
  | { type: 'pause'; now: number }
  | { type: 'resume'; now: number }
  | { type: 'stop' }
  | { type: 'reset'; minutes: number }

export function initialMeditationState(minutes: number): MeditationState {
  return {
    run: 'idle',
    totalSeconds: Math.round(minutes * 60),
    elapsed: 0,
    doneMs: 0,
    runningSince: null,
    stoppedEarly: false,
  }
}

function doneMsAt(state: MeditationState, now: number): number {
  return state.doneMs + (state.runningSince === null ? 0 : Math.max(0, now - state.runningSince))
}

/**
 * The session's clock. Time is measured from the wall clock, not counted in
 * timer ticks, so a throttled background tab (or a test's jump in time)
 * still finishes on time; ticks only say "look again".
 */
export function meditationReducer(state: MeditationState, action: MeditationAction): MeditationState {
  switch (action.type) {
    case 'start':
      return { ...initialMeditationState(action.minutes), run: 'running', runningSince: action.now }
    case 'tick': {
      if (state.run !== 'running') return state
      const elapsed = Math.min(state.totalSeconds, Math.floor(doneMsAt(state, action.now) / 1000))
      if (elapsed >= state.totalSeconds) {
        return { ...state, run: 'finished', elapsed, doneMs: state.totalSeconds * 1000, runningSince: null }
      }
      return elapsed === state.elapsed ? state : { ...state, elapsed }
    }
    case 'pause': {
      if (state.run !== 'running') return state
      const doneMs = doneMsAt(state, action.now)
      return {
        ...state,
        run: 'paused',
        doneMs,
        runningSince: null,
        elapsed: Math.min(state.totalSeconds, Math.floor(doneMs / 1000)),
      }
    }
    case 'resume':
      return state.run === 'paused' ? { ...state, run: 'running', runningSince: action.now } : state
    case 'stop':
      return { ...initialMeditationState(state.totalSeconds / 60), stoppedEarly: state.run !== 'finished' }
    case 'reset':
      return initialMeditationState(action.minutes)
  }
}

/** `m:ss` for a number of seconds. */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds))
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
}
