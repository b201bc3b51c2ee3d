// BENCHMARKS.md (or $OUT, from the repository root) for the report scripts
// that write a section of it.
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

const benchmarks = path.resolve(import.meta.dirname, '../..', process.env.OUT ?? 'BENCHMARKS.md')

/** Replaces the "## " section whose heading starts with heading (up to the next one), or appends it. */
export function writeSection(heading, section) {
  const doc = readFileSync(benchmarks, 'utf8')
  const start = doc.indexOf(`\n${heading}`) + 1
  const next = start === 0 ? -1 : doc.indexOf('\n## ', start)
  const updated = start === 0 ? `${doc.trimEnd()}\n\n${section}` : doc.slice(0, start) + section + (next < 0 ? '' : doc.slice(next))
  writeFileSync(benchmarks, updated)
}
