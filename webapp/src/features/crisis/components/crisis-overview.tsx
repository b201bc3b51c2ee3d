import { WifiOff } from 'lucide-react'
import type * as React from 'react'

import { useOnlineStatus } from '@/hooks/use-online-status'
import { cn } from '@/lib/utils'

import { crisisText } from '../content'
import { ContactsSignInPrompt } from './contacts-sign-in-prompt'
import { EmergencyBanner } from './emergency-banner'
import { HotlineList } from './hotline-list'
import { ContactsSkeleton, PersonalContacts } from './personal-contacts'
import { TreatmentCenters } from './treatment-centers'

export type CrisisOverviewProps = {
  /**
   * `loading` while the session is not known yet: everything shows but the contacts, which wait.
   * `unreachable` when it cannot be known (offline): the contacts show the copy this device saved.
   */
  session: 'signed-in' | 'signed-out' | 'loading' | 'unreachable'
  /** The coping tools card, under the hotlines and contacts (the wellness tools, composed by the route). */
  copingTools: React.ReactNode
  /** Signed in: "Alert my people now" (the SOS feature, composed by the route), under the title. */
  sosAction?: React.ReactNode
}

/**
 * docs/spec.md "Crisis page" for everyone. Everything but the personal contacts
 * comes from the bundle, so the hotlines and coping tools show at once and
 * keep working when the API is down.
 */
export function CrisisOverview({ session, copingTools, sosAction }: CrisisOverviewProps) {
  const signedIn = session === 'signed-in' || session === 'unreachable'
  const online = useOnlineStatus()
  return (
    <div className="grid gap-6">
      <title>{crisisText.pageTitle}</title>
      {(!online || session === 'unreachable') && (
        <p role="status" className="flex items-start gap-2 rounded-lg border border-border bg-muted px-4 py-3 font-medium">
          <WifiOff aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          {crisisText.offline}
        </p>
      )}
      <EmergencyBanner />
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{crisisText.title}</h1>
        <p className="mt-2 text-lg text-muted-foreground">{crisisText.description}</p>
      </div>
      {signedIn && sosAction}
      <div className={cn('grid items-start gap-6', signedIn && 'xl:grid-cols-2')}>
        <HotlineList />
        {signedIn ? <PersonalContacts /> : session === 'loading' ? <ContactsSkeleton /> : <ContactsSignInPrompt />}
      </div>
      {copingTools}
      <TreatmentCenters />
    </div>
  )
}
