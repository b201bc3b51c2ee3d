import { zodResolver } from '@hookform/resolvers/zod'
import * as React from 'react'
import { useForm } from 'react-hook-form'

import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { toast } from '@/hooks/use-toast'
import { isUnauthorizedError } from '@/lib/api-client'
import { browser } from '@/lib/browser'
import { applyServerError } from '@/lib/form-errors'

import { profileInputSchema, useUpdateProfile, type ProfileInput } from '../api/update-profile'
import { settingsText } from '../content'
import type { AccountUser } from '../types'
import { timeZoneLabel, timeZoneOptions } from '../utils/time-zones'
import { SettingsSection } from './settings-section'

export type ProfileFormProps = {
  user: AccountUser
  /** Receives the saved user so the rest of the app (the shell's name) updates at once. */
  onSaved: (user: AccountUser) => void
}

export function ProfileForm({ user, onSaved }: ProfileFormProps) {
  const text = settingsText.profile
  const [deviceZone] = React.useState(() => browser.timeZone())
  const zones = React.useMemo(() => timeZoneOptions(user.timezone, deviceZone), [user.timezone, deviceZone])
  const values = React.useMemo(
    () => ({ firstName: user.firstName, lastName: user.lastName, timezone: user.timezone, phone: user.phone ?? '' }),
    [user.firstName, user.lastName, user.timezone, user.phone],
  )

  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors },
  } = useForm<ProfileInput>({ resolver: zodResolver(profileInputSchema), values })

  const mutation = useUpdateProfile({
    onSuccess: (saved) => {
      onSaved(saved)
      toast(settingsText.toasts.profileSaved)
    },
  })

  const onSubmit = handleSubmit((input) => {
    mutation.mutate(input, {
      onError: (error) => {
        if (isUnauthorizedError(error)) return
        const message = applyServerError(error, setError, ['firstName', 'lastName', 'timezone', 'phone'])
        if (message !== null) toast({ ...settingsText.toasts.profileFailed, variant: 'destructive' })
      },
    })
  })

  // eslint-disable-next-line react-hooks/incompatible-library -- watch() is the documented way to read a live value
  const chosenZone = watch('timezone')
  return (
    <SettingsSection id="profile" title={text.title} description={text.description}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-5" aria-label={text.title}>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField label={text.firstName} error={errors.firstName?.message}>
            {(control) => <Input {...control} autoComplete="given-name" {...register('firstName')} />}
          </FormField>
          <FormField label={text.lastName} error={errors.lastName?.message}>
            {(control) => <Input {...control} autoComplete="family-name" {...register('lastName')} />}
          </FormField>
        </div>
        <FormField
          label={text.timezone}
          error={errors.timezone?.message}
          hint={
            chosenZone !== deviceZone ? (
              <>
                {text.deviceHint(deviceZone)}{' '}
                <button
                  type="button"
                  className="rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring"
                  onClick={() => setValue('timezone', deviceZone, { shouldDirty: true, shouldValidate: true })}
                >
                  {text.useDevice}
                </button>
              </>
            ) : undefined
          }
        >
          {(control) => (
            <NativeSelect {...control} {...register('timezone')}>
              {!user.timezone && <option value="">{text.chooseTimezone}</option>}
              <optgroup label={text.suggested}>
                <option value={deviceZone}>
                  {timeZoneLabel(deviceZone)} {text.thisDevice}
                </option>
              </optgroup>
              <optgroup label={text.allZones}>
                {zones.map((zone) => (
                  <option key={zone} value={zone}>
                    {timeZoneLabel(zone)}
                  </option>
                ))}
              </optgroup>
            </NativeSelect>
          )}
        </FormField>
        <FormField label={text.phone} error={errors.phone?.message} hint={text.phoneHint}>
          {(control) => <Input {...control} type="tel" autoComplete="tel" inputMode="tel" {...register('phone')} />}
        </FormField>
        <div>
          <Button type="submit" disabled={mutation.isPending} className="rounded-full">
            {mutation.isPending ? text.pending : text.submit}
          </Button>
        </div>
      </form>
    </SettingsSection>
  )
}
