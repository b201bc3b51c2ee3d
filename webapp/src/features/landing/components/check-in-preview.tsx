import { CalendarCheck, Leaf } from 'lucide-react'

const moodWeek = [5, 6, 5, 7, 6, 8, 8]
const days = ['M', 'T', 'W', 'T', 'F', 'S', 'S']

/** A decorative glimpse of the app for the hero; hidden from assistive technology. */
export function CheckInPreview() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-sm select-none">
      <div className="absolute -inset-4 -z-10 rounded-[2rem] bg-primary/10 blur-2xl" />
      <div className="rounded-2xl border bg-card p-6 text-card-foreground shadow-xl">
        <div className="flex items-center justify-between">
          <div>
            <p className="text-sm text-muted-foreground">Today&apos;s check-in</p>
            <p className="text-lg font-semibold">Feeling steady</p>
          </div>
          <span className="flex size-10 items-center justify-center rounded-full bg-primary/15 text-primary">
            <CalendarCheck className="size-5" />
          </span>
        </div>

        <div className="mt-6 space-y-4">
          <div>
            <div className="flex justify-between text-sm">
              <span>Mood</span>
              <span className="font-medium">8 / 10</span>
            </div>
            <div className="mt-1.5 h-2 rounded-full bg-muted">
              <div className="h-2 w-4/5 rounded-full bg-primary" />
            </div>
          </div>
          <div>
            <div className="flex justify-between text-sm">
              <span>Cravings</span>
              <span className="font-medium">2 / 10</span>
            </div>
            <div className="mt-1.5 h-2 rounded-full bg-muted">
              <div className="h-2 w-1/5 rounded-full bg-amber-500 dark:bg-amber-400" />
            </div>
          </div>
        </div>

        <div className="mt-6 rounded-xl bg-muted/70 p-4">
          <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
            Mood this week
          </p>
          <div className="mt-3 flex items-end justify-between gap-2">
            {moodWeek.map((mood, i) => (
              <div key={i} className="flex flex-1 flex-col items-center gap-1.5">
                <div className="w-full rounded-md bg-primary/70" style={{ height: `${mood * 8}px` }} />
                <span className="text-[10px] text-muted-foreground">{days[i]}</span>
              </div>
            ))}
          </div>
        </div>

        <div className="mt-5 flex items-center gap-3 rounded-xl bg-accent p-3 text-accent-foreground">
          <Leaf className="size-5" />
          <p className="text-sm font-medium">12-day streak. Keep going strong!</p>
        </div>
      </div>
    </div>
  )
}
