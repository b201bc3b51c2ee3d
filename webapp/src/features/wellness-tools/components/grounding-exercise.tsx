import { ArrowLeft, ArrowRight, CircleCheck, RotateCcw } from 'lucide-react'
import * as React from 'react'

import { Button } from '@/components/ui/button'
import { Textarea } from '@/components/ui/textarea'
import { cn } from '@/lib/utils'

import { groundingSteps, groundingText } from '../content'

export type GroundingExerciseProps = {
  /** Shown beside Start again on the finish screen (the dialog passes its Close). */
  finishAction?: React.ReactNode
  className?: string
}

/**
 * 5-4-3-2-1 grounding: one sense per step with a text box for what the
 * person notices, Back and Next, and a closing message. What is written
 * stays in this component: nothing is sent or saved.
 */
export function GroundingExercise({ finishAction, className }: GroundingExerciseProps) {
  const total = groundingSteps.length
  const [stepIndex, setStepIndex] = React.useState(0)
  const [answers, setAnswers] = React.useState<string[]>(() => groundingSteps.map(() => ''))
  const headingRef = React.useRef<HTMLHeadingElement>(null)
  const answerId = React.useId()
  const hintId = React.useId()
  const titleId = React.useId()
  const done = stepIndex >= total

  // Move focus to the new step's heading so keyboard and screen-reader users follow along.
  const moved = React.useRef(false)
  React.useEffect(() => {
    if (moved.current) headingRef.current?.focus()
  }, [stepIndex])
  const go = (index: number) => {
    moved.current = true
    setStepIndex(index)
  }

  if (done) {
    return (
      <div className={cn('grid gap-4', className)} data-testid="grounding-exercise">
        <div className="flex items-start gap-3 rounded-xl bg-primary/10 p-4">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-primary" />
          <div className="grid gap-1">
            <h3 ref={headingRef} tabIndex={-1} className="text-lg font-semibold outline-none">
              {groundingText.doneTitle}
            </h3>
            <p>{groundingText.done}</p>
          </div>
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button
            type="button"
            variant="outline"
            className="rounded-full"
            onClick={() => {
              setAnswers(groundingSteps.map(() => ''))
              go(0)
            }}
          >
            <RotateCcw aria-hidden="true" />
            {groundingText.restart}
          </Button>
          {finishAction}
        </div>
      </div>
    )
  }

  const step = groundingSteps[stepIndex]
  const last = stepIndex === total - 1
  return (
    <div className={cn('grid gap-4', className)} data-testid="grounding-exercise">
      {stepIndex === 0 && <p className="text-sm text-muted-foreground">{groundingText.intro}</p>}
      <div className="flex items-center gap-3">
        <ol className="flex gap-1.5" aria-hidden="true">
          {groundingSteps.map((s, i) => (
            <li
              key={s.sense}
              className={cn('h-2 w-8 rounded-full bg-muted', i <= stepIndex && 'bg-primary')}
            />
          ))}
        </ol>
        <p className="text-sm font-medium text-muted-foreground">{groundingText.step(stepIndex + 1, total)}</p>
      </div>
      <div className="flex items-start gap-4">
        <span
          aria-hidden="true"
          className="flex size-14 shrink-0 items-center justify-center rounded-full bg-primary text-2xl font-bold text-primary-foreground"
        >
          {step.count}
        </span>
        <div className="grid gap-1">
          <h3 id={titleId} ref={headingRef} tabIndex={-1} className="text-xl font-semibold outline-none">
            {step.title}
          </h3>
          <p className="text-muted-foreground">{step.prompt}</p>
        </div>
      </div>
      <div className="grid gap-2">
        <Textarea
          id={answerId}
          aria-labelledby={titleId}
          aria-describedby={hintId}
          value={answers[stepIndex]}
          placeholder={step.placeholder}
          maxLength={1000}
          onChange={(event) => {
            const value = event.target.value
            setAnswers((prev) => prev.map((a, i) => (i === stepIndex ? value : a)))
          }}
        />
        <p id={hintId} className="text-xs text-muted-foreground">
          {groundingText.answerHint}
        </p>
      </div>
      <div className="flex justify-between gap-2">
        <Button type="button" variant="outline" className="rounded-full" onClick={() => go(stepIndex - 1)} disabled={stepIndex === 0}>
          <ArrowLeft aria-hidden="true" />
          {groundingText.back}
        </Button>
        <Button type="button" className="rounded-full" onClick={() => go(stepIndex + 1)}>
          {last ? groundingText.finish : groundingText.next}
          {!last && <ArrowRight aria-hidden="true" />}
        </Button>
      </div>
    </div>
  )
}
