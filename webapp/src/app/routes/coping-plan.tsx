import { routes } from '@/config/routes'
import { CopingPlanScreen } from '@/features/plans/components/coping-plan-screen'

/** `/education/tools/coping-plan`: Learn & Grow's Coping Plan Builder. */
export function CopingPlanRoute() {
  return <CopingPlanScreen backHref={routes.education.path} />
}
