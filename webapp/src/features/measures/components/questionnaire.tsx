import * as React from 'react'

import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card'
import { Label } from '@/components/ui/label'
import { Progress } from '@/components/ui/progress'
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group'
import { Textarea } from '@/components/ui/textarea'
import { readApiError } from '@/lib/api-client'

import { useTakeMeasure } from '../api/take-measure'
import { takeText as text } from '../content'
import type { Instrument, TakeMeasureResult } from '../types'
import { type Answer, answersToSend, askedItems, crisisAnswered } from '../utils/flow'
import { CrisisLayer, type SosSlot } from './crisis-layer'

export type QuestionnaireProps = {
  instrument: Instrument
  onDone: (result: TakeMeasureResult) => void
  sos?: SosSlot
}

/**
 * One question at a time, with its published instruction and answers as a
 * radio group (arrow keys move and select), "Question 3 of 9", Back and
 * Next; a note at the end. Answering a crisis item (PHQ-9 item 9) above 0
 * opens the crisis layer at once, before anything is scored or saved.
 */
export function Questionnaire({ instrument, onDone, sos }: QuestionnaireProps) {
  const [answers, setAnswers] = React.useState<Answer[]>(() => instrument.items.map(() => undefined))
  const [step, setStep] = React.useState(0)
  const [note, setNote] = React.useState('')
  const [missing, setMissing] = React.useState(false)
  const [crisisOpen, setCrisisOpen] = React.useState(false)
  const take = useTakeMeasure()
  const headingRef = React.useRef<HTMLHeadingElement>(null)
  const noteId = React.useId()
  const hintId = React.useId()
  const questionId = React.useId()

  const asked = askedItems(instrument, answers)
  const onNote = step >= asked.length
  const index = asked[step]
  const item = onNote ? undefined : instrument.items[index]
  const total = asked.length

  // A new question is announced by moving focus to its heading (not on the first render).
  const moved = React.useRef(false)
  React.useEffect(() => {
    if (moved.current) headingRef.current?.focus()
    moved.current = true
  }, [step])

  function choose(value: number) {
    const next = answers.slice()
    next[index] = value
    setAnswers(next)
    setMissing(false)
    if (crisisAnswered(instrument, next) && !crisisAnswered(instrument, answers)) setCrisisOpen(true)
  }

  function goNext() {
    if (item && answers[index] === undefined && !item.optional) {
      setMissing(true)
      return
    }
    if (item && answers[index] === undefined) {
      const next = answers.slice()
      next[index] = null
      setAnswers(next)
    }
    setMissing(false)
    setStep(step + 1)
  }

  function submit(event: React.FormEvent) {
    event.preventDefault()
    if (!onNote) {
      goNext()
      return
    }
    take.mutate({ instrument: instrument.id, answers: answersToSend(instrument, answers), note }, { onSuccess: onDone })
  }

  const error = take.isError ? (readApiError(take.error)?.message ?? text.submitFailed) : null
  const selected = item ? answers[index] : undefined

  return (
    <Card className="min-w-0">
      <CardHeader className="px-4 sm:px-6">
        <h1 className="text-xl leading-tight font-semibold">
          {instrument.title} <span className="font-normal text-muted-foreground">· {instrument.name}</span>
        </h1>
        <CardDescription>{instrument.intro}</CardDescription>
        <div className="mt-2 grid gap-1.5">
          <p className="text-sm font-medium" aria-live="polite" data-testid="measure-progress">
            {onNote ? text.noteLabel : text.progress(step + 1, total)}
          </p>
          <Progress value={(Math.min(step, total) / total) * 100} aria-hidden="true" />
        </div>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        <form onSubmit={submit} noValidate className="grid gap-4">
          {item ? (
            <fieldset className="grid gap-3" aria-describedby={missing ? hintId : undefined}>
              <legend>
                <h2 id={questionId} ref={headingRef} tabIndex={-1} className="text-lg leading-snug font-semibold outline-none">
                  {item.text}
                </h2>
              </legend>
              {item.optional && <p className="text-sm text-muted-foreground">{text.optional}</p>}
              <RadioGroup
                key={item.linkId}
                value={selected === undefined || selected === null ? '' : String(selected)}
                onValueChange={(v) => choose(Number(v))}
                aria-labelledby={questionId}
                className="gap-2"
              >
                {item.options.map((option) => {
                  const id = `${instrument.id}-${item.linkId}-${option.value}`
                  return (
                    <Label
                      key={option.value}
                      htmlFor={id}
                      className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 font-normal has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary/5"
                    >
                      <RadioGroupItem id={id} value={String(option.value)} />
                      <span>{option.text}</span>
                    </Label>
                  )
                })}
              </RadioGroup>
              {missing && (
                <p id={hintId} role="alert" className="text-sm font-medium text-destructive">
                  {text.chooseFirst}
                </p>
              )}
            </fieldset>
          ) : (
            <div className="grid gap-2">
              <h2 ref={headingRef} tabIndex={-1} className="sr-only outline-none">
                {text.noteLabel}
              </h2>
              <Label htmlFor={noteId}>{text.noteLabel}</Label>
              <Textarea
                id={noteId}
                value={note}
                maxLength={1000}
                onChange={(e) => setNote(e.target.value)}
                aria-describedby={`${noteId}-hint`}
              />
              <p id={`${noteId}-hint`} className="text-sm text-muted-foreground">
                {text.noteHint}
              </p>
            </div>
          )}
          {error && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {error}
            </p>
          )}
          <div className="flex flex-wrap justify-between gap-2">
            <Button type="button" variant="outline" disabled={step === 0} onClick={() => setStep(step - 1)}>
              {text.previous}
            </Button>
            {onNote ? (
              <Button type="submit" disabled={take.isPending}>
                {take.isPending ? text.submitting : text.submit}
              </Button>
            ) : (
              <Button type="submit">{item?.optional && selected === undefined ? text.skip : text.next}</Button>
            )}
          </div>
        </form>
      </CardContent>
      <CrisisLayer open={crisisOpen} onOpenChange={setCrisisOpen} sos={sos} />
    </Card>
  )
}
