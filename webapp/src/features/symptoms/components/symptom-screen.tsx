import { symptomText } from '../content'
import { LogSymptomCard } from './log-symptom-card'
import { SymptomList } from './symptom-list'
import { SymptomTrend } from './symptom-trend'

export type SymptomScreenProps = {
  /** The user's IANA time zone, for the times logged. */
  timeZone?: string
}

/**
 * docs/spec.md 'Symptom Tracker': the form beside the recent logs on wide screens,
 * one column on phones (the form first, as it is what people come to do).
 */
export function SymptomScreen({ timeZone }: SymptomScreenProps) {
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{symptomText.title}</h1>
        <p className="mt-2 text-muted-foreground">{symptomText.subtitle}</p>
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <LogSymptomCard />
        <div className="grid min-w-0 gap-6">
          <SymptomTrend />
          <SymptomList timeZone={timeZone} />
        </div>
      </div>
    </div>
  )
}
