import { cn } from '@/lib/utils'

import { dashboardText } from '../content'

export type WelcomeHeaderProps = {
  /** Already falling back to `User` when the name is empty. */
  firstName: string
  /** Today's check-in exists; undefined while it is unknown (its request failed). */
  checkedInToday: boolean | undefined
  /** They have no check-in yet: "Welcome", not "Welcome back". */
  firstVisit?: boolean
}

/** docs/spec.md Dashboard: the welcome line with the first name, and today's check-in status with a coloured dot. */
export function WelcomeHeader({ firstName, checkedInToday, firstVisit = false }: WelcomeHeaderProps) {
  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{dashboardText.welcome(firstName, firstVisit)}</h1>
      {checkedInToday !== undefined && (
        <p className="mt-2 flex items-center gap-2 text-muted-foreground" data-testid="checkin-status">
          <span
            aria-hidden="true"
            className={cn(
              'size-2.5 rounded-full',
              checkedInToday ? 'bg-emerald-500 dark:bg-emerald-400' : 'bg-amber-500 dark:bg-amber-400',
            )}
          />
          {checkedInToday ? dashboardText.checkedInToday : dashboardText.notCheckedInToday}
        </p>
      )}
    </div>
  )
}
