import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import { apiGet } from '@/lib/api-client'

import type { FhirBundle, PatientField } from '../types'
import { clinicianKeys } from './clinician-keys'

/** `/api/export/fhir`, with `?include=` naming what the Patient carries (nothing when none). */
export function fhirExportUrl(include: readonly PatientField[]): string {
  return include.length === 0 ? '/api/export/fhir' : `/api/export/fhir?include=${include.join(',')}`
}

/** `GET /api/export/fhir`: the person's questionnaires as a FHIR R4 Bundle (docs/fhir.md). */
export async function getFhirBundle(include: readonly PatientField[], { signal }: { signal?: AbortSignal } = {}): Promise<FhirBundle> {
  const bundle = await apiGet<{ resourceType?: string }>(fhirExportUrl(include), { signal })
  if (bundle?.resourceType !== 'Bundle') throw new Error('The export is not a FHIR Bundle.')
  return bundle as FhirBundle
}

export function getFhirBundleQueryOptions(include: readonly PatientField[]) {
  return queryOptions({
    queryKey: clinicianKeys.bundle(include),
    queryFn: ({ signal }) => getFhirBundle(include, { signal }),
  })
}

/** A new choice keeps the last Bundle on screen until its own arrives, so the screen never blinks. */
export function useFhirBundle(include: readonly PatientField[]) {
  return useQuery({ ...getFhirBundleQueryOptions(include), placeholderData: keepPreviousData })
}
