import { PublicLayout } from '@/components/layouts/public-layout'
import { routes } from '@/config/routes'
import { CrisisOverview } from '@/features/crisis/components/crisis-overview'
import { SafetyPlanSignIn } from '@/features/plans/components/safety-plan-sign-in'
import { SosButton } from '@/features/sos/components/sos-button'
import { CopingStrategies } from '@/features/wellness-tools/components/coping-strategies'

/** docs/spec.md "Immediate Coping Strategies": the wellness tools, and Safety Plan in one tap. */
const copingTools = <CopingStrategies safetyPlanHref={routes.safetyPlan.path} />

export type PublicCrisisRouteProps = {
  /** `loading` while the session is not known: the contacts card waits, nothing else does. */
  session?: 'loading' | 'signed-out'
}

/** Signed out (or not known yet): the whole crisis page in a public frame (inside the shell when signed in). */
export function PublicCrisisRoute({ session = 'signed-out' }: PublicCrisisRouteProps) {
  return (
    <PublicLayout>
      <CrisisOverview session={session} copingTools={copingTools} />
    </PublicLayout>
  )
}

export function CrisisRoute() {
  return <CrisisOverview session="signed-in" copingTools={copingTools} sosAction={<SosButton variant="card" />} />
}

/** Signed out, the Safety Plan button leads here: what the plan is, and Sign In (coming back to it). */
export function PublicSafetyPlanRoute() {
  return (
    <PublicLayout>
      <SafetyPlanSignIn path={routes.safetyPlan.path} backHref={routes.crisis.path} />
    </PublicLayout>
  )
}
