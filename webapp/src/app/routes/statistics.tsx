import { StatisticsList } from '@/features/statistics/components/statistics-list'
import { statisticsText } from '@/features/statistics/content'

/** `/statistics`: Substance Abuse Statistics (docs/spec.md). */
export function StatisticsRoute() {
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <title>{statisticsText.pageTitle}</title>
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{statisticsText.title}</h1>
        <p className="mt-2 text-muted-foreground">{statisticsText.subtitle}</p>
      </div>
      <StatisticsList />
    </div>
  )
}
