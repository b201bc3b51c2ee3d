import type * as React from 'react'

import { Button } from '@/components/ui/button'

export type PlanSaveBarProps = {
  /** "You have unsaved changes." or nothing; announced as it changes. */
  status: string
  statusTestId?: string
  saving: boolean
  saveLabel: string
  savingLabel: string
  /** Buttons before Save (the safety plan's Cancel). */
  children?: React.ReactNode
}

/** The plan form's Save, kept in view at the bottom while the person scrolls the steps (above the tab bar on phones). */
export function PlanSaveBar({ status, statusTestId, saving, saveLabel, savingLabel, children }: PlanSaveBarProps) {
  return (
    <div className="sticky bottom-24 z-10 flex flex-wrap items-center justify-end gap-3 rounded-xl border bg-background/95 p-3 shadow-md backdrop-blur lg:bottom-4">
      <p className="mr-auto text-sm text-muted-foreground" role="status" data-testid={statusTestId}>
        {status}
      </p>
      {children}
      <Button type="submit" className="rounded-full" disabled={saving}>
        {saving ? savingLabel : saveLabel}
      </Button>
    </div>
  )
}
