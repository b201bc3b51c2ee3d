import type * as React from 'react'

import { Card, CardContent, CardHeader } from '@/components/ui/card'
import { cn } from '@/lib/utils'

export type SettingsSectionProps = {
  id: string
  title: string
  description: React.ReactNode
  tone?: 'default' | 'danger'
  children: React.ReactNode
}

/** One card of the settings screen, a region named by its heading. */
export function SettingsSection({ id, title, description, tone = 'default', children }: SettingsSectionProps) {
  const headingId = `${id}-title`
  return (
    <Card
      role="region"
      aria-labelledby={headingId}
      className={cn(tone === 'danger' && 'border-destructive/40 dark:border-destructive/50')}
    >
      <CardHeader>
        <h2 id={headingId} className={cn('text-lg leading-tight font-semibold', tone === 'danger' && 'text-destructive dark:text-red-300')}>
          {title}
        </h2>
        <p className="text-sm text-muted-foreground">{description}</p>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  )
}
