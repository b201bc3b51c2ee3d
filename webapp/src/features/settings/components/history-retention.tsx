import { FormField } from '@/components/ui/form-field'
import { NativeSelect } from '@/components/ui/native-select'
import { toast } from '@/hooks/use-toast'
import { isUnauthorizedError } from '@/lib/api-client'

import { useUpdateHistoryDays } from '../api/update-history-days'
import { settingsText } from '../content'
import type { AccountUser } from '../types'
import { SettingsSection } from './settings-section'

export type HistoryRetentionProps = {
  user: AccountUser
  onSaved: (user: AccountUser) => void
}

/** How long the person's location and battery history is kept; saved as soon as it is chosen. */
export function HistoryRetention({ user, onSaved }: HistoryRetentionProps) {
  const text = settingsText.history
  const mutation = useUpdateHistoryDays({
    onSuccess: (saved) => {
      onSaved(saved)
      toast(settingsText.toasts.historySaved)
    },
  })
  return (
    <SettingsSection id="history" title={text.title} description={text.description}>
      <FormField label={text.label}>
        {(control) => (
          <NativeSelect
            {...control}
            value={String(user.historyDays)}
            disabled={mutation.isPending}
            onChange={(event) =>
              mutation.mutate(Number(event.target.value), {
                onError: (error) => {
                  if (!isUnauthorizedError(error)) toast({ ...settingsText.toasts.historyFailed, variant: 'destructive' })
                },
              })
            }
          >
            {text.choices.map((choice) => (
              <option key={choice.days} value={choice.days}>
                {choice.label}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
    </SettingsSection>
  )
}
