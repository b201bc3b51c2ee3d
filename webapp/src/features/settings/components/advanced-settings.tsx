import * as React from 'react'

import { Switch } from '@/components/ui/switch'
import { toast } from '@/hooks/use-toast'
import { isUnauthorizedError } from '@/lib/api-client'

import { useUpdateAdvanced } from '../api/update-advanced'
import { settingsText } from '../content'
import type { AccountUser } from '../types'
import { SettingsSection } from './settings-section'

export type AdvancedSettingsProps = {
  user: AccountUser
  onSaved: (user: AccountUser) => void
}

/** The "Advanced" switch: developer tools, off by default, kept with the account; saved as soon as it is flipped. */
export function AdvancedSettings({ user, onSaved }: AdvancedSettingsProps) {
  const text = settingsText.advanced
  const switchId = React.useId()
  const hintId = React.useId()
  const mutation = useUpdateAdvanced({
    onSuccess: (saved) => {
      onSaved(saved)
      toast(saved.advanced ? settingsText.toasts.advancedOn : settingsText.toasts.advancedOff)
    },
  })
  const checked = mutation.isPending ? mutation.variables : user.advanced
  return (
    <SettingsSection id="advanced" title={text.title} description={text.description}>
      <div className="grid gap-1.5">
        <div className="flex items-center gap-3">
          <Switch
            id={switchId}
            checked={checked}
            disabled={mutation.isPending}
            aria-describedby={hintId}
            onCheckedChange={(on) =>
              mutation.mutate(on, {
                onError: (error) => {
                  if (!isUnauthorizedError(error)) toast({ ...settingsText.toasts.advancedFailed, variant: 'destructive' })
                },
              })
            }
          />
          <label htmlFor={switchId} className="text-sm font-medium">
            {text.label}
          </label>
        </div>
        <p id={hintId} className="text-sm text-muted-foreground">
          {text.hint}
        </p>
      </div>
    </SettingsSection>
  )
}
