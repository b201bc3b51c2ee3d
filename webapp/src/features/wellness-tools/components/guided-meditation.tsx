import { CircleCheck, Pause, Play, RotateCcw, Square } from 'lucide-react'
import * as React from 'react'

import { Button } from '@/components/ui/button'
import { Progress } from '@/components/ui/progress'
import { Switch } from '@/components/ui/switch'
import { usePrefersReducedMotion } from '@/hooks/use-prefers-reduced-motion'
import { cn } from '@/lib/utils'

import { chimeSupported, createChime, type Chime } from '../utils/chime'
import { meditationText as text } from '../content'
import {
  formatClock,
  initialMeditationState,
  meditationLengths,
  meditationPhases,
  meditationReducer,
  meditationTimeline,
  promptAt,
  type MeditationMinutes,
} from '../utils/meditation-script'

export type GuidedMeditationProps = {
  /** The length chosen first (5 minutes unless told). */
  defaultMinutes?: MeditationMinutes
  className?: string
}

/** How often the clock is looked at; time itself comes from Date.now(). */
const TICK_MS = 250
/** One slow breath of the glow around the clock: in for half, out for half. */
const GLOW_BREATH_S = 10

/**
 * The Guided Meditation tool: 5, 10 or 15 minutes of timed prompts (settle,
 * breath, body scan, noticing urges, closing) with the time left, progress,
 * pause, resume and stop, and an optional soft chime (off unless turned on).
 * Screen readers hear each new prompt once, not the clock. With reduced
 * motion asked for, the glow around the clock stays still.
 */
export function GuidedMeditation({ defaultMinutes = 5, className }: GuidedMeditationProps) {
  const [minutes, setMinutes] = React.useState<MeditationMinutes>(defaultMinutes)
  const [state, dispatch] = React.useReducer(meditationReducer, defaultMinutes, initialMeditationState)
  const [chimeOn, setChimeOn] = React.useState(false)
  const [canChime] = React.useState(chimeSupported)
  const chimeRef = React.useRef<Chime | null>(null)
  const reducedMotion = usePrefersReducedMotion()
  const lengthGroupId = React.useId()
  const chimeId = React.useId()
  const chimeHintId = React.useId()

  const timeline = React.useMemo(() => meditationTimeline(state.totalSeconds / 60), [state.totalSeconds])
  const prompt = promptAt(timeline, state.elapsed)
  const phase = meditationPhases[prompt.phaseIndex]
  const remaining = state.totalSeconds - state.elapsed
  const active = state.run === 'running' || state.run === 'paused'

  React.useEffect(() => {
    if (state.run !== 'running') return
    const timer = setInterval(() => dispatch({ type: 'tick', now: Date.now() }), TICK_MS)
    return () => clearInterval(timer)
  }, [state.run])

  const chime = () => {
    chimeRef.current ??= createChime()
    return chimeRef.current
  }
  React.useEffect(() => () => chimeRef.current?.close(), [])

  // A chime when a session starts, at each new part and at the end; not on pause, resume or stop.
  const chimeMoment = state.run === 'idle' ? null : state.run === 'finished' ? 'end' : `part-${prompt.phaseIndex}`
  const lastMoment = React.useRef<string | null>(null)
  React.useEffect(() => {
    const previous = lastMoment.current
    lastMoment.current = chimeMoment
    if (chimeOn && chimeMoment !== null && chimeMoment !== previous) chimeRef.current?.play()
  }, [chimeMoment, chimeOn])

  const toggleChime = (on: boolean) => {
    setChimeOn(on)
    // Turned on by a tap: the moment a browser lets a page start audio.
    if (on) chime()?.prepare()
  }
  const start = () => {
    if (chimeOn) chime()?.prepare()
    dispatch({ type: 'start', minutes, now: Date.now() })
  }
  const chooseLength = (value: MeditationMinutes) => {
    setMinutes(value)
    dispatch({ type: 'reset', minutes: value })
  }

  // Said once per change: the new prompt, Paused, or the end. Never the clock.
  const announcement =
    state.run === 'running'
      ? prompt.text
      : state.run === 'paused'
        ? text.paused
        : state.run === 'finished'
          ? `${text.doneTitle}. ${text.done}`
          : ''

  const glowScale = reducedMotion || state.run !== 'running' ? 0.9 : state.elapsed % GLOW_BREATH_S < GLOW_BREATH_S / 2 ? 1 : 0.82

  return (
    <div className={cn('grid gap-5', className)} data-testid="guided-meditation" data-run={state.run}>
      {state.run === 'idle' && (
        <>
          <p className="text-sm text-muted-foreground">{text.intro}</p>
          <div className="grid gap-2">
            <p id={lengthGroupId} className="text-sm font-medium">
              {text.lengthGroup}
            </p>
            <div role="group" aria-labelledby={lengthGroupId} className="inline-flex w-fit rounded-full border bg-muted/50 p-1">
              {meditationLengths.map((value) => (
                <button
                  key={value}
                  type="button"
                  aria-pressed={value === minutes}
                  aria-label={text.minutesLong(value)}
                  onClick={() => chooseLength(value)}
                  className="min-h-10 min-w-16 rounded-full px-4 text-sm font-medium text-muted-foreground outline-none transition-colors hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring aria-pressed:bg-background aria-pressed:text-foreground aria-pressed:shadow-sm"
                >
                  {text.minutes(value)}
                </button>
              ))}
            </div>
          </div>
          {state.stoppedEarly && (
            <p className="rounded-lg bg-accent/60 px-4 py-3 text-sm text-accent-foreground">{text.stoppedEarly}</p>
          )}
        </>
      )}

      {active && (
        <div className="grid gap-4">
          <p className="text-sm font-medium text-muted-foreground" data-testid="meditation-part">
            {text.part(prompt.phaseIndex + 1, meditationPhases.length)} · <span className="text-foreground">{phase.title}</span>
          </p>
          <div className="flex justify-center">
            <div className="relative flex size-44 items-center justify-center">
              <div
                aria-hidden="true"
                data-testid="meditation-glow"
                className={cn(
                  'absolute inset-0 rounded-full bg-primary/12 shadow-[inset_0_0_0_2px] shadow-primary/25',
                  !reducedMotion && 'transition-transform duration-[5000ms] ease-in-out motion-reduce:transition-none',
                )}
                style={{ transform: `scale(${glowScale})` }}
              />
              <div className="relative grid place-items-center text-center">
                <p role="timer" className="text-4xl font-bold tabular-nums text-primary" data-testid="meditation-remaining">
                  <span className="sr-only">{text.timeLeft}: </span>
                  {formatClock(remaining)}
                </p>
                <p className="text-xs font-medium text-muted-foreground" aria-hidden="true">
                  {state.run === 'paused' ? text.paused : text.timeLeft.toLowerCase()}
                </p>
              </div>
            </div>
          </div>
          <p
            key={prompt.start}
            className={cn(
              'min-h-24 text-center text-lg leading-relaxed text-balance',
              // Each new prompt fades in (a CSS starting style), unless motion is unwelcome.
              !reducedMotion && 'transition-opacity duration-700 starting:opacity-0',
            )}
            data-testid="meditation-prompt"
          >
            {prompt.text}
          </p>
          <Progress
            value={(state.elapsed / state.totalSeconds) * 100}
            aria-label={text.progress}
            getValueLabel={() => text.progressValue(state.elapsed, state.totalSeconds)}
          />
        </div>
      )}

      {state.run === 'finished' && (
        <div className="flex items-start gap-3 rounded-xl bg-primary/10 p-4">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-primary" />
          <div className="grid gap-1">
            <p className="text-lg font-semibold">{text.doneTitle}</p>
            <p>{text.done}</p>
          </div>
        </div>
      )}

      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>

      <div className="grid gap-1">
        <div className="flex items-center gap-3">
          <Switch
            id={chimeId}
            checked={chimeOn}
            onCheckedChange={toggleChime}
            disabled={!canChime}
            aria-describedby={chimeHintId}
          />
          <label htmlFor={chimeId} className={cn('text-sm font-medium', !canChime && 'text-muted-foreground')}>
            {text.chime}
          </label>
        </div>
        <p id={chimeHintId} className="text-xs text-muted-foreground">
          {canChime ? text.chimeHint : text.chimeUnsupported}
        </p>
      </div>

      <div className="flex flex-wrap items-center justify-end gap-2">
        {state.run === 'idle' && (
          <Button type="button" className="min-w-28 rounded-full" onClick={start}>
            <Play aria-hidden="true" />
            {text.start}
          </Button>
        )}
        {active && (
          <>
            <Button type="button" variant="outline" className="rounded-full" onClick={() => dispatch({ type: 'stop' })}>
              <Square aria-hidden="true" />
              {text.stop}
            </Button>
            {state.run === 'running' ? (
              <Button type="button" className="min-w-28 rounded-full" onClick={() => dispatch({ type: 'pause', now: Date.now() })}>
                <Pause aria-hidden="true" />
                {text.pause}
              </Button>
            ) : (
              <Button type="button" className="min-w-28 rounded-full" onClick={() => dispatch({ type: 'resume', now: Date.now() })}>
                <Play aria-hidden="true" />
                {text.resume}
              </Button>
            )}
          </>
        )}
        {state.run === 'finished' && (
          <Button type="button" className="rounded-full" onClick={() => dispatch({ type: 'reset', minutes })}>
            <RotateCcw aria-hidden="true" />
            {text.again}
          </Button>
        )}
      </div>
      {reducedMotion && active && <p className="text-xs text-muted-foreground">{text.reducedMotion}</p>}
    </div>
  )
}
