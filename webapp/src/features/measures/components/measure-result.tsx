import { Link } from 'wouter'

import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader } from '@/components/ui/card'

import { crisisText, resultText as text } from '../content'
import type { Instrument, TakeMeasureResult } from '../types'
import { bandOf } from '../utils/flow'
import { CrisisActions, type SosSlot } from './crisis-layer'

export type MeasureResultProps = {
  instrument: Instrument
  result: TakeMeasureResult
  historyPath: string
  listPath: string
  sos?: SosSlot
}

/**
 * A questionnaire just taken: the crisis layer first when it asked for it,
 * then the score, its band in person-first words, what it means and what
 * to do, never a diagnosis, and the instrument's source.
 */
export function MeasureResult({ instrument, result, historyPath, listPath, sos }: MeasureResultProps) {
  const { response } = result
  return (
    <div className="grid gap-4">
      {result.crisis && (
        <Card role="region" aria-labelledby="measure-crisis-title" className="border-destructive/50" data-testid="crisis-card">
          <CardHeader className="px-4 sm:px-6">
            <h2 id="measure-crisis-title" className="text-lg font-semibold">
              {crisisText.title}
            </h2>
            <p className="text-sm text-muted-foreground">{crisisText.lifeline}</p>
          </CardHeader>
          <CardContent className="grid gap-3 px-4 sm:px-6">
            <CrisisActions sos={sos} />
            <p className="text-sm">{crisisText.emergency}</p>
          </CardContent>
        </Card>
      )}
      <Card role="region" aria-labelledby="measure-result-title">
        <CardHeader className="px-4 sm:px-6">
          <h2 id="measure-result-title" className="text-lg font-semibold">
            {text.title} · {instrument.title}
          </h2>
        </CardHeader>
        <CardContent className="grid gap-4 px-4 sm:px-6">
          {instrument.subscales.length === 0 ? (
            <div className="grid gap-1" data-testid="measure-band">
              <p className="text-2xl font-semibold">{result.bandLabel}</p>
              <p className="text-muted-foreground">{text.score(response.total, instrument.maxTotal)}</p>
              <p>{text.bandMeaning[response.band]}</p>
            </div>
          ) : (
            <section aria-labelledby="measure-subscales-title" className="grid gap-2">
              <h3 id="measure-subscales-title" className="font-semibold">
                {text.subscalesTitle}
              </h3>
              <ul className="grid gap-2">
                {instrument.subscales.map((s) => {
                  const score = response.subscores?.[s.key] ?? 0
                  return (
                    <li key={s.key} className="rounded-lg border px-3 py-2">
                      <p className="font-medium">{text.subscore(s.label, score, s.max)}</p>
                      <p className="text-sm text-muted-foreground">
                        {bandOf(s.bands, score)?.label} · {s.higherIsBetter ? text.higherBetter : text.higherHarder}
                      </p>
                    </li>
                  )
                })}
              </ul>
            </section>
          )}
          <p className="text-sm text-muted-foreground">{text.notDiagnosis}</p>
          <p className="text-xs text-muted-foreground">
            {text.citation}: {instrument.citation}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button asChild>
              <Link href={historyPath}>{text.viewHistory}</Link>
            </Button>
            <Button asChild variant="outline">
              <Link href={listPath}>{text.backToList}</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  )
}
