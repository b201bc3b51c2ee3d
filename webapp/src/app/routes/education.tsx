import { routes } from '@/config/routes'
import { LearnAndGrowScreen } from '@/features/education/components/learn-and-grow-screen'
import { InteractiveTools } from '@/features/wellness-tools/components/interactive-tools'

/** `/education/{id or slug}`: an article's page. */
function articlePath(idOrSlug: string): string {
  return routes.educationArticle.path.replace(':id', encodeURIComponent(idOrSlug))
}

/** SPEC.md "Learn & Grow": the filtered article grid, then the Interactive Tools (Coping Plan Builder is its own screen). */
export function EducationRoute() {
  return <LearnAndGrowScreen articlePath={articlePath} tools={<InteractiveTools copingPlanHref={routes.copingPlan.path} />} />
}
