import * as React from 'react'
import { Link, Route, Switch, useParams } from 'wouter'

import { Skeleton } from '@/components/ui/skeleton'
import { routes } from '@/config/routes'
import type { User } from '@/features/auth/types'
import { useInstruments } from '@/features/measures/api/get-instruments'
import type { SosSlot } from '@/features/measures/components/crisis-layer'
import { MeasureHistory } from '@/features/measures/components/measure-history'
import { MeasureResult } from '@/features/measures/components/measure-result'
import { MeasuresScreen } from '@/features/measures/components/measures-screen'
import { Questionnaire } from '@/features/measures/components/questionnaire'
import { crisisText, historyText, measuresText, takeText } from '@/features/measures/content'
import type { TakeMeasureResult } from '@/features/measures/types'

import { SosAction } from './sos-action'

const takePath = (id: string) => `${routes.measures.path}/${id}`
const historyPath = (id: string) => `${routes.measures.path}/${id}/history`

/** The crisis layer's "Alert my people now" is the SOS feature's, composed here as the chat's is. */
const sos: SosSlot = ({ className }) => <SosAction label={crisisText.sos} className={className} />

export type MeasuresRouteProps = { user: User }

/** Issue 31: the questionnaires (/measures), taking one (/measures/:id) and its history (/measures/:id/history). */
export function MeasuresRoute({ user }: MeasuresRouteProps) {
  return (
    <Switch>
      <Route path={routes.measures.path}>
        <title>{measuresText.pageTitle}</title>
        <MeasuresScreen takePath={takePath} historyPath={historyPath} clinicianPath={routes.clinician.path} timeZone={user.timezone} />
      </Route>
      <Route path={`${routes.measures.path}/:id/history`}>
        <InstrumentPage user={user} view="history" />
      </Route>
      <Route path={`${routes.measures.path}/:id`}>
        <InstrumentPage user={user} view="take" />
      </Route>
    </Switch>
  )
}

function InstrumentPage({ user, view }: { user: User; view: 'take' | 'history' }) {
  const { id = '' } = useParams<{ id: string }>()
  const instruments = useInstruments()
  const [result, setResult] = React.useState<TakeMeasureResult | null>(null)
  if (instruments.isPending) return <Skeleton className="h-96" />
  const instrument = instruments.data?.find((i) => i.id === id)
  const back = (
    <Link href={routes.measures.path} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
      ← {measuresText.back}
    </Link>
  )
  if (!instrument) {
    return (
      <div className="grid gap-4">
        {back}
        <p role="alert">{instruments.isError ? measuresText.loadError : measuresText.notFound}</p>
      </div>
    )
  }
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-4">
      <title>{takeText.pageTitle(instrument.title)}</title>
      {back}
      {view === 'history' ? (
        <>
          <h1 className="text-2xl font-semibold">{historyText.title(instrument.title)}</h1>
          <MeasureHistory instrument={instrument} timeZone={user.timezone} />
        </>
      ) : result ? (
        <MeasureResult instrument={instrument} result={result} historyPath={historyPath(id)} listPath={routes.measures.path} sos={sos} />
      ) : (
        <Questionnaire instrument={instrument} onDone={setResult} sos={sos} />
      )}
    </div>
  )
}
