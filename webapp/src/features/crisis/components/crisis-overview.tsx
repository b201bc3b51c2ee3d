import { crisisText } from '../content'
import { ContactsSignInPrompt } from './contacts-sign-in-prompt'
import { EmergencyBanner } from './emergency-banner'
import { HotlineList } from './hotline-list'

export type CrisisOverviewProps = {
  signedIn: boolean
}

/** The crisis page as far as it is built: banner, heading, hotlines, and the sign-in prompt when signed out. */
export function CrisisOverview({ signedIn }: CrisisOverviewProps) {
  return (
    <div className="grid gap-6">
      <title>{crisisText.pageTitle}</title>
      <EmergencyBanner />
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{crisisText.title}</h1>
        <p className="mt-2 text-lg text-muted-foreground">{crisisText.description}</p>
      </div>
      <HotlineList />
      {!signedIn && <ContactsSignInPrompt />}
    </div>
  )
}
