import { PublicLayout } from '@/components/layouts/public-layout'
import { CrisisOverview } from '@/features/crisis/components/crisis-overview'

/** Signed out: the hotlines in a public frame (inside the shell when signed in, see the router). */
export function PublicCrisisRoute() {
  return (
    <PublicLayout>
      <CrisisOverview signedIn={false} />
    </PublicLayout>
  )
}

export function CrisisRoute() {
  return <CrisisOverview signedIn />
}
