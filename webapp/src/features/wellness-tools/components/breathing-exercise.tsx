import { Pause, Play, RotateCcw } from 'lucide-react'
import * as React from 'react'

import { Button } from '@/components/ui/button'
import { usePrefersReducedMotion } from '@/hooks/use-prefers-reduced-motion'
import { cn } from '@/lib/utils'

import {
  breathingPatternIds,
  breathingPatterns,
  initialBreathingState,
  tickBreathing,
  type BreathingPattern,
  type BreathingPatternId,
  type BreathPhase,
} from '../utils/breathing-patterns'
import { breathingText } from '../content'

export type BreathingExerciseProps = {
  /** The pattern shown first (4-7-8 unless told). */
  defaultPattern?: BreathingPatternId
  /** The patterns offered on the switch; one pattern hides the switch. */
  patterns?: readonly BreathingPatternId[]
  /** Called each time a whole cycle ends, with the number finished so far. */
  onCycleComplete?: (cycles: number) => void
  className?: string
}

type RunState = 'idle' | 'running' | 'paused'

const SCALE_MIN = 0.55
const SCALE_MAX = 1

/** Where the circle should be by the end of the current second (it glides there in one second). */
function circleScale(phase: BreathPhase, secondsLeft: number, run: RunState): number {
  if (run === 'idle') return SCALE_MIN
  const progress = (phase.seconds - secondsLeft + 1) / phase.seconds
  switch (phase.kind) {
    case 'inhale':
      return SCALE_MIN + (SCALE_MAX - SCALE_MIN) * progress
    case 'exhale':
      return SCALE_MAX - (SCALE_MAX - SCALE_MIN) * progress
    case 'hold':
      return SCALE_MAX
    case 'rest':
      return SCALE_MIN
  }
}

/**
 * The guided Breathing Exercises tool: 4-7-8 and box breathing with a circle
 * that grows and shrinks with the breath, a count, and a cycle counter. With
 * reduced motion asked for, the circle stays still and the words and count guide.
 * Shared by the crisis page and Learn & Grow.
 */
export function BreathingExercise({
  defaultPattern = '4-7-8',
  patterns = breathingPatternIds,
  onCycleComplete,
  className,
}: BreathingExerciseProps) {
  const [patternId, setPatternId] = React.useState<BreathingPatternId>(defaultPattern)
  const pattern: BreathingPattern = breathingPatterns[patternId]
  const [state, setState] = React.useState(() => initialBreathingState(pattern))
  const [run, setRun] = React.useState<RunState>('idle')
  const reducedMotion = usePrefersReducedMotion()
  const groupId = React.useId()
  const descriptionId = React.useId()

  React.useEffect(() => {
    if (run !== 'running') return
    const timer = setInterval(() => setState((s) => tickBreathing(s, pattern)), 1000)
    return () => clearInterval(timer)
  }, [run, pattern])

  const onCycleRef = React.useRef(onCycleComplete)
  React.useEffect(() => {
    onCycleRef.current = onCycleComplete
  }, [onCycleComplete])
  React.useEffect(() => {
    if (state.cycles > 0) onCycleRef.current?.(state.cycles)
  }, [state.cycles])

  const choosePattern = (id: BreathingPatternId) => {
    setPatternId(id)
    setState(initialBreathingState(breathingPatterns[id]))
    setRun('idle')
  }
  const reset = () => {
    setState(initialBreathingState(pattern))
    setRun('idle')
  }

  const phase = pattern.phases[state.phaseIndex]
  const scale = reducedMotion ? 0.8 : circleScale(phase, state.secondsLeft, run)
  const started = run !== 'idle'

  return (
    <div className={cn('grid gap-5', className)} data-testid="breathing-exercise">
      {patterns.length > 1 && (
        <div className="grid gap-2">
          <p id={groupId} className="text-sm font-medium">
            {breathingText.patternGroup}
          </p>
          <div role="group" aria-labelledby={groupId} className="inline-flex w-fit rounded-full border bg-muted/50 p-1">
            {patterns.map((id) => (
              <button
                key={id}
                type="button"
                aria-pressed={id === patternId}
                onClick={() => choosePattern(id)}
                className="min-h-10 rounded-full px-4 text-sm font-medium outline-none transition-colors hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring aria-pressed:bg-background aria-pressed:text-foreground aria-pressed:shadow-sm text-muted-foreground"
              >
                {breathingPatterns[id].name}
              </button>
            ))}
          </div>
        </div>
      )}
      <p id={descriptionId} className="text-sm text-muted-foreground">
        {pattern.description}
      </p>

      <div className="flex justify-center py-2">
        <div className="relative flex size-60 items-center justify-center sm:size-64">
          <div aria-hidden="true" className="absolute inset-0 rounded-full border-2 border-dashed border-primary/25" />
          <div
            aria-hidden="true"
            data-testid="breath-circle"
            data-phase={started ? phase.kind : 'idle'}
            className={cn(
              'absolute inset-0 rounded-full bg-primary/15 shadow-[inset_0_0_0_2px] shadow-primary/30 motion-reduce:transition-none',
              !reducedMotion && 'transition-transform duration-1000 ease-linear',
            )}
            style={{ transform: `scale(${scale})` }}
          />
          <div className="relative grid place-items-center gap-1 px-6 text-center">
            {started ? (
              <>
                <p className="text-2xl font-semibold">{phase.label}</p>
                <p className="text-5xl font-bold tabular-nums text-primary" aria-hidden="true">
                  {state.secondsLeft}
                </p>
                <p className="sr-only">{breathingText.secondsLeft(state.secondsLeft)}</p>
                {run === 'paused' && <p className="text-sm font-medium text-muted-foreground">{breathingText.pausedHint}</p>}
              </>
            ) : (
              <>
                <p className="text-lg font-semibold">{breathingText.idleTitle}</p>
                <p className="text-sm text-muted-foreground">{breathingText.idleHint}</p>
              </>
            )}
          </div>
        </div>
      </div>

      {/* Announce each phase once, not every second. */}
      <p role="status" aria-live="polite" className="sr-only">
        {run === 'running' ? phase.label : ''}
      </p>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm font-medium" data-testid="breathing-cycles">
          {started && <span className="mr-3 text-muted-foreground">{breathingText.cycle(state.cycles + 1)}</span>}
          {breathingText.cyclesCompleted(state.cycles)}
        </p>
        <div className="flex gap-2">
          <Button type="button" variant="outline" className="rounded-full" onClick={reset} disabled={!started}>
            <RotateCcw aria-hidden="true" />
            {breathingText.reset}
          </Button>
          {run === 'running' ? (
            <Button type="button" className="min-w-28 rounded-full" onClick={() => setRun('paused')}>
              <Pause aria-hidden="true" />
              {breathingText.pause}
            </Button>
          ) : (
            <Button type="button" className="min-w-28 rounded-full" onClick={() => setRun('running')} aria-describedby={descriptionId}>
              <Play aria-hidden="true" />
              {run === 'paused' ? breathingText.resume : breathingText.start}
            </Button>
          )}
        </div>
      </div>

      {state.cycles >= pattern.suggestedCycles && (
        <p className="rounded-lg bg-accent/60 px-4 py-3 text-sm text-accent-foreground">
          {breathingText.suggestedDone(state.cycles)}
        </p>
      )}
      {reducedMotion && <p className="text-xs text-muted-foreground">{breathingText.reducedMotion}</p>}
    </div>
  )
}
