import { LifeBuoy, RefreshCw, WifiOff } from 'lucide-react'
import { Link, useLocation } from 'wouter'

import { PublicLayout } from '@/components/layouts/public-layout'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { routes } from '@/config/routes'
import { CrisisOverview } from '@/features/crisis/components/crisis-overview'
import { OfflineSafetyPlan } from '@/features/plans/components/offline-safety-plan'
import { CopingStrategies } from '@/features/wellness-tools/components/coping-strategies'

/**
 * The session cannot be asked (no network): the crisis page and the saved
 * safety plan still work; every other screen says it needs a connection
 * rather than showing old data or sending the person to sign in.
 */
export function OfflineRoutes() {
  const [location] = useLocation()
  return (
    <PublicLayout>
      {location === routes.crisis.path ? (
        <CrisisOverview session="unreachable" copingTools={<CopingStrategies safetyPlanHref={routes.safetyPlan.path} />} />
      ) : location === routes.safetyPlan.path ? (
        <OfflineSafetyPlan backHref={routes.crisis.path} />
      ) : (
        <OfflineNotice />
      )}
    </PublicLayout>
  )
}

function OfflineNotice() {
  return (
    <Card className="mx-auto w-full max-w-md">
      <title>Offline · Lifeline</title>
      <CardContent className="grid gap-4">
        <div className="flex items-center gap-3">
          <WifiOff aria-hidden="true" className="size-8 shrink-0 text-muted-foreground" />
          <h1 className="text-2xl font-bold">You're offline</h1>
        </div>
        <p className="text-muted-foreground">
          This screen needs a connection to Lifeline. It will work again once you're back online.
        </p>
        <p className="font-medium">Crisis numbers and your saved safety plan work without a connection.</p>
        <div className="flex flex-wrap gap-3">
          <Button asChild className="rounded-full">
            <Link href={routes.crisis.path}>
              <LifeBuoy aria-hidden="true" />
              Crisis resources
            </Link>
          </Button>
          <Button variant="outline" className="rounded-full" onClick={() => window.location.reload()}>
            <RefreshCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      </CardContent>
    </Card>
  )
}
