import * as React from 'react'

import { Label } from '@/components/ui/label'
import { Switch } from '@/components/ui/switch'
import { toast } from '@/hooks/use-toast'
import { readApiError } from '@/lib/api-client'

import { useSetDigest } from '../api/set-digest'
import { careText } from '../content'

export type DigestSwitchProps = {
  personId: number
  name: string
  on: boolean
}

/** "Weekly summary by email" on a person I support: off by default. */
export function DigestSwitch({ personId, name, on }: DigestSwitchProps) {
  const text = careText.digest
  const id = React.useId()
  const hintId = React.useId()
  const setDigest = useSetDigest(personId)
  // While the change is on its way the switch shows it; then what the server says.
  const checked = setDigest.isPending ? setDigest.variables : on
  const change = (next: boolean) =>
    setDigest.mutate(next, {
      onSuccess: () => toast({ title: next ? text.on(name) : text.off(name) }),
      onError: (error) => toast({ variant: 'destructive', title: readApiError(error)?.message ?? text.failed }),
    })
  return (
    <div className="flex items-start justify-between gap-4 rounded-lg bg-muted/60 px-3 py-2.5">
      <div className="grid gap-1">
        <Label htmlFor={id}>{text.label}</Label>
        <p id={hintId} className="text-sm text-muted-foreground">
          {text.hint(name)}
        </p>
      </div>
      <Switch id={id} checked={checked} disabled={setDigest.isPending} onCheckedChange={change} aria-describedby={hintId} />
    </div>
  )
}
