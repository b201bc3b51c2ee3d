import { BellRing, CalendarCheck, MapPin } from 'lucide-react'
import * as React from 'react'
import { Link } from 'wouter'

import { buttonVariants } from '@/components/ui/button-variants'
import { Badge } from '@/components/ui/badge'
import { Card, CardContent, CardHeader } from '@/components/ui/card'

import { careText } from '../content'
import type { PersonCheckIns, PersonView } from '../types'
import { formatDateTime } from '../utils/format'

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
        </div>
        {href && (
          <Link href={href} className={buttonVariants({ variant: 'outline', size: 'sm' })} aria-label={text.detailsLabel(person.name)}>
            {text.details}
          </Link>
        )}
      </CardHeader>
      <CardContent className="grid gap-5">
        {(person.grant.alerts?.length ?? 0) > 0 && <PersonAlerts person={person} timeZone={timeZone} />}
        {person.checkIns && <CheckInSummary checkIns={person.checkIns} />}
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
      </CardContent>
    </Card>
  )
}

function PersonAlerts({ person, timeZone }: { person: PersonView; timeZone?: string }) {
  const text = careText.supporting
  if (person.alerts.length === 0) {
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
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted-foreground">{text.callHint}</p>
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
    checkIns.daysSinceSubstanceUse != null ? text.daysSinceUse(checkIns.daysSinceSubstanceUse) : null,
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
