import { zodResolver } from '@hookform/resolvers/zod'
import { HandHeart, Heart, ShieldCheck, Waves } from 'lucide-react'
import * as React from 'react'
import { Controller, useForm, useWatch } from 'react-hook-form'

import { OptionCheckboxes } from '@/components/option-checkboxes'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Label } from '@/components/ui/label'
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group'
import { Textarea } from '@/components/ui/textarea'
import { classicErrorMessages } from '@/lib/validation-messages'

import {
  checkinDefaults,
  checkinInputSchema,
  toCreateCheckinInput,
  type CheckinFormInput,
  type CreateCheckinInput,
} from '../api/create-checkin'
import {
  checkinText,
  copingIds,
  copingOptions,
  cravingWord,
  moodWord,
  triggerIds,
  triggerOptions,
  type CopingId,
  type TriggerId,
} from '../content'
import type { CheckIn } from '../types'
import { FormSection } from './form-section'
import { ScaleField } from './scale-field'

export type CheckinFormProps = {
  onSubmit: (input: CreateCheckinInput) => void
  onCancel: () => void
  /** While the save is pending the submit button reads "Saving..." and is disabled. */
  pending: boolean
  /** A saved check-in to correct: the form starts with its answers. */
  initial?: CheckIn
  /** The submit button's words (default: Complete Check-in), and while it saves. */
  submitLabel?: string
  pendingLabel?: string
  /** The form's accessible name (default: Daily Check-in). */
  label?: string
}

/** The form's values from a saved check-in. */
function valuesOf(c: CheckIn): CheckinFormInput {
  return {
    mood: c.mood,
    moodDescription: c.moodDescription,
    cravingIntensity: c.cravingIntensity,
    triggers: c.triggers.filter((id): id is TriggerId => triggerIds.includes(id as TriggerId)),
    triggerDescription: c.triggerDescription,
    substanceUse: c.substanceUse,
    substanceDetails: c.substanceDetails,
    copingStrategies: c.copingStrategies.filter((id): id is CopingId => copingIds.includes(id as CopingId)),
    notes: c.notes,
  }
}

function Optional() {
  return <span className="font-normal text-muted-foreground"> {checkinText.optional}</span>
}

export function CheckinForm({
  onSubmit,
  onCancel,
  pending,
  initial,
  submitLabel = checkinText.submit,
  pendingLabel = checkinText.pending,
  label = checkinText.title,
}: CheckinFormProps) {
  const {
    control,
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CheckinFormInput>({
    resolver: zodResolver(checkinInputSchema, { error: classicErrorMessages }),
    defaultValues: initial ? valuesOf(initial) : checkinDefaults,
  })
  const substanceUse = useWatch({ control, name: 'substanceUse' })
  const ids = React.useId()
  const questionId = `${ids}-substance`

  const submit = handleSubmit((values) => onSubmit(toCreateCheckinInput(values)))
  const text = checkinText

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={label} className="grid gap-6">
      <FormSection title={text.mood.title} icon={Heart}>
        <Controller
          control={control}
          name="mood"
          render={({ field }) => (
            <ScaleField
              label={text.mood.label}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              lowLabel={text.mood.low}
              highLabel={text.mood.high}
              describe={moodWord}
              error={errors.mood?.message}
            />
          )}
        />
        <FormField label={<>{text.mood.description}<Optional /></>} error={errors.moodDescription?.message}>
          {(controlProps) => (
            <Textarea {...controlProps} placeholder={text.mood.descriptionPlaceholder} {...register('moodDescription')} />
          )}
        </FormField>
      </FormSection>

      <FormSection title={text.cravings.title} icon={Waves}>
        <Controller
          control={control}
          name="cravingIntensity"
          render={({ field }) => (
            <ScaleField
              label={text.cravings.label}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              lowLabel={text.cravings.low}
              highLabel={text.cravings.high}
              describe={cravingWord}
              error={errors.cravingIntensity?.message}
              tone="warm"
            />
          )}
        />
        <Controller
          control={control}
          name="triggers"
          render={({ field }) => (
            <OptionCheckboxes
              legend={text.cravings.triggers}
              options={triggerOptions}
              value={field.value ?? []}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.triggers?.message}
            />
          )}
        />
        <FormField
          label={<>{text.cravings.triggerDescription}<Optional /></>}
          error={errors.triggerDescription?.message}
        >
          {(controlProps) => (
            <Textarea
              {...controlProps}
              placeholder={text.cravings.triggerDescriptionPlaceholder}
              {...register('triggerDescription')}
            />
          )}
        </FormField>
      </FormSection>

      <FormSection title={text.substance.title} icon={ShieldCheck}>
        <Controller
          control={control}
          name="substanceUse"
          render={({ field }) => (
            <div className="grid gap-3">
              <p id={questionId} className="text-sm font-medium">
                {text.substance.question}
              </p>
              <RadioGroup
                aria-labelledby={questionId}
                value={field.value ? 'yes' : 'no'}
                onValueChange={(v) => field.onChange(v === 'yes')}
                className="flex flex-wrap gap-3"
              >
                {(['yes', 'no'] as const).map((v) => (
                  <div
                    key={v}
                    className="flex min-h-11 min-w-28 items-center gap-3 rounded-lg border bg-background px-4 py-2 has-[button[data-state=checked]]:border-primary/50 has-[button[data-state=checked]]:bg-primary/8"
                  >
                    <RadioGroupItem value={v} id={`${questionId}-${v}`} onBlur={field.onBlur} />
                    <Label htmlFor={`${questionId}-${v}`} className="flex-1 cursor-pointer py-1 font-normal">
                      {v === 'yes' ? text.substance.yes : text.substance.no}
                    </Label>
                  </div>
                ))}
              </RadioGroup>
            </div>
          )}
        />
        {substanceUse && (
          <div className="grid gap-4">
            <p className="rounded-lg bg-accent px-3.5 py-3 text-sm text-accent-foreground">{text.substance.honesty}</p>
            <FormField
              label={<>{text.substance.details}<Optional /></>}
              hint={text.substance.detailsHint}
              error={errors.substanceDetails?.message}
            >
              {(controlProps) => (
                <Textarea
                  {...controlProps}
                  placeholder={text.substance.detailsPlaceholder}
                  {...register('substanceDetails')}
                />
              )}
            </FormField>
          </div>
        )}
      </FormSection>

      <FormSection title={text.coping.title} icon={HandHeart}>
        <Controller
          control={control}
          name="copingStrategies"
          render={({ field }) => (
            <OptionCheckboxes
              legend={text.coping.legend}
              options={copingOptions}
              value={field.value ?? []}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.copingStrategies?.message}
            />
          )}
        />
      </FormSection>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" size="lg" className="rounded-full" onClick={onCancel}>
          {text.cancel}
        </Button>
        <Button type="submit" size="lg" className="rounded-full" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  )
}
