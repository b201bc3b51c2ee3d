import type { PatientField } from '../types'

/** Query keys of the clinician feature: the FHIR export, by what its Patient carries. */
export const clinicianKeys = {
  all: ['/api/export/fhir'] as const,
  bundle: (include: readonly PatientField[]) => [...clinicianKeys.all, include.join(',')] as const,
}
