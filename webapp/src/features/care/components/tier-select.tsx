import * as React from 'react'

import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { toast } from '@/hooks/use-toast'
import { readApiError } from '@/lib/api-client'

import { useSetTier } from '../api/set-tier'
import { careText } from '../content'
import type { Supporter } from '../types'

export type TierSelectProps = {
  supporter: Supporter
  name: string
}

/** "Hears first / second / third": saved as soon as it changes (PUT /api/supporters/{id}/tier). */
export function TierSelect({ supporter, name }: TierSelectProps) {
  const text = careText.tier
  const id = React.useId()
  const setTier = useSetTier()
  const onChange = (tier: number) =>
    setTier.mutate(
      { id: supporter.id, tier },
      {
        onSuccess: () => toast({ title: text.saved(name, text.options[tier]) }),
        onError: (error) => toast({ variant: 'destructive', title: readApiError(error)?.message ?? text.failed }),
      },
    )
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{text.label(name)}</Label>
      <NativeSelect
        id={id}
        className="sm:max-w-56"
        value={setTier.isPending ? setTier.variables.tier : supporter.tier}
        disabled={setTier.isPending}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(Number(e.target.value))}
        data-testid="supporter-tier"
      >
        {[1, 2, 3].map((tier) => (
          <option key={tier} value={tier}>
            {text.options[tier]}
          </option>
        ))}
      </NativeSelect>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {text.hint}
      </p>
    </div>
  )
}
