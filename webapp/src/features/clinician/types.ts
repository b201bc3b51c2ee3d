/*
 * The parts of the FHIR R4 Bundle of GET /api/export/fhir that the summary
 * reads (docs/fhir.md). The server's document types the response only as a
 * FHIR resource, so these are narrowed from it here, never trusted further.
 */
export type FhirCoding = { system?: string; code?: string; display?: string }
export type FhirConcept = { coding?: FhirCoding[]; text?: string }
export type FhirReference = { reference: string }

export type FhirPatient = {
  resourceType: 'Patient'
  name?: { given?: string[]; family?: string }[]
}

export type FhirQuestionnaire = {
  resourceType: 'Questionnaire'
  url: string
  title: string
  description?: string
}

export type FhirQuestionnaireResponse = {
  resourceType: 'QuestionnaireResponse'
  questionnaire: string
}

export type FhirObservation = {
  resourceType: 'Observation'
  code: FhirConcept
  effectiveDateTime: string
  valueInteger?: number
  valueCodeableConcept?: FhirConcept
  interpretation?: FhirConcept[]
  derivedFrom?: FhirReference[]
  component?: { code: FhirConcept; valueInteger?: number; interpretation?: FhirConcept[] }[]
}

export type FhirResource = FhirPatient | FhirQuestionnaire | FhirQuestionnaireResponse | FhirObservation

export type FhirBundle = {
  resourceType: 'Bundle'
  type: string
  entry?: { fullUrl: string; resource: FhirResource | { resourceType: string } }[]
}

/** What the Patient may carry, as `?include=` names it; nothing by default. */
export type PatientField = 'name' | 'email' | 'phone'
