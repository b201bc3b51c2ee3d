import * as React from 'react'

import { routes } from '@/config/routes'

/*
 * Screens load on demand: the first bundle holds the landing page (the first
 * page most visitors see), the skeletons and the router, and none of the
 * forms (react-hook-form, zod), the signed-in shell (Radix's dialog for the
 * phone menu, the live-updates stream) or the crisis screens. The service
 * worker precaches every chunk, so the crisis page and the saved safety plan
 * still open offline. The dashboard's chart is lazier still (ApexCharts loads
 * after the dashboard is drawn, see features/checkins/components/mood-chart).
 */
const loadSignedInLayout = () => import('./signed-in-layout')
const loadCrisis = () => import('./crisis')
const loadOffline = () => import('./offline')
const loadLogin = () => import('./login')
const loadRegister = () => import('./register')
const loadForgotPassword = () => import('./forgot-password')
const loadResetPassword = () => import('./reset-password')
const loadSettings = () => import('./settings')
const loadDashboard = () => import('./dashboard')
const loadCheckin = () => import('./checkin')
const loadCheckins = () => import('./checkins')
const loadGps = () => import('./gps')
const loadChatbot = () => import('./chatbot')
const loadSafetyPlan = () => import('./safety-plan')
const loadEducation = () => import('./education')
const loadEducationArticle = () => import('./education-article')
const loadBlog = () => import('./blog')
const loadStatistics = () => import('./statistics')
const loadCopingPlan = () => import('./coping-plan')
const loadSymptoms = () => import('./symptoms')
const loadMeasures = () => import('./measures')
const loadShare = () => import('./share')
const loadCare = () => import('./care')
const loadConfirmChannel = () => import('./confirm-channel')
const loadDigestUnsubscribe = () => import('./digest-unsubscribe')
const loadClinician = () => import('./clinician')

export const SignedInLayout = React.lazy(() => loadSignedInLayout().then((m) => ({ default: m.SignedInLayout })))
export const PublicCrisisRoute = React.lazy(() => loadCrisis().then((m) => ({ default: m.PublicCrisisRoute })))
export const CrisisRoute = React.lazy(() => loadCrisis().then((m) => ({ default: m.CrisisRoute })))
export const PublicSafetyPlanRoute = React.lazy(() => loadCrisis().then((m) => ({ default: m.PublicSafetyPlanRoute })))
export const OfflineRoutes = React.lazy(() => loadOffline().then((m) => ({ default: m.OfflineRoutes })))
export const LoginRoute = React.lazy(() => loadLogin().then((m) => ({ default: m.LoginRoute })))
export const RegisterRoute = React.lazy(() => loadRegister().then((m) => ({ default: m.RegisterRoute })))
export const ForgotPasswordRoute = React.lazy(() => loadForgotPassword().then((m) => ({ default: m.ForgotPasswordRoute })))
// A reset email's link (no session needed).
export const ResetPasswordRoute = React.lazy(() => loadResetPassword().then((m) => ({ default: m.ResetPasswordRoute })))
export const SettingsRoute = React.lazy(() => loadSettings().then((m) => ({ default: m.SettingsRoute })))
export const DashboardRoute = React.lazy(() => loadDashboard().then((m) => ({ default: m.DashboardRoute })))
export const CheckinRoute = React.lazy(() => loadCheckin().then((m) => ({ default: m.CheckinRoute })))
export const CheckinsRoute = React.lazy(() => loadCheckins().then((m) => ({ default: m.CheckinsRoute })))
// The GPS screen; OpenLayers itself is a further lazy chunk (features/gps/components/gps-map).
export const GpsRoute = React.lazy(() => loadGps().then((m) => ({ default: m.GpsRoute })))
export const ChatbotRoute = React.lazy(() => loadChatbot().then((m) => ({ default: m.ChatbotRoute })))
export const SafetyPlanRoute = React.lazy(() => loadSafetyPlan().then((m) => ({ default: m.SafetyPlanRoute })))
export const EducationRoute = React.lazy(() => loadEducation().then((m) => ({ default: m.EducationRoute })))
export const EducationArticleRoute = React.lazy(() =>
  loadEducationArticle().then((m) => ({ default: m.EducationArticleRoute })),
)
export const BlogRoute = React.lazy(() => loadBlog().then((m) => ({ default: m.BlogRoute })))
export const BlogPostRoute = React.lazy(() => loadBlog().then((m) => ({ default: m.BlogPostRoute })))
export const StatisticsRoute = React.lazy(() => loadStatistics().then((m) => ({ default: m.StatisticsRoute })))
export const CopingPlanRoute = React.lazy(() => loadCopingPlan().then((m) => ({ default: m.CopingPlanRoute })))
// The Symptom Tracker; its trend chart (ApexCharts) is a further lazy chunk (features/symptoms/components/symptom-trend).
export const SymptomsRoute = React.lazy(() => loadSymptoms().then((m) => ({ default: m.SymptomsRoute })))
export const MeasuresRoute = React.lazy(() => loadMeasures().then((m) => ({ default: m.MeasuresRoute })))
// "My data for my clinician": the FHIR download and the printable summary.
export const ClinicianRoute = React.lazy(() => loadClinician().then((m) => ({ default: m.ClinicianRoute })))

// A share link's public page (no session needed; OpenLayers is its map's further lazy chunk).
export const ShareRoute = React.lazy(() => loadShare().then((m) => ({ default: m.ShareRoute })))
// An email address's confirmation link (no session needed).
export const ConfirmChannelRoute = React.lazy(() => loadConfirmChannel().then((m) => ({ default: m.ConfirmChannelRoute })))
// A weekly digest's unsubscribe link (no session needed).
export const DigestUnsubscribeRoute = React.lazy(() => loadDigestUnsubscribe().then((m) => ({ default: m.DigestUnsubscribeRoute })))
// The care circle: the wearer's supporters, "People I support" (its map is the GPS page's lazy chunk) and accepting.
export const CareCircleRoute = React.lazy(() => loadCare().then((m) => ({ default: m.CareCircleRoute })))
export const SupportingRoute = React.lazy(() => loadCare().then((m) => ({ default: m.SupportingRoute })))
export const CaseloadRoute = React.lazy(() => loadCare().then((m) => ({ default: m.CaseloadRoute })))
export const SupportedPersonRoute = React.lazy(() => loadCare().then((m) => ({ default: m.SupportedPersonRoute })))
export const AcceptInvitationRoute = React.lazy(() => loadCare().then((m) => ({ default: m.AcceptInvitationRoute })))
// An alert email's one-tap "I'm on it" (no session needed).
export const ClaimLinkRoute = React.lazy(() => loadCare().then((m) => ({ default: m.ClaimLinkRoute })))
export const PublicAcceptInvitationRoute = React.lazy(() =>
  loadCare().then((m) => ({ default: m.PublicAcceptInvitationRoute })),
)

/** The screens worth fetching beside the shell, by path (the others load once the shell is in). */
const signedInScreens: Record<string, () => Promise<unknown>> = {
  [routes.home.path]: loadDashboard,
  [routes.checkin.path]: loadCheckin,
  [routes.checkins.path]: loadCheckins,
  [routes.crisis.path]: loadCrisis,
  [routes.safetyPlan.path]: loadSafetyPlan,
  [routes.caseload.path]: loadCare,
  [routes.supporting.path]: loadCare,
}

/**
 * Starts fetching the signed-in shell and the screen at `path` together, so
 * the screen's chunk does not wait for the shell's to arrive first.
 */
export function preloadSignedIn(path: string): void {
  // A failed fetch is reported where the screen renders (its lazy component); here it is only early.
  const ignore = () => {}
  loadSignedInLayout().catch(ignore)
  signedInScreens[path]?.().catch(ignore)
}

/** Fetches the lazy screens ahead of need (tests do this so no wait includes the download). */
export function preloadFormScreens(): Promise<unknown> {
  return Promise.all([
    loadSignedInLayout(),
    loadCrisis(),
    loadOffline(),
    loadLogin(),
    loadRegister(),
    loadForgotPassword(),
    loadResetPassword(),
    loadSettings(),
    loadDashboard(),
    loadCheckin(),
    loadCheckins(),
    loadGps(),
    loadChatbot(),
    loadSafetyPlan(),
    loadEducation(),
    loadEducationArticle(),
    loadBlog(),
    loadStatistics(),
    loadCopingPlan(),
    loadSymptoms(),
    loadMeasures(),
    loadClinician(),
    loadCare(),
  ])
}
