import { useQueryClient } from '@tanstack/react-query'
import * as React from 'react'
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter'

import { ShellSkeleton } from '@/components/layouts/app-shell/shell-skeleton'
import { FormScreenSkeleton } from '@/app/routes/form-screen-skeleton'
import {
  AcceptInvitationRoute,
  CaseloadRoute,
  BlogPostRoute,
  CareCircleRoute,
  BlogRoute,
  ChatbotRoute,
  CheckinRoute,
  CheckinsRoute,
  ClaimLinkRoute,
  ClinicianRoute,
  ConfirmChannelRoute,
  DigestUnsubscribeRoute,
  CopingPlanRoute,
  CrisisRoute,
  DashboardRoute,
  EducationArticleRoute,
  EducationRoute,
  ForgotPasswordRoute,
  GpsRoute,
  LoginRoute,
  OfflineRoutes,
  preloadSignedIn,
  PublicAcceptInvitationRoute,
  PublicCrisisRoute,
  PublicSafetyPlanRoute,
  RegisterRoute,
  ResetPasswordRoute,
  SafetyPlanRoute,
  SettingsRoute,
  ShareRoute,
  SignedInLayout,
  StatisticsRoute,
  SupportedPersonRoute,
  SupportingRoute,
  SymptomsRoute,
  MeasuresRoute,
} from '@/app/routes/lazy'
import { LandingRoute } from '@/app/routes/landing'
import { LoginRedirect } from '@/app/routes/login-redirect'
import { NotFoundContent, NotFoundRoute } from '@/app/routes/not-found'
import { prefetchScreenData } from '@/app/routes/screen-data'
import { isProtectedPath, routes } from '@/config/routes'
import { useAuth } from '@/features/auth/hooks/use-auth'
import type { User } from '@/features/auth/types'
import { CheckinSkeleton } from '@/features/checkins/components/checkin-skeleton'
import { DashboardSkeleton } from '@/features/dashboard/components/dashboard-skeleton'
import { useNextPath } from '@/hooks/use-next-path'

/**
 * Route gating (docs/spec.md §2 and §4, issue 3):
 *   - session unreachable (offline): the crisis page, the saved safety plan,
 *     an offline notice elsewhere;
 *   - session loading: the landing page at `/`, the crisis page at `/crisis`
 *     (contacts wait), a skeleton elsewhere;
 *   - signed out: `/` landing, `/login`, `/register`, `/forgot-password`, `/crisis` (hotlines)
 *     and `/crisis/safety-plan` (a sign-in prompt);
 *     a protected path shows the Unauthorized toast and goes to sign-in;
 *     anything else is the not-found page;
 *   - signed in: every screen inside the navigation shell; `/login` and
 *     `/register` and `/forgot-password` move on to `?next=` (or `/`);
 *   - `/share`, `/confirm-channel`, `/claim` and `/reset-password` (a link's
 *     token in the fragment): the same page signed in or not.
 * A signed-in visit to a path no screen has shows the not-found card inside
 * the shell.
 */
export function AppRouter() {
  const { user, isLoading, isUnreachable } = useAuth()
  const [location] = useLocation()

  // No network: not signed out, just unknown. The crisis page and saved plan still work
  // (their chunks come from the service worker's precache).
  if (isUnreachable) {
    return (
      <React.Suspense fallback={<FormScreenSkeleton />}>
        <OfflineRoutes />
      </React.Suspense>
    )
  }
  // A share link's page is the same for everyone, signed in or not, and never waits for the session.
  if (location === routes.share.path) {
    return (
      <React.Suspense fallback={<FormScreenSkeleton />}>
        <ShareRoute />
      </React.Suspense>
    )
  }
  // So is an email address's confirmation link: it is often opened in a mail app's browser.
  if (location === routes.confirmChannel.path) {
    return (
      <React.Suspense fallback={<FormScreenSkeleton />}>
        <ConfirmChannelRoute />
      </React.Suspense>
    )
  }
  // So is an alert email's one-tap "I'm on it": a supporter's phone, often signed out.
  if (location === routes.claimLink.path) {
    return (
      <React.Suspense fallback={<FormScreenSkeleton />}>
        <ClaimLinkRoute />
      </React.Suspense>
    )
  }
  // So is a weekly digest's unsubscribe link.
  if (location === routes.digestUnsubscribe.path) {
    return (
      <React.Suspense fallback={<FormScreenSkeleton />}>
        <DigestUnsubscribeRoute />
      </React.Suspense>
    )
  }
  // So is a password reset link: whoever holds it sets the password and is signed in afresh.
  if (location === routes.resetPassword.path) {
    return (
      <React.Suspense fallback={<FormScreenSkeleton />}>
        <ResetPasswordRoute />
      </React.Suspense>
    )
  }
  // The crisis page never waits for the session (nor for an API that is slow or down), and
  // stays the same page, tools open and all, when the session turns out signed out.
  if (!user && location === routes.crisis.path) {
    return (
      <React.Suspense fallback={<FormScreenSkeleton />}>
        <PublicCrisisRoute session={isLoading ? 'loading' : 'signed-out'} />
      </React.Suspense>
    )
  }
  if (isLoading) {
    if (location === routes.home.path) return <LandingRoute />
    const guestPaths: readonly string[] = [routes.login.path, routes.register.path, routes.forgotPassword.path]
    const guestScreen = guestPaths.includes(location)
    return guestScreen ? <FormScreenSkeleton /> : <ShellSkeleton />
  }
  return user ? <SignedInRoutes user={user} /> : <SignedOutRoutes />
}

function SignedOutRoutes() {
  const [location] = useLocation()
  const search = useSearch()

  return (
    <React.Suspense fallback={<FormScreenSkeleton />}>
      <Switch>
        <Route path={routes.home.path} component={LandingRoute} />
        <Route path={routes.login.path} component={LoginRoute} />
        <Route path={routes.register.path} component={RegisterRoute} />
        <Route path={routes.forgotPassword.path} component={ForgotPasswordRoute} />
        <Route path={routes.crisis.path}>
          <PublicCrisisRoute />
        </Route>
        <Route path={routes.safetyPlan.path} component={PublicSafetyPlanRoute} />
        <Route path={routes.careAccept.path} component={PublicAcceptInvitationRoute} />
        <Route>
          {isProtectedPath(location) ? (
            <LoginRedirect from={search ? `${location}?${search}` : location} />
          ) : (
            <NotFoundRoute />
          )}
        </Route>
      </Switch>
    </React.Suspense>
  )
}

function SignedInRoutes({ user }: { user: User }) {
  const [location] = useLocation()
  const queryClient = useQueryClient()
  // Just signed in, or moved on: the shell's code, the screen's and its data load side by side.
  React.useEffect(() => {
    preloadSignedIn(location)
    prefetchScreenData(queryClient, location)
  }, [location, queryClient])

  return (
    <Switch>
      <Route path={routes.login.path} component={ContinueAfterSignIn} />
      <Route path={routes.register.path} component={ContinueAfterSignIn} />
      <Route path={routes.forgotPassword.path} component={ContinueAfterSignIn} />
      <Route>
        <React.Suspense fallback={<ShellSkeleton />}>
          <SignedInLayout user={user}>
            <React.Suspense fallback={<FormScreenSkeleton />}>
              <Switch>
                <Route path={routes.home.path}>
                  <React.Suspense fallback={<DashboardSkeleton />}>
                    <DashboardRoute user={user} />
                  </React.Suspense>
                </Route>
                <Route path={routes.checkin.path}>
                  <React.Suspense fallback={<CheckinSkeleton />}>
                    <CheckinRoute />
                  </React.Suspense>
                </Route>
                <Route path={routes.checkins.path}>
                  <CheckinsRoute user={user} />
                </Route>
                <Route path={routes.settings.path}>
                  <SettingsRoute user={user} />
                </Route>
                <Route path={routes.clinician.path}>
                  <ClinicianRoute user={user} />
                </Route>
                <Route path={routes.gps.path}>
                  <GpsRoute user={user} />
                </Route>
                <Route path={routes.crisis.path} component={CrisisRoute} />
                <Route path={routes.safetyPlan.path} component={SafetyPlanRoute} />
                <Route path={routes.chatbot.path}>
                  <ChatbotRoute user={user} />
                </Route>
                <Route path={routes.education.path} component={EducationRoute} />
                <Route path={routes.educationArticle.path} component={EducationArticleRoute} />
                <Route path={routes.blog.path} component={BlogRoute} />
                <Route path={`${routes.blog.path}/:id`} component={BlogPostRoute} />
                <Route path={routes.statistics.path} component={StatisticsRoute} />
                <Route path={routes.copingPlan.path} component={CopingPlanRoute} />
                <Route path={routes.symptoms.path}>
                  <SymptomsRoute user={user} />
                </Route>
                <Route path={`${routes.measures.path}/*?`}>
                  <MeasuresRoute user={user} />
                </Route>
                <Route path={routes.careCircle.path}>
                  <CareCircleRoute user={user} />
                </Route>
                <Route path={routes.supporting.path}>
                  <SupportingRoute user={user} />
                </Route>
                <Route path={routes.caseload.path}>
                  <CaseloadRoute user={user} />
                </Route>
                <Route path={`${routes.supporting.path}/:id`}>
                  <SupportedPersonRoute user={user} />
                </Route>
                <Route path={routes.careAccept.path}>
                  <AcceptInvitationRoute user={user} />
                </Route>
                <Route component={NotFoundContent} />
              </Switch>
            </React.Suspense>
          </SignedInLayout>
        </React.Suspense>
      </Route>
    </Switch>
  )
}

/** Signed in on a sign-in screen (just now, or by visiting it): go on to `?next=` or home. */
function ContinueAfterSignIn() {
  const next = useNextPath()
  return <Redirect to={next} replace />
}
