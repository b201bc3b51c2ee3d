import { BellRing, CalendarCheck, ClipboardList, MapPin, MessageSquare, Phone, ShieldCheck, Siren } from 'lucide-react'
import * as React from 'react'
import { Link } from 'wouter'

import { buttonVariants } from '@/components/ui/button-variants'
import { Badge } from '@/components/ui/badge'
import { Card, CardContent, CardHeader } from '@/components/ui/card'
import { dateTimeFormat } from '@/lib/date-format'

import { careText } from '../content'
import { ClaimActions } from './claim-actions'
import type { PersonCheckIns, PersonMeasure, PersonSos, PersonView } from '../types'
import { formatDateTime } from '../utils/format'
import { callLinks } from '../utils/phone'
import { DigestSwitch } from './digest-switch'
import { NoteComposer } from './note-composer'

export type PersonCardProps = {
  person: PersonView
  /** The map of their latest position, drawn by the app (it owns the map). */
  renderMap?: (person: PersonView) => React.ReactNode
  /** The person's own page; left out on that page. */
  href?: string
  timeZone?: string
}

/** One person I support: only what they share. A field outside the grant is null and shows nothing. */
export function PersonCard({ person, renderMap, href, timeZone }: PersonCardProps) {
  const text = careText.supporting
  const headingId = React.useId()
  const shares: string[] = [
    person.grant.checkIns ? text.shareNames.checkIns : null,
    (person.grant.alerts?.length ?? 0) > 0 ? text.shareNames.alerts : null,
    person.grant.location && person.grant.location !== 'never' ? text.shareNames.location : null,
    person.grant.phone ? text.shareNames.phone : null,
    person.grant.measures ? text.shareNames.measures : null,
    person.grant.signals ? text.shareNames.signals : null,
  ].filter((s) => s !== null)

  return (
    <Card role="region" aria-labelledby={headingId} data-testid="person">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 id={headingId} className="text-xl leading-tight font-semibold">
            {person.name}
          </h2>
          <p className="text-sm text-muted-foreground" data-testid="person-shares">
            {shares.length > 0 ? `${text.shares}: ${shares.join(', ')}` : text.sharesNothing}
          </p>
          <p className="text-sm text-muted-foreground" data-testid="person-tier">
            {careText.tier.mine[person.tier]}
          </p>
        </div>
        {href && (
          <Link href={href} className={buttonVariants({ variant: 'outline', size: 'sm' })} aria-label={text.detailsLabel(person.name)}>
            {text.details}
          </Link>
        )}
      </CardHeader>
      <CardContent className="grid gap-5">
        {person.sos && <SosNotice sos={person.sos} name={person.name} phone={person.phone} timeZone={timeZone} />}
        {person.phone && !(person.sos && !person.sos.resolvedAt) && <ReachThem name={person.name} phone={person.phone} />}
        {(person.grant.alerts?.length ?? 0) > 0 && <PersonAlerts person={person} timeZone={timeZone} />}
        {person.checkIns && <CheckInSummary checkIns={person.checkIns} />}
        {person.measures && <PersonMeasures measures={person.measures} timeZone={timeZone} />}
        {person.location ? (
          <section className="grid gap-2" aria-label={text.locationTitle} data-testid="person-location">
            <h3 className="flex items-center gap-2 font-semibold">
              <MapPin aria-hidden="true" className="size-4 text-primary" />
              {text.locationTitle}
            </h3>
            <p className="text-sm text-muted-foreground">{text.locationAt(formatDateTime(person.location.timestamp, timeZone))}</p>
            {renderMap?.(person)}
          </section>
        ) : person.grant.location === 'during_alert' ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <MapPin aria-hidden="true" className="size-4" />
            {text.locationHidden}
          </p>
        ) : null}
        <NoteComposer personId={person.id} name={person.name} timeZone={timeZone} />
        <DigestSwitch personId={person.id} name={person.name} on={Boolean(person.digest)} />
      </CardContent>
    </Card>
  )
}

/** One-tap Call and Text, when they share their number. */
function CallButtons({ name, phone, size }: { name: string; phone: string; size: 'default' | 'lg' }) {
  const text = careText.supporting
  const links = callLinks(phone)
  if (!links) return null
  return (
    <div className="flex flex-wrap gap-2" data-testid="person-call">
      <a href={links.call} aria-label={text.callLabel(name)} className={buttonVariants({ size, className: 'rounded-full' })}>
        <Phone aria-hidden="true" />
        {text.call}
      </a>
      <a
        href={links.text}
        aria-label={text.textLabel(name)}
        className={buttonVariants({ size, variant: 'outline', className: 'rounded-full' })}
      >
        <MessageSquare aria-hidden="true" />
        {text.text}
      </a>
    </div>
  )
}

function ReachThem({ name, phone }: { name: string; phone: string }) {
  const text = careText.supporting
  return (
    <section className="grid gap-2" aria-label={text.reachTitle}>
      <h3 className="flex items-center gap-2 font-semibold">
        <Phone aria-hidden="true" className="size-4 text-primary" />
        {text.reachTitle}
      </h3>
      <CallButtons name={name} phone={phone} size="default" />
    </section>
  )
}

/** Their SOS: open (asking now, or since when), with Call and Text first; or safe since, in one line. */
function SosNotice({ sos, name, phone, timeZone }: { sos: PersonSos; name: string; phone: string | null; timeZone?: string }) {
  const text = careText.supporting
  const open = !sos.resolvedAt
  const Icon = open ? Siren : ShieldCheck
  return (
    <section
      role={open ? 'alert' : 'status'}
      aria-label={sos.title}
      data-testid="person-sos"
      data-state={open ? 'open' : 'safe'}
      className={
        open
          ? 'grid gap-3 rounded-lg border-2 border-red-600/50 bg-red-50 p-4 text-red-950 dark:bg-red-950 dark:text-red-50'
          : 'grid gap-2 rounded-lg border border-emerald-600/40 bg-emerald-50 p-4 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-50'
      }
    >
      <div className="flex items-start gap-2.5">
        <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div className="grid gap-1">
          <strong className="text-lg leading-snug">{sos.title}</strong>
          <span>{sos.message}</span>
          <time dateTime={sos.createdAt} className="text-sm opacity-80">
            {text.sosStarted(formatDateTime(sos.createdAt, timeZone))}
          </time>
        </div>
      </div>
      {open && phone && <CallButtons name={name} phone={phone} size="lg" />}
      {open && <p className="text-sm">{text.callHint}</p>}
    </section>
  )
}

function PersonAlerts({ person, timeZone }: { person: PersonView; timeZone?: string }) {
  const text = careText.supporting
  if (person.alerts.length === 0) {
    if (person.sos && !person.sos.resolvedAt) return null // the SOS above is what needs them
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <BellRing aria-hidden="true" className="size-4" />
        {text.noAlerts}
      </p>
    )
  }
  return (
    <section className="grid gap-2" aria-label={text.alertsTitle}>
      <h3 className="flex items-center gap-2 font-semibold">
        <BellRing aria-hidden="true" className="size-4 text-destructive dark:text-red-300" />
        {text.alertsTitle}
      </h3>
      <ul className="grid gap-2">
        {person.alerts.map((a) => (
          <li
            key={a.id}
            data-testid="person-alert"
            className="grid gap-1 rounded-lg border border-red-600/30 bg-red-50 p-3 text-red-950 dark:bg-red-950 dark:text-red-50"
          >
            <strong>{a.title}</strong>
            <span>{a.message}</span>
            <time dateTime={a.createdAt} className="text-sm opacity-80">
              {formatDateTime(a.createdAt, timeZone)}
            </time>
            <ClaimActions alert={a} name={person.name} />
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted-foreground">{text.callHint}</p>
    </section>
  )
}

/**
 * The measures scope: each questionnaire's newest score and band, and the
 * one before it. Never the answers to items or the person's notes (the
 * server never sends them).
 */
function PersonMeasures({ measures, timeZone }: { measures: PersonMeasure[]; timeZone?: string }) {
  const text = careText.supporting
  const newest = new Map<string, PersonMeasure[]>()
  for (const m of measures) newest.set(m.instrument, [...(newest.get(m.instrument) ?? []), m])
  return (
    <section className="grid gap-2" aria-label={text.measuresTitle} data-testid="person-measures">
      <h3 className="flex items-center gap-2 font-semibold">
        <ClipboardList aria-hidden="true" className="size-4 text-primary" />
        {text.measuresTitle}
      </h3>
      {measures.length === 0 ? (
        <p className="text-sm text-muted-foreground">{text.measuresNone}</p>
      ) : (
        <ul className="grid gap-1.5 text-sm">
          {[...newest.entries()].map(([instrument, list]) => {
            const [latest, before] = list
            const title = text.instrumentTitles[instrument] ?? instrument
            const when = dateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone }).format(new Date(latest.takenAt))
            return (
              <li key={instrument}>
                <span className="font-medium">{title}</span>{' '}
                {latest.subscores ? text.bamScores(latest.subscores) : text.measureScore(latest.total, latest.bandLabel)}{' '}
                <span className="text-muted-foreground">
                  ({when}
                  {before && !latest.subscores ? `; ${text.measureBefore(before.total)}` : ''})
                </span>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}

function CheckInSummary({ checkIns }: { checkIns: PersonCheckIns }) {
  const text = careText.supporting
  const items = [
    text.streak(checkIns.streakDays),
    text.weekly(checkIns.weeklyCheckins),
    checkIns.avgMood != null ? text.mood(checkIns.avgMood) : null,
    checkIns.avgCravings != null ? text.cravings(checkIns.avgCravings) : null,
    checkIns.daysSinceSubstanceUse != null
      ? (checkIns.substanceUseReported ? text.daysSinceUse : text.recoveryDays)(checkIns.daysSinceSubstanceUse)
      : null,
  ].filter((s): s is string => s !== null)
  return (
    <section className="grid gap-2" aria-label={text.checkInsTitle} data-testid="person-checkins">
      <h3 className="flex items-center gap-2 font-semibold">
        <CalendarCheck aria-hidden="true" className="size-4 text-primary" />
        {text.checkInsTitle}
      </h3>
      <div className="flex flex-wrap gap-2">
        <Badge variant={checkIns.checkedInToday ? 'success' : 'warning'}>
          {checkIns.checkedInToday ? text.checkedInToday : text.notCheckedInToday}
        </Badge>
        {items.map((item) => (
          <Badge key={item} variant="outline">
            {item}
          </Badge>
        ))}
      </div>
    </section>
  )
}
