// Bundle report for `make bench-api`, and the budget check of `make test-web`:
// builds the web app into a temporary folder with a Vite manifest (the real
// build stays manifest-free: the Go binary embeds and serves everything under
// dist/), then reports
//   - the initial JavaScript: the entry chunk, the chunks it imports
//     statically (from the manifest) and any other script index.html loads,
//     raw and gzip-compressed, failing above the budget (issue 17: a phone
//     on a slow connection gets its first screen from at most 120 KiB gzip);
//   - which chunks hold OpenLayers (`ol`) and ApexCharts, failing when
//     either is in the initial set instead of a lazy chunk;
//   - the largest chunks.
// Prints JSON on stdout (with --check, one line instead; with --write, the
// "## Web bundle" section, which it also puts in BENCHMARKS.md (OUT));
// exits 1 on a failure.
//
//   node scripts/bundle-report.mjs           # the JSON report
//   node scripts/bundle-report.mjs --check   # one line; what make test-web runs
//   node scripts/bundle-report.mjs --write   # the BENCHMARKS.md section; make bench-api runs it
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir, totalmem } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

import { build } from 'vite'

import { writeSection } from './benchmarks-md.mjs'

const root = path.resolve(import.meta.dirname, '..')
const outDir = mkdtempSync(path.join(tmpdir(), 'lifeline-bundle-'))
const INITIAL_JS_BUDGET_GZIP = 120 * 1024
const check = process.argv.includes('--check')
const write = process.argv.includes('--write')
const heavy = { ol: /\/node_modules\/ol\//, apexcharts: /\/node_modules\/(apexcharts|react-apexcharts)\// }

try {
  // The chunks' module lists, which the manifest does not carry.
  const modulesOf = new Map()
  await build({
    root,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true },
    plugins: [
      {
        name: 'lifeline-bundle-report',
        generateBundle(_options, bundle) {
          for (const chunk of Object.values(bundle)) {
            if (chunk.type === 'chunk') modulesOf.set(chunk.fileName, chunk.moduleIds)
          }
        },
      },
    ],
  })

  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'))
  const entries = Object.entries(manifest).filter(([, c]) => c.isEntry)
  if (entries.length !== 1) throw new Error(`want one entry chunk in the manifest, found ${entries.length}`)

  // The entry and everything it imports statically load before first paint.
  const initial = new Set()
  const visit = (key) => {
    const c = manifest[key]
    if (!c || initial.has(c.file)) return
    initial.add(c.file)
    for (const k of c.imports ?? []) visit(k)
  }
  visit(entries[0][0])

  // index.html may load more (a classic script, preloads): count those too.
  const html = readFileSync(path.join(outDir, 'index.html'), 'utf8')
  const htmlScripts = [...html.matchAll(/<script[^>]*\ssrc="\/?([^"]+)"/g), ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/?([^"]+)"/g)].map(
    (m) => m[1],
  )
  for (const f of htmlScripts) initial.add(f)

  const sizeOf = (file) => {
    const bytes = readFileSync(path.join(outDir, file))
    return { file, bytes: bytes.length, gzip: gzipSync(bytes).length }
  }
  const initialFiles = [...initial].filter((f) => f.endsWith('.js')).map(sizeOf)
  const initialCss = [...new Set([...initial].flatMap((f) => Object.values(manifest).find((c) => c.file === f)?.css ?? []))].map(sizeOf)

  const libraries = {}
  const failures = []
  for (const [name, pattern] of Object.entries(heavy)) {
    const chunks = [...modulesOf].filter(([, ids]) => ids.some((id) => pattern.test(id))).map(([file]) => file)
    const eager = chunks.filter((f) => initial.has(f))
    libraries[name] = { chunks, lazy: chunks.length > 0 && eager.length === 0 }
    if (chunks.length === 0) failures.push(`${name} is in no chunk at all: is the pattern still right?`)
    if (eager.length > 0) failures.push(`${name} is in the initial JavaScript (${eager.join(', ')})`)
  }

  const largest = [...modulesOf.keys()]
    .map(sizeOf)
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 8)
    .map((c) => ({ ...c, initial: initial.has(c.file), holds: Object.keys(libraries).filter((n) => libraries[n].chunks.includes(c.file)) }))

  const sum = (list, key) => list.reduce((s, f) => s + f[key], 0)
  const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`
  const initialGzip = sum(initialFiles, 'gzip')
  if (initialGzip > INITIAL_JS_BUDGET_GZIP) {
    failures.push(`the initial JavaScript is ${kib(initialGzip)} gzip, over the ${kib(INITIAL_JS_BUDGET_GZIP)} budget (${initialFiles.map((f) => f.file).join(', ')})`)
  }
  const report = {
    initial: { files: initialFiles, js_bytes: sum(initialFiles, 'bytes'), js_gzip: initialGzip, js_budget_gzip: INITIAL_JS_BUDGET_GZIP, css: initialCss, css_gzip: sum(initialCss, 'gzip') },
    chunks: modulesOf.size,
    libraries,
    largest,
    failures,
  }
  if (write) {
    const section = markdown(report)
    writeSection('## Web bundle', section)
    process.stdout.write(section)
  } else process.stdout.write(
    check
      ? `bundle-report: initial JavaScript ${kib(initialGzip)} gzip in ${initialFiles.length} files (budget ${kib(INITIAL_JS_BUDGET_GZIP)}); ` +
          `ol in ${libraries.ol.chunks.join(', ') || 'no chunk'}, apexcharts in ${libraries.apexcharts.chunks.join(', ') || 'no chunk'}\n`
      : JSON.stringify(report, null, 2) + '\n',
  )
  if (failures.length > 0) {
    process.stderr.write(`bundle-report: ${failures.join('; ')}\n`)
    process.exitCode = 1
  }
} finally {
  rmSync(outDir, { recursive: true, force: true })
}

function markdown(report) {
  const kib = (bytes) => `${Math.round((bytes / 1024) * 10) / 10} KiB`
  const files = (list) => list.map((f) => `\`${f}\``).join(', ')
  const load = loadavg().map((n) => n.toFixed(2)).join(' ')
  const stamp = `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB; load average: ${load}`
  const { initial, libraries } = report
  return [
    '## Web bundle (`webapp/scripts/bundle-report.mjs --write`, also run by `make bench-api`)',
    '',
    `${stamp}. The script builds the app with a Vite manifest into a temporary folder and counts what`,
    'the first page loads before anything else: the entry chunk, the chunks it imports statically and the scripts',
    "index.html names. gzip at Node's default level.",
    '',
    `**Initial JavaScript: ${kib(initial.js_gzip)} gzip** (budget ${kib(initial.js_budget_gzip)}; ${kib(initial.js_bytes)} raw, ${initial.files.length} files), ` +
      `plus ${kib(initial.css_gzip)} gzip of CSS. OpenLayers is only in ${files(libraries.ol.chunks)} and ApexCharts only in ${files(libraries.apexcharts.chunks)}, both lazy (the run fails otherwise).`,
    '',
    '| initial file | raw | gzip |',
    '| --- | ---: | ---: |',
    ...initial.files.toSorted((a, b) => b.gzip - a.gzip).map((f) => `| \`${f.file}\` | ${kib(f.bytes)} | ${kib(f.gzip)} |`),
    '',
    `Largest of the ${report.chunks} chunks:`,
    '',
    '| chunk | raw | gzip | loaded | holds |',
    '| --- | ---: | ---: | --- | --- |',
    ...report.largest.map((c) => `| \`${c.file}\` | ${kib(c.bytes)} | ${kib(c.gzip)} | ${c.initial ? 'initial' : 'lazy'} | ${c.holds.join(', ')} |`),
    '',
  ].join('\n')
}
