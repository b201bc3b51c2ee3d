import type { LucideIcon } from 'lucide-react'
import * as React from 'react'

import { Card, CardContent, CardHeader } from '@/components/ui/card'

export type FormSectionProps = {
  title: string
  icon: LucideIcon
  children: React.ReactNode
}

/** One card of the check-in form, a region named by its heading. */
export function FormSection({ title, icon: Icon, children }: FormSectionProps) {
  const headingId = React.useId()
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <h2 id={headingId} className="flex items-center gap-2.5 text-lg leading-tight font-semibold">
          <span className="flex size-8 items-center justify-center rounded-full bg-primary/12 text-primary">
            <Icon aria-hidden="true" className="size-4" />
          </span>
          {title}
        </h2>
      </CardHeader>
      <CardContent className="grid gap-6">{children}</CardContent>
    </Card>
  )
}
