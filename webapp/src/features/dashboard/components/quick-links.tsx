import { ArrowRight, BookOpen, CalendarCheck, HeartPulse, type LucideIcon } from 'lucide-react'
import * as React from 'react'
import { Link } from 'wouter'

import { dashboardText, quickLinks, type QuickLink } from '../content'

const icons: Record<QuickLink['key'], LucideIcon> = {
  checkin: CalendarCheck,
  symptoms: HeartPulse,
  education: BookOpen,
}

export type QuickLinksProps = {
  /** The path of each card (from the app's route table). */
  paths: Record<QuickLink['key'], string>
}

/** docs/spec.md Dashboard: Daily Check-in, Log Symptoms, Learn & Grow. */
export function QuickLinks({ paths }: QuickLinksProps) {
  const headingId = React.useId()
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="sr-only">
        {dashboardText.quickLinks}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-3 sm:gap-4">
        {quickLinks.map((link) => {
          const Icon = icons[link.key]
          return (
            <li key={link.key}>
              <Link
                href={paths[link.key]}
                className="group flex h-full items-start gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-sm transition-colors outline-none hover:border-primary/40 hover:bg-primary/5 focus-visible:ring-[3px] focus-visible:ring-ring"
              >
                <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/12 text-primary">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span className="grid min-w-0 flex-1 gap-0.5">
                  <span className="flex items-center justify-between gap-2 font-semibold">
                    {link.title}
                    <ArrowRight
                      aria-hidden="true"
                      className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5"
                    />
                  </span>
                  <span className="text-sm text-muted-foreground">{link.description}</span>
                </span>
              </Link>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
