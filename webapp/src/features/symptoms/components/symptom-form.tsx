import { zodResolver } from '@hookform/resolvers/zod'
import * as React from 'react'
import { Controller, useForm, useWatch } from 'react-hook-form'

import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { FormMessage } from '@/components/ui/form-message'
import { NativeSelect } from '@/components/ui/native-select'
import { Textarea } from '@/components/ui/textarea'
import { applyServerError } from '@/lib/form-errors'
import { cn } from '@/lib/utils'
import { classicErrorMessages } from '@/lib/validation-messages'

import { durations, formText as text, mentalSymptoms, physicalSymptoms } from '../content'
import type { SymptomInput } from '../types'
import {
  symptomFormDefaults,
  symptomFormFields,
  symptomFormSchema,
  toSymptomInput,
  type SymptomFormOutput,
  type SymptomFormValues,
} from '../utils/symptom-form'
import { SeverityField } from './severity-field'

/** What the screen may do with the form once a save has answered. */
export type SymptomFormHandle = {
  /** Back to the defaults (or the values it opened with). */
  reset: () => void
  /**
   * Shows a failed save: the server's per-field messages go under their
   * inputs; anything without an input (or a network failure) is shown
   * above the form.
   */
  showError: (error: unknown) => void
}

export type SymptomFormProps = {
  /** The form's accessible name. */
  label: string
  initialValues?: SymptomFormValues
  submitLabel: string
  pendingLabel: string
  /** While a save runs the submit button shows pendingLabel and is disabled. */
  pending: boolean
  onSubmit: (input: SymptomInput, form: SymptomFormHandle) => void
  /** A button beside submit (Cancel in the edit dialog). */
  secondaryAction?: React.ReactNode
  className?: string
}

function Optional() {
  return <span className="font-normal text-muted-foreground"> {text.optional}</span>
}

/** docs/spec.md "Log New Symptoms": the two symptoms with their sliders, duration and notes. */
/** The two halves of the form: a symptom choice and its severity. */
const kinds = [
  {
    name: 'physical',
    symptom: 'physicalSymptom',
    severity: 'physicalSeverity',
    symptomLabel: text.physicalSymptom,
    severityLabel: text.physicalSeverity,
    choices: physicalSymptoms,
  },
  {
    name: 'mental',
    symptom: 'mentalSymptom',
    severity: 'mentalSeverity',
    symptomLabel: text.mentalSymptom,
    severityLabel: text.mentalSeverity,
    choices: mentalSymptoms,
  },
] as const

export function SymptomForm({
  label,
  initialValues = symptomFormDefaults,
  submitLabel,
  pendingLabel,
  pending,
  onSubmit,
  secondaryAction,
  className,
}: SymptomFormProps) {
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<SymptomFormValues, unknown, SymptomFormOutput>({
    resolver: zodResolver(symptomFormSchema, { error: classicErrorMessages }),
    defaultValues: initialValues,
  })
  const [formError, setFormError] = React.useState<string | null>(null)
  // A severity counts only once its symptom is chosen (see toSymptomInput).
  const chosen = {
    physicalSymptom: useWatch({ control, name: 'physicalSymptom' }),
    mentalSymptom: useWatch({ control, name: 'mentalSymptom' }),
  }

  const handle: SymptomFormHandle = {
    reset: () => {
      reset(initialValues)
      setFormError(null)
    },
    showError: (error) => setFormError(applyServerError(error, setError, symptomFormFields)),
  }

  const submit = handleSubmit((values) => {
    setFormError(null)
    onSubmit(toSymptomInput(values), handle)
  })

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={label} className={cn('grid gap-5', className)}>
      <FormMessage>{formError}</FormMessage>
      {kinds.map((kind, i) => (
        <div key={kind.symptom} className={cn('grid gap-4', i > 0 && 'border-t pt-5')}>
          <FormField label={<>{kind.symptomLabel}<Optional /></>} error={errors[kind.symptom]?.message}>
            {(controlProps) => (
              <NativeSelect {...controlProps} {...register(kind.symptom)}>
                <option value="">{text.noSymptom}</option>
                {kind.choices.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <Controller
            control={control}
            name={kind.severity}
            render={({ field }) => (
              <SeverityField
                label={kind.severityLabel}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                disabledHint={chosen[kind.symptom] ? undefined : text.rateHint(kind.name)}
                error={errors[kind.severity]?.message}
              />
            )}
          />
        </div>
      ))}

      <div className="grid gap-5 border-t pt-5">
        <FormField label={text.duration} error={errors.duration?.message}>
          {(controlProps) => (
            <NativeSelect {...controlProps} aria-required="true" {...register('duration')}>
              <option value="" disabled>
                {text.durationPlaceholder}
              </option>
              {durations.map((d) => (
                <option key={d} value={d}>
                  {d}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label={<>{text.notes}<Optional /></>} error={errors.notes?.message}>
          {(controlProps) => <Textarea {...controlProps} placeholder={text.notesPlaceholder} {...register('notes')} />}
        </FormField>
      </div>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {secondaryAction}
        <Button type="submit" size="lg" className="rounded-full" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  )
}
