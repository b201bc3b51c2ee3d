import { Activity } from 'lucide-react'
import * as React from 'react'

import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card'
import { toast } from '@/hooks/use-toast'
import { isUnauthorizedError } from '@/lib/api-client'

import { useCreateSymptom } from '../api/create-symptom'
import { formText as text, symptomToasts } from '../content'
import type { SymptomInput } from '../types'
import { SymptomForm, type SymptomFormHandle } from './symptom-form'

/**
 * docs/spec.md 'Log New Symptoms' (§4): idle, submitting ('Logging...',
 * disabled), then success (form reset, list refreshed, toast) or failure
 * (toast, with the server's field messages under their inputs).
 */
export function LogSymptomCard() {
  const headingId = React.useId()
  const create = useCreateSymptom()

  const onSubmit = (input: SymptomInput, form: SymptomFormHandle) => {
    create.mutate(input, {
      onSuccess: () => {
        form.reset()
        toast(symptomToasts.logged)
      },
      onError: (error) => {
        if (isUnauthorizedError(error)) return
        form.showError(error)
        toast({ ...symptomToasts.logFailed, variant: 'destructive' })
      },
    })
  }

  return (
    <Card role="region" aria-labelledby={headingId} className="min-w-0">
      <CardHeader className="px-4 sm:px-6">
        <h2 id={headingId} className="flex items-center gap-2 text-lg leading-tight font-semibold">
          <Activity aria-hidden="true" className="size-5 text-primary" />
          {text.title}
        </h2>
        <CardDescription>{text.description}</CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        <SymptomForm
          label={text.title}
          submitLabel={text.submit}
          pendingLabel={text.pending}
          pending={create.isPending}
          onSubmit={onSubmit}
        />
      </CardContent>
    </Card>
  )
}
