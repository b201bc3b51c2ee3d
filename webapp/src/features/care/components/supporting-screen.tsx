import { HeartHandshake } from 'lucide-react'
import type * as React from 'react'
import { Link } from 'wouter'

import { LoadError } from '@/components/load-error'
import { Skeleton } from '@/components/ui/skeleton'
import { readApiError } from '@/lib/api-client'

import { useSupportedPerson } from '../api/get-supported-person'
import { useSupporting } from '../api/get-supporting'
import { careText } from '../content'
import type { PersonView } from '../types'
import { AsksToMe } from './asks-to-me'
import { PersonCard } from './person-card'

export type SupportingScreenProps = {
  /** Draws the latest position on a map (composed by the app). */
  renderMap?: (person: PersonView) => React.ReactNode
  /** Shows the person's early-warning signals, with the signals scope (composed by the app). */
  renderSignals?: (person: PersonView) => React.ReactNode
  /** A person's own page. */
  personHref: (id: number) => string
  /** The caseload, offered to someone who supports more than a few people. */
  caseloadHref?: string
  timeZone?: string
}

/** A pointer to the caseload, from `careText.caseload.suggestFrom` people on. */
function CaseloadSuggestion({ count, href }: { count: number; href?: string }) {
  const text = careText.caseload
  if (!href || count < text.suggestFrom) return null
  return (
    <p className="rounded-xl border bg-muted/40 p-4 text-sm">
      {text.suggest(count)}{' '}
      <Link href={href} className="font-medium text-primary underline underline-offset-4">
        {text.suggestLink}
      </Link>
    </p>
  )
}

function Heading() {
  const text = careText.supporting
  return (
    <div>
      <title>{text.pageTitle}</title>
      <h1 className="text-3xl font-bold tracking-tight">{text.title}</h1>
      <p className="mt-2 text-muted-foreground">{text.description}</p>
    </div>
  )
}

/** `/supporting`: everyone I support, asked again every 15 s. */
export function SupportingScreen({ renderMap, renderSignals, personHref, caseloadHref, timeZone }: SupportingScreenProps) {
  const text = careText.supporting
  const people = useSupporting()
  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <Heading />
      <AsksToMe />
      <CaseloadSuggestion count={people.data?.length ?? 0} href={caseloadHref} />
      {people.isPending ? (
        <Skeleton className="h-48 w-full rounded-xl" />
      ) : people.isError ? (
        <LoadError message={text.loadError} retryLabel={text.retry} onRetry={() => void people.refetch()} />
      ) : people.data.length === 0 ? (
        <div className="grid justify-items-start gap-3 rounded-xl border border-dashed p-6" data-testid="supporting-empty">
          <HeartHandshake aria-hidden="true" className="size-8 text-primary" />
          <p className="font-semibold">{text.empty}</p>
          <p className="text-muted-foreground">{text.emptyHow}</p>
        </div>
      ) : (
        people.data.map((p) => (
          <PersonCard key={p.id} person={p} renderMap={renderMap} renderSignals={renderSignals} href={personHref(p.id)} timeZone={timeZone} />
        ))
      )}
    </div>
  )
}

export type SupportedPersonScreenProps = {
  id: number
  renderMap?: (person: PersonView) => React.ReactNode
  renderSignals?: (person: PersonView) => React.ReactNode
  backHref: string
  timeZone?: string
}

/** `/supporting/{id}`: one person, from `GET /api/supporting/{id}`. */
export function SupportedPersonScreen({ id, renderMap, renderSignals, backHref, timeZone }: SupportedPersonScreenProps) {
  const text = careText.supporting
  const person = useSupportedPerson(id)
  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <Heading />
      <Link href={backHref} className="w-fit text-sm font-medium text-primary underline-offset-4 hover:underline">
        {text.back}
      </Link>
      {person.isPending ? (
        <Skeleton className="h-48 w-full rounded-xl" />
      ) : person.isError && readApiError(person.error)?.status === 404 ? (
        <p className="rounded-xl border border-dashed p-5" role="alert">
          {text.notFound}
        </p>
      ) : person.isError ? (
        <LoadError message={text.loadError} retryLabel={text.retry} onRetry={() => void person.refetch()} />
      ) : (
        <PersonCard person={person.data} renderMap={renderMap} renderSignals={renderSignals} timeZone={timeZone} />
      )}
    </div>
  )
}
