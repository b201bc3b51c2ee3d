import { BarChart3, TrendingUp, TriangleAlert, Users, type LucideIcon } from 'lucide-react'

import { cn } from '@/lib/utils'

/** docs/spec.md: an icon for prevalence, trends and impact, and a default for anything else. */
const icons: Record<string, { icon: LucideIcon; tone: string }> = {
  prevalence: { icon: Users, tone: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-200' },
  trends: { icon: TrendingUp, tone: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200' },
  impact: { icon: TriangleAlert, tone: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200' },
}
const fallback = { icon: BarChart3, tone: 'bg-primary/12 text-primary' }

function categoryIcon(category: string) {
  return icons[category] ?? fallback
}

export function CategoryIcon({ category, className }: { category: string; className?: string }) {
  const { icon: Icon, tone } = categoryIcon(category)
  return (
    <span
      data-testid="statistic-icon"
      data-category-icon={icons[category] ? category : 'default'}
      className={cn('flex size-10 shrink-0 items-center justify-center rounded-full', tone, className)}
    >
      <Icon aria-hidden="true" className="size-5" />
    </span>
  )
}
