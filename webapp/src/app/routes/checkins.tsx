import { ArrowLeft } from 'lucide-react'
import { Link } from 'wouter'

import { routes } from '@/config/routes'
import { useRefreshAlerts } from '@/features/alerts/hooks/use-refresh-alerts'
import type { User } from '@/features/auth/types'
import { CheckinHistory } from '@/features/checkins/components/checkin-history'
import { historyText } from '@/features/checkins/content'
import { todayIn } from '@/features/checkins/utils/dates'

export type CheckinsRouteProps = {
  user: User
}

/** `/checkins`, the View All of the dashboard: the full check-in history (docs/spec.md leaves its content open). */
export function CheckinsRoute({ user }: CheckinsRouteProps) {
  // A correction can resolve an alert (or raise one): the alerts are refreshed with the check-ins.
  const refreshAlerts = useRefreshAlerts()
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <title>{historyText.pageTitle}</title>
      <div>
        <Link
          href={routes.home.path}
          className="-ml-2 inline-flex h-9 items-center gap-1.5 rounded-full px-2 text-sm font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {historyText.dashboard}
        </Link>
        <h1 className="mt-2 text-3xl font-bold tracking-tight">{historyText.title}</h1>
        <p className="mt-2 text-muted-foreground">{historyText.description}</p>
      </div>
      <CheckinHistory today={todayIn(user.timezone)} checkinPath={routes.checkin.path} onChanged={refreshAlerts} />
    </div>
  )
}
