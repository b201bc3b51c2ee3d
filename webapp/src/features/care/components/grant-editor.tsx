import * as React from 'react'
import { Link } from 'wouter'

import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group'
import { readApiError } from '@/lib/api-client'

import { useSetGrant } from '../api/set-grant'
import { careText, LOCATION_WINDOWS } from '../content'
import type { AlertScope, FullGrant, LocationScope, Supporter } from '../types'
import { fullGrant, sameGrant } from '../utils/format'

const alertScopes: readonly AlertScope[] = ['avoid_zone', 'missed_checkin', 'device', 'sos']
const locationScopes: readonly LocationScope[] = ['never', 'during_alert', 'always']

export type GrantEditorProps = {
  supporter: Supporter
  /** The name the wearer reads (their label, or the account's name). */
  name: string
  /** Where the wearer adds their own phone number, while they have none (composed by the app). */
  addPhoneHref?: string
}

/** Per supporter: what they may see, every part off until ticked, saved with one button. */
export function GrantEditor({ supporter, name, addPhoneHref }: GrantEditorProps) {
  const text = careText.grant
  const id = React.useId()
  const saved = React.useMemo(() => fullGrant(supporter.grant), [supporter.grant])
  const [grant, setGrant] = React.useState<FullGrant>(saved)
  const [result, setResult] = React.useState<{ ok: boolean; message: string } | null>(null)
  const setGrantMutation = useSetGrant()
  const changed = !sameGrant(grant, saved)

  const change = (next: Partial<FullGrant>) => {
    setResult(null)
    setGrant((g) => {
      const merged = { ...g, ...next }
      if (!merged.checkIns) merged.checkInDetails = false
      return merged
    })
  }
  const toggleAlert = (scope: AlertScope, on: boolean) =>
    change({ alerts: on ? [...grant.alerts.filter((s) => s !== scope), scope] : grant.alerts.filter((s) => s !== scope) })

  const save = (event: React.FormEvent) => {
    event.preventDefault()
    setResult(null)
    setGrantMutation.mutate(
      { id: supporter.id, grant },
      {
        onSuccess: (next) => {
          setGrant(fullGrant(next.grant))
          setResult({ ok: true, message: text.saved(name) })
        },
        onError: (error) => setResult({ ok: false, message: readApiError(error)?.message ?? text.saveFailed }),
      },
    )
  }

  return (
    <form onSubmit={save} className="grid gap-5" aria-label={text.legend(name)} data-testid="grant-editor">
      <p className="text-sm text-muted-foreground">{text.offByDefault}</p>

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-semibold">{text.checkInsLegend}</legend>
        <CheckRow
          id={`${id}-checkins`}
          label={text.checkIns}
          hint={text.checkInsHint}
          checked={grant.checkIns}
          onChange={(on) => change({ checkIns: on })}
        />
        <CheckRow
          id={`${id}-details`}
          label={text.checkInDetails}
          hint={text.checkInDetailsHint}
          checked={grant.checkInDetails}
          disabled={!grant.checkIns}
          onChange={(on) => change({ checkInDetails: on })}
        />
      </fieldset>

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-semibold">{text.alertsLegend}</legend>
        {alertScopes.map((scope) => (
          <CheckRow
            key={scope}
            id={`${id}-${scope}`}
            label={text.alerts[scope]}
            hint={text.alertHints[scope]}
            checked={grant.alerts.includes(scope)}
            onChange={(on) => toggleAlert(scope, on)}
          />
        ))}
      </fieldset>

      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-semibold">{text.locationLegend}</legend>
        <p className="text-sm text-muted-foreground">{text.locationHint}</p>
        <RadioGroup
          value={grant.location}
          onValueChange={(value) => change({ location: value as LocationScope })}
          aria-label={text.locationLegend}
          className="gap-2.5"
        >
          {locationScopes.map((scope) => (
            <div key={scope} className="flex items-center gap-3">
              <RadioGroupItem value={scope} id={`${id}-loc-${scope}`} />
              <Label htmlFor={`${id}-loc-${scope}`} className="font-normal">
                {text.location[scope]}
              </Label>
            </div>
          ))}
        </RadioGroup>
        {grant.location === 'during_alert' && (
          <div className="grid max-w-xs gap-2 pl-8">
            <Label htmlFor={`${id}-window`}>{text.window}</Label>
            <NativeSelect
              id={`${id}-window`}
              value={String(grant.locationWindowMinutes)}
              onChange={(event) => change({ locationWindowMinutes: Number(event.target.value) })}
            >
              {withCurrent(grant.locationWindowMinutes).map((n) => (
                <option key={n} value={n}>
                  {text.windowOption(n)}
                </option>
              ))}
            </NativeSelect>
          </div>
        )}
      </fieldset>

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-semibold">{text.phoneLegend}</legend>
        <CheckRow
          id={`${id}-phone`}
          label={text.phone}
          hint={text.phoneHint}
          checked={grant.phone}
          onChange={(on) => change({ phone: on })}
        />
        {addPhoneHref && (
          <p className="pl-8 text-sm text-muted-foreground" data-testid="grant-phone-missing">
            {text.phoneMissing}{' '}
            <Link href={addPhoneHref} className="font-medium text-primary underline underline-offset-4">
              {text.addPhone}
            </Link>
          </p>
        )}
      </fieldset>

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-semibold">{text.measuresLegend}</legend>
        <CheckRow
          id={`${id}-measures`}
          label={text.measures}
          hint={text.measuresHint}
          checked={grant.measures}
          onChange={(on) => change({ measures: on })}
        />
        <CheckRow
          id={`${id}-signals`}
          label={text.signals}
          hint={text.signalsHint}
          checked={grant.signals}
          onChange={(on) => change({ signals: on })}
        />
      </fieldset>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={setGrantMutation.isPending || !changed}>
          {setGrantMutation.isPending ? text.saving : text.save}
        </Button>
        <p
          role={result && !result.ok ? 'alert' : 'status'}
          className={result && !result.ok ? 'text-sm font-medium text-destructive dark:text-red-300' : 'text-sm text-muted-foreground'}
        >
          {result?.message ?? ''}
        </p>
      </div>
    </form>
  )
}

/** The fixed choices, plus a window set some other way. */
function withCurrent(current: number): number[] {
  const list: number[] = [...LOCATION_WINDOWS]
  if (!list.includes(current)) list.push(current)
  return list.sort((a, b) => a - b)
}

type CheckRowProps = {
  id: string
  label: string
  hint: string
  checked: boolean
  disabled?: boolean
  onChange: (on: boolean) => void
}

function CheckRow({ id, label, hint, checked, disabled, onChange }: CheckRowProps) {
  return (
    <div className="flex items-start gap-3">
      <Checkbox
        id={id}
        checked={checked}
        disabled={disabled}
        onCheckedChange={(value) => onChange(value === true)}
        aria-describedby={`${id}-hint`}
        className="mt-0.5"
      />
      <div className="grid gap-0.5">
        <Label htmlFor={id} className="font-normal">
          {label}
        </Label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      </div>
    </div>
  )
}
