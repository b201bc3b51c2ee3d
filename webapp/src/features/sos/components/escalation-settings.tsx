import * as React from 'react'

import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group'
import { Skeleton } from '@/components/ui/skeleton'
import { readApiError } from '@/lib/api-client'

import { useEscalation } from '../api/get-escalation'
import { useSaveEscalation } from '../api/save-escalation'
import { escalationText } from '../content'
import type { EscalationSettings } from '../types'

type Draft = {
  avoidZone: EscalationSettings['avoidZone']
  minutes: string
  days: string
  device: EscalationSettings['device']
  tierWindow: string
  claimRemind: string
}

function toDraft(s: EscalationSettings): Draft {
  return {
    avoidZone: s.avoidZone,
    minutes: String(s.avoidZoneMinutes ?? s.defaultAvoidZoneMinutes ?? 10),
    days: String(s.missedCheckinDays),
    device: s.device,
    tierWindow: String(s.tierWindowMinutes),
    claimRemind: String(s.claimRemindMinutes),
  }
}

function Choice({ value, label }: { value: string; label: string }) {
  const id = React.useId()
  return (
    <div className="flex items-center gap-3">
      <RadioGroupItem value={value} id={id} />
      <Label htmlFor={id} className="font-normal">
        {label}
      </Label>
    </div>
  )
}

/** Settings: "When my people are told" (GET/PUT /api/escalation). */
export function EscalationSettingsSection() {
  const t = escalationText
  const settings = useEscalation()
  return (
    <Card role="region" aria-labelledby="escalation-title" data-testid="escalation-settings">
      <CardHeader>
        <h2 id="escalation-title" className="text-lg leading-tight font-semibold">
          {t.title}
        </h2>
        <p className="text-sm text-muted-foreground">{t.description}</p>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <div role="status" aria-label={t.loading} className="grid gap-3">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-5 w-1/2" />
          </div>
        ) : settings.isError ? (
          <div className="flex flex-wrap items-center gap-3">
            <p>{t.failed}</p>
            <Button variant="outline" size="sm" onClick={() => void settings.refetch()}>
              {t.retry}
            </Button>
          </div>
        ) : (
          <EscalationForm settings={settings.data} />
        )}
      </CardContent>
    </Card>
  )
}

function EscalationForm({ settings }: { settings: EscalationSettings }) {
  const t = escalationText
  const save = useSaveEscalation()
  const [draft, setDraft] = React.useState(() => toDraft(settings))
  const [saved, setSaved] = React.useState(false)
  const fields = readApiError(save.error)?.fields ?? {}
  const set = (patch: Partial<Draft>) => {
    setSaved(false)
    setDraft((d) => ({ ...d, ...patch }))
  }
  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    save.mutate(
      {
        avoidZone: draft.avoidZone,
        avoidZoneMinutes: draft.avoidZone === 'after' ? Number(draft.minutes) : null,
        missedCheckinDays: Number(draft.days),
        device: draft.device,
        tierWindowMinutes: Number(draft.tierWindow),
        claimRemindMinutes: Number(draft.claimRemind),
      },
      { onSuccess: () => setSaved(true) },
    )
  }
  return (
    <form className="grid gap-6" onSubmit={submit} noValidate>
      <fieldset className="grid gap-3">
        <legend className="mb-2 font-medium">{t.avoidZone}</legend>
        <RadioGroup value={draft.avoidZone} onValueChange={(v) => set({ avoidZone: v as Draft['avoidZone'] })}>
          <Choice value="default" label={t.avoidZoneDefault(settings.defaultAvoidZoneMinutes ?? 10)} />
          <Choice value="after" label={t.avoidZoneAfter} />
          <Choice value="never" label={t.avoidZoneNever} />
        </RadioGroup>
        {draft.avoidZone === 'after' && (
          <FormField label={t.minutes} error={fields.avoidZoneMinutes} className="max-w-56 pl-8">
            {(control) => (
              <Input {...control} type="number" inputMode="numeric" min={1} max={120} value={draft.minutes} onChange={(e) => set({ minutes: e.target.value })} />
            )}
          </FormField>
        )}
      </fieldset>
      <fieldset className="grid gap-3">
        <legend className="mb-2 font-medium">{t.missed}</legend>
        <FormField label={t.missedDays} error={fields.missedCheckinDays} className="max-w-md">
          {(control) => (
            <Input {...control} className="max-w-24" type="number" inputMode="numeric" min={1} max={7} value={draft.days} onChange={(e) => set({ days: e.target.value })} />
          )}
        </FormField>
      </fieldset>
      <fieldset className="grid gap-3">
        <legend className="mb-2 font-medium">{t.device}</legend>
        <RadioGroup value={draft.device} onValueChange={(v) => set({ device: v as Draft['device'] })}>
          <Choice value="at_once" label={t.deviceAtOnce} />
          <Choice value="never" label={t.deviceNever} />
        </RadioGroup>
      </fieldset>
      <fieldset className="grid gap-3">
        <legend className="mb-2 font-medium">{t.tiers}</legend>
        <FormField label={t.tierWindow} hint={t.tierWindowSays(draft.tierWindow)} error={fields.tierWindowMinutes} className="max-w-md">
          {(control) => (
            <Input {...control} className="max-w-24" type="number" inputMode="numeric" min={1} max={120} value={draft.tierWindow} onChange={(e) => set({ tierWindow: e.target.value })} />
          )}
        </FormField>
        <FormField label={t.claimRemind} hint={t.claimRemindSays(draft.claimRemind)} error={fields.claimRemindMinutes} className="max-w-md">
          {(control) => (
            <Input {...control} className="max-w-24" type="number" inputMode="numeric" min={5} max={240} value={draft.claimRemind} onChange={(e) => set({ claimRemind: e.target.value })} />
          )}
        </FormField>
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t.saving : t.save}
        </Button>
        <p role="status" className="text-sm text-muted-foreground">
          {saved ? t.saved : ''}
        </p>
        {save.isError && Object.keys(fields).length === 0 && (
          <p role="alert" className="text-sm text-destructive">
            {t.saveFailed}
          </p>
        )}
      </div>
    </form>
  )
}
