import { LocateFixed } from 'lucide-react'
import * as React from 'react'
import { Controller, useForm, type Resolver } from 'react-hook-form'

import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { FormMessage } from '@/components/ui/form-message'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group'
import { Switch } from '@/components/ui/switch'
import { toast } from '@/hooks/use-toast'
import { isUnauthorizedError, readApiError } from '@/lib/api-client'
import { formErrorText } from '@/lib/form-errors'

import { useCreateZone } from '../api/create-zone'
import { useUpdateZone } from '../api/update-zone'
import { gpsText, ZONE_LIMITS } from '../content'
import type { LatLon, Location, MapFocus, Place, Zone } from '../types'
import { formatDateTime } from '../utils/format'
import { AddressSearch } from './address-search'
import {
  draftToValues,
  serverFieldToInput,
  toZoneInput,
  validateZoneForm,
  type ZoneDraft,
  type ZoneFormValues,
} from '../utils/zone-form'

export type ZoneDialogProps = {
  /** The zone being made or edited; null closes the dialog. */
  draft: ZoneDraft | null
  onClose: () => void
  onSaved?: (zone: Zone) => void
  /** A centre chosen in the dialog (where I am now, an address): the map goes there. */
  onPlace?: (focus: MapFocus) => void
  /** The person's latest position, for "Use where I am now". */
  position?: Location | null
  /** The Nominatim-compatible search URL from the app config; "" hides the address search. */
  geocoderUrl?: string
  timeZone?: string
}

/** Name, type, active switch, the circle's centre and radius, dwell (avoid) or schedule (safe). */
export function ZoneDialog({ draft, onClose, ...rest }: ZoneDialogProps) {
  return (
    <Dialog open={draft !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={gpsText.form.cancel} className="max-w-xl">
        {draft && <ZoneForm draft={draft} onClose={onClose} {...rest} />}
      </DialogContent>
    </Dialog>
  )
}

function ZoneForm({
  draft,
  onClose,
  onSaved,
  onPlace,
  position = null,
  geocoderUrl = '',
  timeZone,
}: Omit<ZoneDialogProps, 'draft'> & { draft: ZoneDraft }) {
  const text = gpsText.form
  const editing = draft.zone
  const defaultValues = React.useMemo(() => draftToValues(draft), [draft])
  const resolver = React.useCallback<Resolver<ZoneFormValues>>(
    (values) => {
      const errors = validateZoneForm(values, draft.shape)
      const entries = Object.entries(errors)
      if (entries.length === 0) return { values, errors: {} }
      return {
        values: {},
        errors: Object.fromEntries(entries.map(([field, message]) => [field, { type: 'validate', message }])),
      }
    },
    [draft.shape],
  )
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    watch,
    formState: { errors },
  } = useForm<ZoneFormValues>({ defaultValues, resolver })
  const [formError, setFormError] = React.useState<string | null>(null)
  const [placed, setPlaced] = React.useState<string | null>(null)
  const create = useCreateZone()
  const update = useUpdateZone()
  const pending = create.isPending || update.isPending

  const showServerError = (error: unknown) => {
    if (isUnauthorizedError(error)) return
    const details = readApiError(error)
    if (!details) return setFormError(formErrorText.network)
    if (details.status >= 500) return setFormError(formErrorText.server)
    const unplaced: string[] = []
    let placed = 0
    for (const [field, message] of Object.entries(details.fields ?? {})) {
      const input = serverFieldToInput(field)
      if (input) {
        setError(input, { type: 'server', message }, { shouldFocus: placed === 0 })
        placed++
      } else {
        unplaced.push(message)
      }
    }
    if (unplaced.length > 0) setFormError(unplaced.join(' '))
    else if (placed === 0) setFormError(details.message ?? gpsText.toasts.zoneFailed.description)
  }

  const placeCentre = (at: LatLon, said: string) => {
    const options = { shouldDirty: true, shouldValidate: true }
    setValue('latitude', String(Number(at.lat.toFixed(6))), options)
    setValue('longitude', String(Number(at.lon.toFixed(6))), options)
    setPlaced(said)
    const radius = Number(getValues('radius'))
    onPlace?.({ ...at, radius: Number.isFinite(radius) && radius > 0 ? radius : null })
  }
  const useWhereIAm = () => {
    if (!position) return setPlaced(text.hereNone)
    placeCentre({ lat: position.latitude, lon: position.longitude }, text.hereSet(formatDateTime(position.timestamp, timeZone)))
  }
  const choosePlace = (place: Place) => {
    if (getValues('name').trim() === '') setValue('name', place.name.slice(0, ZONE_LIMITS.nameMax), { shouldDirty: true })
    placeCentre({ lat: place.lat, lon: place.lon }, text.search.chosen(place.name))
  }

  const onSubmit = handleSubmit((values) => {
    setFormError(null)
    const input = toZoneInput(values, draft)
    const done = {
      onSuccess: (zone: Zone) => {
        toast(gpsText.toasts.zoneSaved(zone.name))
        onSaved?.(zone)
        onClose()
      },
      onError: showServerError,
    }
    if (editing) update.mutate({ id: editing.id, input }, done)
    else create.mutate(input, done)
  })

  // eslint-disable-next-line react-hooks/incompatible-library -- watch() is the documented way to read a live value
  const type = watch('type')
  const scheduleEnabled = watch('scheduleEnabled')
  const typeId = React.useId()
  const activeId = React.useId()
  const scheduleId = React.useId()

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-5" aria-label={editing ? text.editTitle(editing.name) : text.createTitle}>
      <DialogHeader>
        <DialogTitle>{editing ? text.editTitle(editing.name) : text.createTitle}</DialogTitle>
        <DialogDescription>{text.description}</DialogDescription>
      </DialogHeader>
      <FormMessage>{formError}</FormMessage>

      <FormField label={text.name} error={errors.name?.message}>
        {(c) => <Input {...c} autoComplete="off" maxLength={ZONE_LIMITS.nameMax * 2} {...register('name')} />}
      </FormField>

      <div className="grid gap-2">
        <Label id={typeId}>{text.type}</Label>
        <Controller
          control={control}
          name="type"
          render={({ field }) => (
            <RadioGroup aria-labelledby={typeId} value={field.value} onValueChange={field.onChange} className="flex flex-wrap gap-3">
              {(['safe', 'avoid'] as const).map((v) => (
                <div
                  key={v}
                  className="flex min-h-11 min-w-32 items-center gap-3 rounded-lg border bg-background px-4 py-2 has-[button[data-state=checked]]:border-primary/50 has-[button[data-state=checked]]:bg-primary/8"
                >
                  <RadioGroupItem value={v} id={`${typeId}-${v}`} onBlur={field.onBlur} />
                  <Label htmlFor={`${typeId}-${v}`} className="flex-1 cursor-pointer py-1 font-normal">
                    {v === 'safe' ? text.safe : text.avoid}
                  </Label>
                </div>
              ))}
            </RadioGroup>
          )}
        />
        {errors.type?.message && <p className="text-sm font-medium text-destructive">{errors.type.message}</p>}
      </div>

      <div className="flex items-center justify-between gap-3 rounded-lg border px-4 py-3">
        <div className="grid gap-1">
          <Label htmlFor={activeId}>{text.active}</Label>
          <p className="text-sm text-muted-foreground">{text.activeHint}</p>
        </div>
        <Controller
          control={control}
          name="isActive"
          render={({ field }) => <Switch id={activeId} checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} />}
        />
      </div>

      {draft.shape === 'circle' ? (
        <div className="grid gap-4 sm:grid-cols-3">
          <div className="grid gap-3 sm:col-span-3">
            {geocoderUrl !== '' && <AddressSearch geocoderUrl={geocoderUrl} onChoose={choosePlace} />}
            <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
              <Button type="button" variant="outline" size="sm" onClick={useWhereIAm}>
                <LocateFixed aria-hidden="true" />
                {text.here}
              </Button>
              <p role="status" className="min-w-0 text-sm break-words text-muted-foreground" data-testid="zone-centre-status">
                {placed}
              </p>
            </div>
          </div>
          <FormField label={text.latitude} error={errors.latitude?.message}>
            {(c) => <Input {...c} inputMode="decimal" {...register('latitude')} />}
          </FormField>
          <FormField label={text.longitude} error={errors.longitude?.message}>
            {(c) => <Input {...c} inputMode="decimal" {...register('longitude')} />}
          </FormField>
          <FormField label={text.radius} error={errors.radius?.message}>
            {(c) => <Input {...c} inputMode="numeric" {...register('radius')} />}
          </FormField>
          <p className="text-sm text-muted-foreground sm:col-span-3">{text.radiusHint}</p>
        </div>
      ) : (
        <p className="rounded-lg bg-muted px-3.5 py-3 text-sm">{text.polygonShape}</p>
      )}

      {type === 'avoid' ? (
        <FormField label={text.dwell} error={errors.dwellMinutes?.message} hint={text.dwellHint}>
          {(c) => <Input {...c} inputMode="numeric" {...register('dwellMinutes')} />}
        </FormField>
      ) : (
        <div className="grid gap-3 rounded-lg border px-4 py-3">
          <div className="flex items-center justify-between gap-3">
            <Label htmlFor={scheduleId}>{text.scheduleEnabled}</Label>
            <Controller
              control={control}
              name="scheduleEnabled"
              render={({ field }) => (
                <Switch id={scheduleId} checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} />
              )}
            />
          </div>
          {scheduleEnabled && (
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label={text.scheduleStart} error={errors.scheduleStart?.message}>
                {(c) => <Input {...c} type="time" {...register('scheduleStart')} />}
              </FormField>
              <FormField label={text.scheduleEnd} error={errors.scheduleEnd?.message}>
                {(c) => <Input {...c} type="time" {...register('scheduleEnd')} />}
              </FormField>
            </div>
          )}
          <p className="text-sm text-muted-foreground">{text.scheduleHint}</p>
        </div>
      )}

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose} disabled={pending}>
          {text.cancel}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? text.saving : text.save}
        </Button>
      </DialogFooter>
    </form>
  )
}
