import { useParams } from 'wouter'

import { PublicLayout } from '@/components/layouts/public-layout'
import { routes } from '@/config/routes'
import type { User } from '@/features/auth/types'
import { AcceptInvitation } from '@/features/care/components/accept-invitation'
import { ClaimLinkPage } from '@/features/care/components/claim-link-page'
import { CareCircleScreen } from '@/features/care/components/care-circle-screen'
import { CaseloadScreen } from '@/features/care/components/caseload-screen'
import { SupportedPersonScreen, SupportingScreen } from '@/features/care/components/supporting-screen'
import type { PersonView } from '@/features/care/types'
import { useAppConfig } from '@/features/gps/api/get-app-config'
import { GpsMap } from '@/features/gps/components/gps-map'
import { ChannelsList } from '@/features/notifications/components/channels-list'
import { SharedSignals } from '@/features/signals/components/shared-signals'
import { DevicePushSwitch } from '@/features/notifications/components/device-push-switch'
import { notificationsText } from '@/features/notifications/content'

/** `/care-circle`: the wearer's supporters and their grants ("Let them call or text me" points to Settings while there is no number). */
export function CareCircleRoute({ user }: { user: User }) {
  return <CareCircleScreen timeZone={user.timezone} addPhoneHref={user.phone ? undefined : routes.settings.path} />
}

/** The supporter's view of a person's latest position: the GPS page's map, with no zones and no history. */
function PersonMap({ person }: { person: PersonView }) {
  const config = useAppConfig()
  if (!person.location || config.isPending) return null
  const { latitude, longitude } = person.location
  return (
    <GpsMap
      center={{ lat: latitude, lon: longitude }}
      tileUrl={config.data?.mapTileUrl ?? ''}
      attribution={config.data?.mapAttribution ?? ''}
      latest={person.location}
      zones={[]}
    />
  )
}

const renderMap = (person: PersonView) => <PersonMap person={person} />
const renderSignals = (person: PersonView) => <SharedSignals name={person.name} signals={person.signals} />
const personHref = (id: number) => `${routes.supporting.path}/${id}`

/** `/supporting`: "People I support". */
export function SupportingRoute({ user }: { user: User }) {
  return (
    <SupportingScreen
      renderMap={renderMap}
      renderSignals={renderSignals}
      personHref={personHref}
      caseloadHref={routes.caseload.path}
      timeZone={user.timezone}
    />
  )
}

/** `/caseload`: everyone I support, by need. */
export function CaseloadRoute({ user }: { user: User }) {
  return <CaseloadScreen personHref={personHref} timeZone={user.timezone} />
}

/** `/supporting/{id}`: one person I support. */
export function SupportedPersonRoute({ user }: { user: User }) {
  const params = useParams<{ id: string }>()
  return (
    <SupportedPersonScreen
      id={Number(params.id)}
      renderMap={renderMap}
      renderSignals={renderSignals}
      backHref={routes.supporting.path}
      timeZone={user.timezone}
    />
  )
}

/** The new supporter's ways of being told, as on Settings: channels, and notifications on this device. */
function ReachSetup({ timeZone }: { timeZone: string }) {
  const parts = [
    { id: 'reach-channels', text: notificationsText.channels, body: <ChannelsList timeZone={timeZone} /> },
    { id: 'reach-device', text: notificationsText.device, body: <DevicePushSwitch timeZone={timeZone} /> },
  ]
  return (
    <div className="grid gap-6">
      {parts.map((part) => (
        <section key={part.id} aria-labelledby={part.id} className="grid gap-3 rounded-lg border p-4">
          <div className="grid gap-1">
            <h3 id={part.id} className="font-semibold">
              {part.text.title}
            </h3>
            <p className="text-sm text-muted-foreground">{part.text.description}</p>
          </div>
          {part.body}
        </section>
      ))}
    </div>
  )
}

/** `/care/accept#token=…`, signed in: accept with one button, then how they want to be told. */
export function AcceptInvitationRoute({ user }: { user: User }) {
  return <AcceptInvitation supportingHref={routes.supporting.path} reachSetup={<ReachSetup timeZone={user.timezone} />} />
}

const back = encodeURIComponent(routes.careAccept.path)

/** `/care/accept#token=…`, signed out: sign in or create an account, then come back (the token waits in this tab). */
export function PublicAcceptInvitationRoute() {
  return (
    <PublicLayout>
      <AcceptInvitation
        supportingHref={routes.supporting.path}
        signedOut={{ signInHref: `${routes.login.path}?next=${back}`, registerHref: `${routes.register.path}?next=${back}` }}
      />
    </PublicLayout>
  )
}

/** `/claim#token=…`: an alert email's one-tap "I'm on it", the same page signed in or not. */
export function ClaimLinkRoute() {
  return <ClaimLinkPage />
}
