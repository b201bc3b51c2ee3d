import * as React from 'react'

/*
 * Screens load on demand: the landing page (the first page most visitors
 * see) carries neither the forms (react-hook-form, zod) nor the signed-in
 * screens. The dashboard's chart is lazier still (ApexCharts loads only when
 * there is a check-in to draw, see features/checkins/components/mood-chart).
 */
const loadLogin = () => import('./login')
const loadRegister = () => import('./register')
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

export const LoginRoute = React.lazy(() => loadLogin().then((m) => ({ default: m.LoginRoute })))
export const RegisterRoute = React.lazy(() => loadRegister().then((m) => ({ default: m.RegisterRoute })))
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

/** Fetches the lazy screens ahead of need (tests do this so no wait includes the download). */
export function preloadFormScreens(): Promise<unknown> {
  return Promise.all([
    loadLogin(),
    loadRegister(),
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
  ])
}
