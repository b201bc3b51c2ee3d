import { Route, Switch } from 'wouter'

import { DashboardRoute } from '@/app/routes/dashboard'
import { LandingRoute } from '@/app/routes/landing'
import { NotFoundRoute } from '@/app/routes/not-found'
import { routes } from '@/config/routes'
import { useAuth } from '@/features/auth/hooks/use-auth'

/**
 * SPEC.md §2: while the session loads or when signed out only `/` exists
 * (the landing page); signed in, `/` is the dashboard. Every other path is
 * the not-found page. Screens of routes.ts are added here as they are built.
 */
export function AppRouter() {
  const { isAuthenticated } = useAuth()

  return (
    <Switch>
      {isAuthenticated ? (
        <Route path={routes.home.path} component={DashboardRoute} />
      ) : (
        <Route path={routes.home.path} component={LandingRoute} />
      )}
      <Route component={NotFoundRoute} />
    </Switch>
  )
}
