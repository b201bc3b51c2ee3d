import { displayFirstName } from '@/components/layouts/app-shell/shell-user'
import { LoadError } from '@/components/load-error'
import { routes } from '@/config/routes'
import { useAlerts } from '@/features/alerts/api/get-alerts'
import { AlertList } from '@/features/alerts/components/alert-list'
import type { User } from '@/features/auth/types'
import { NotesCard } from '@/features/care/components/notes-card'
import { useCheckins } from '@/features/checkins/api/get-checkins'
import { useStats } from '@/features/checkins/api/get-stats'
import { useTodayCheckin } from '@/features/checkins/api/get-today-checkin'
import { AskCard } from '@/features/care/components/ask-card'
import { CheckinCalendar } from '@/features/checkins/components/checkin-calendar'
import { MoodChart } from '@/features/checkins/components/mood-chart'
import { RecentActivities } from '@/features/checkins/components/recent-activities'
import { RecoveryDays } from '@/features/checkins/components/recovery-days'
import { StatCards } from '@/features/checkins/components/stat-cards'
import { StreakCounter } from '@/features/checkins/components/streak-counter'
import { todayIn } from '@/features/checkins/utils/dates'
import { DashboardSkeleton } from '@/features/dashboard/components/dashboard-skeleton'
import { QuickLinks } from '@/features/dashboard/components/quick-links'
import { WelcomeHeader } from '@/features/dashboard/components/welcome-header'
import { dashboardText } from '@/features/dashboard/content'
import { DueMeasuresCard } from '@/features/measures/components/due-measures-card'

import { alertActions } from './alert-actions'
import { recentCheckinsParams } from './dashboard-queries'

export type DashboardRouteProps = {
  user: User
}

function RetryCard({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <LoadError
      message={message}
      retryLabel={dashboardText.retry}
      onRetry={onRetry}
      className="flex flex-wrap items-center justify-between shadow-sm"
    />
  )
}

/** docs/spec.md Dashboard, signed in at `/`. */
export function DashboardRoute({ user }: DashboardRouteProps) {
  const today = useTodayCheckin()
  const stats = useStats()
  const recent = useCheckins(recentCheckinsParams)
  const alerts = useAlerts()

  if (today.isPending || stats.isPending || recent.isPending || alerts.isPending) {
    return (
      <>
        <title>{dashboardText.pageTitle}</title>
        <DashboardSkeleton />
      </>
    )
  }

  const localToday = todayIn(user.timezone)
  return (
    <div className="grid gap-6">
      <title>{dashboardText.pageTitle}</title>
      <WelcomeHeader
        firstName={displayFirstName(user)}
        checkedInToday={today.isSuccess ? Boolean(today.data) : undefined}
        firstVisit={recent.isSuccess && recent.data.length === 0}
      />
      {alerts.isSuccess && <AlertList alerts={alerts.data} currentPath={routes.home.path} actions={alertActions} />}
      <AskCard />
      <NotesCard timeZone={user.timezone} />
      <DueMeasuresCard takePath={(id) => `${routes.measures.path}/${id}`} listPath={routes.measures.path} />

      {stats.isSuccess ? (
        <>
          <div className="grid gap-4 md:grid-cols-2">
            <StreakCounter days={stats.data.streakDays} />
            <RecoveryDays stats={stats.data} today={localToday} historyPath={routes.checkins.path} />
          </div>
          <StatCards stats={stats.data} />
        </>
      ) : (
        <RetryCard message={dashboardText.statsFailed} onRetry={() => void stats.refetch()} />
      )}

      <div className="grid gap-4 lg:grid-cols-2">
        {recent.isSuccess ? (
          <MoodChart checkins={recent.data} />
        ) : (
          <RetryCard message={dashboardText.checkinsFailed} onRetry={() => void recent.refetch()} />
        )}
        <CheckinCalendar today={localToday} />
      </div>

      {recent.isSuccess && (
        <RecentActivities checkins={recent.data} today={localToday} viewAllPath={routes.checkins.path} />
      )}

      <QuickLinks
        paths={{ checkin: routes.checkin.path, symptoms: routes.symptoms.path, education: routes.education.path }}
      />
    </div>
  )
}
