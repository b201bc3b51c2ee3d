import { Download, Printer } from 'lucide-react'
import * as React from 'react'

import { LoadError } from '@/components/load-error'
import { OptionCheckboxes } from '@/components/option-checkboxes'
import { PrintSheet } from '@/components/print-sheet'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'

import { fhirExportUrl, useFhirBundle } from '../api/get-fhir-bundle'
import { clinicianText } from '../content'
import type { PatientField } from '../types'
import { summarize } from '../utils/summary'
import { ClinicianSummaryView } from './clinician-summary'

export type ClinicianScreenProps = {
  timeZone: string
}

const fieldOptions = (['name', 'email', 'phone'] as const).map((id) => ({ id, label: clinicianText.choose.fields[id] }))

/**
 * "My data for my clinician": the person chooses what identifies them
 * (nothing by default), downloads the FHIR file, and prints a one-page
 * summary read from the same Bundle.
 */
export function ClinicianScreen({ timeZone }: ClinicianScreenProps) {
  const text = clinicianText
  const [include, setInclude] = React.useState<PatientField[]>([])
  // The summary shows the name when chosen; email and phone belong in the file alone.
  const bundle = useFhirBundle(include.includes('name') ? ['name'] : [])
  const summary = React.useMemo(() => (bundle.data ? summarize(bundle.data) : null), [bundle.data])
  const hasData = (summary?.instruments.length ?? 0) > 0
  const madeOn = React.useMemo(() => new Date(), [])

  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{text.title}</h1>
        <p className="mt-2 text-muted-foreground">{text.description}</p>
      </div>

      <Section id="clinician-choose" title={text.choose.legend} description={text.choose.hint}>
        <OptionCheckboxes
          legend={text.choose.legend}
          legendHidden
          options={fieldOptions}
          value={include}
          onChange={(next) => setInclude(next as PatientField[])}
        />
      </Section>

      {bundle.isPending ? (
        <div className="grid gap-3" aria-busy="true">
          <p className="sr-only" role="status">
            {text.summary.loading}
          </p>
          <Skeleton className="h-32 w-full rounded-xl" />
          <Skeleton className="h-64 w-full rounded-xl" />
        </div>
      ) : bundle.isError ? (
        <LoadError message={text.error.message} retryLabel={text.error.retry} retrying={bundle.isFetching} onRetry={() => void bundle.refetch()} />
      ) : !hasData || !summary ? (
        <Section id="clinician-empty" title={text.empty.title} description={text.empty.description} />
      ) : (
        <>
          <Section id="clinician-download" title={text.download.title} description={text.download.description}>
            <Button asChild variant="outline" className="rounded-full">
              <a href={fhirExportUrl(include)} download>
                <Download aria-hidden="true" />
                {text.download.button}
              </a>
            </Button>
          </Section>
          <Section id="clinician-summary" title={text.summary.title} description={text.summary.description}>
            <div className="grid gap-4">
              <Button type="button" variant="outline" className="w-fit rounded-full" onClick={() => window.print()}>
                <Printer aria-hidden="true" />
                {text.summary.print}
              </Button>
              <div className="rounded-lg border p-4">
                <ClinicianSummaryView summary={summary} madeOn={madeOn} timeZone={timeZone} />
              </div>
            </div>
            <PrintSheet>
              <ClinicianSummaryView summary={summary} madeOn={madeOn} timeZone={timeZone} paper />
            </PrintSheet>
          </Section>
        </>
      )}
    </div>
  )
}

type SectionProps = { id: string; title: string; description: string; children?: React.ReactNode }

/** A card that is a region named by its heading. */
function Section({ id, title, description, children }: SectionProps) {
  return (
    <Card role="region" aria-labelledby={`${id}-title`}>
      <CardHeader>
        <h2 id={`${id}-title`} className="text-lg leading-tight font-semibold">
          {title}
        </h2>
        <p className="text-sm text-muted-foreground">{description}</p>
      </CardHeader>
      {children && <CardContent>{children}</CardContent>}
    </Card>
  )
}
