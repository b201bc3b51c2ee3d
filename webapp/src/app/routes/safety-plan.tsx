import { routes } from '@/config/routes'
import { SafetyPlanScreen } from '@/features/plans/components/safety-plan-screen'

/** The crisis page's Safety Plan, signed in (the signed-out prompt is in ./crisis, loaded with the hotlines). */
export function SafetyPlanRoute() {
  return <SafetyPlanScreen backHref={routes.crisis.path} />
}
