import * as React from 'react'

import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { FormMessage } from '@/components/ui/form-message'
import { Input } from '@/components/ui/input'
import { useAdvanced } from '@/hooks/use-advanced'
import { isUnauthorizedError, readApiError } from '@/lib/api-client'
import { CopyField } from '@/components/copy-field'

import { usePairDevice } from '../api/pair-device'
import { devicesText } from '../content'
import type { DeviceKind, PairedDevice } from '../types'
import { simulatorCommand } from '../utils/format'
import { ChoiceGroup } from './choice-group'
import { PhoneSetupPanel } from './phone-setup-panel'

export type PairDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Where the simulator's broker runs (the page's host). */
  host?: string
  /** What the dialog offers to pair first. */
  initialKind?: DeviceKind
}

/**
 * Pairs a bracelet or a phone: a kind and a name in, the device ID and token
 * out (for a phone, each app's settings). The token lives only in this
 * dialog's state: closing the dialog forgets it for good.
 */
export function PairDialog({ open, onOpenChange, host, initialKind = 'bracelet' }: PairDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={devicesText.pairDialog.cancel} className="max-w-2xl">
        {open && <PairFlow onDone={() => onOpenChange(false)} host={host} initialKind={initialKind} />}
      </DialogContent>
    </Dialog>
  )
}

const kinds: readonly DeviceKind[] = ['bracelet', 'phone']

type PairFlowProps = { onDone: () => void; host?: string; initialKind: DeviceKind }

function PairFlow({ onDone, host, initialKind }: PairFlowProps) {
  const text = devicesText.pairDialog
  const [kind, setKind] = React.useState<DeviceKind>(initialKind)
  const [name, setName] = React.useState('')
  const [nameError, setNameError] = React.useState<string | undefined>()
  const [formError, setFormError] = React.useState<string | null>(null)
  const [paired, setPaired] = React.useState<PairedDevice | null>(null)
  const pair = usePairDevice()
  const advanced = useAdvanced()

  if (paired && kind === 'phone') {
    return (
      <div className="grid grid-cols-1 gap-5" data-testid="paired-device">
        <DialogHeader>
          <DialogTitle>{text.doneTitle(paired.name)}</DialogTitle>
          <DialogDescription>{devicesText.phoneSetup.doneDescription}</DialogDescription>
        </DialogHeader>
        <PhoneSetupPanel phone={paired} origin={window.location.origin} />
        <DialogFooter>
          <Button type="button" onClick={onDone}>
            {text.done}
          </Button>
        </DialogFooter>
      </div>
    )
  }

  if (paired) {
    return (
      <div className="grid grid-cols-1 gap-5" data-testid="paired-device">
        <DialogHeader>
          <DialogTitle>{text.doneTitle(paired.name)}</DialogTitle>
          <DialogDescription>{text.doneDescription}</DialogDescription>
        </DialogHeader>
        <CopyField texts={devicesText.pairDialog.copyField} label={text.deviceId} value={paired.id} testId="paired-device-id" />
        <CopyField texts={devicesText.pairDialog.copyField} label={text.token} value={paired.token} testId="paired-token" />
        <div className="grid grid-cols-1 gap-1.5 text-sm" data-testid="bracelet-setup">
          <p className="font-medium">{text.setupTitle}</p>
          <ol className="grid list-decimal gap-1 pl-5 text-muted-foreground">
            {text.setupSteps(host).map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </div>
        {advanced && (
          <div className="grid grid-cols-1 gap-1">
            <CopyField texts={devicesText.pairDialog.copyField}
              label={text.command}
              value={simulatorCommand(paired.id, paired.token, host)}
              multiline
              testId="simulator-command"
            />
            <p className="text-sm text-muted-foreground">{text.commandHint}</p>
          </div>
        )}
        <DialogFooter>
          <Button type="button" onClick={onDone}>
            {text.done}
          </Button>
        </DialogFooter>
      </div>
    )
  }

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    const trimmed = name.trim()
    if (trimmed.length < 1 || trimmed.length > 80) {
      setNameError('Give the bracelet a name of 1 to 80 characters.')
      return
    }
    setNameError(undefined)
    setFormError(null)
    pair.mutate(
      { name: trimmed, kind },
      {
        onSuccess: setPaired,
        onError: (error) => {
          if (isUnauthorizedError(error)) return
          const details = readApiError(error)
          if (details?.fields?.name) setNameError(details.fields.name)
          else setFormError(details?.message ?? text.failed)
        },
      },
    )
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-5" aria-label={text.title}>
      <DialogHeader>
        <DialogTitle>{text.title}</DialogTitle>
        <DialogDescription>{text.description}</DialogDescription>
      </DialogHeader>
      <FormMessage>{formError}</FormMessage>
      <ChoiceGroup
        label={text.kind}
        value={kind}
        onChange={setKind}
        choices={kinds.map((value) => ({ value, ...text.kinds[value] }))}
      />
      <FormField label={kind === 'phone' ? text.phoneName : text.name} error={nameError}>
        {(c) => <Input {...c} value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" autoFocus />}
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={pair.isPending}>
          {text.cancel}
        </Button>
        <Button type="submit" disabled={pair.isPending}>
          {pair.isPending ? text.pending : text.submit}
        </Button>
      </DialogFooter>
    </form>
  )
}
