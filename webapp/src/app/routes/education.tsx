import { routes } from '@/config/routes'
import { LearnAndGrowScreen } from '@/features/education/components/learn-and-grow-screen'

/** The Coping Plan Builder's own screen. */
const copingPlanPath = routes.copingPlan.path

/** `/education/{id or slug}`: an article's page. */
function articlePath(idOrSlug: string): string {
  return routes.educationArticle.path.replace(':id', encodeURIComponent(idOrSlug))
}

/** SPEC.md "Learn & Grow": the filtered article grid and the Interactive Tools. */
export function EducationRoute() {
  return <LearnAndGrowScreen articlePath={articlePath} copingPlanHref={copingPlanPath} />
}
