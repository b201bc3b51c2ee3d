/*
 * The lint rules that hold the web app's conventions (eslint.config.js),
 * proven on fixtures: each rule's options are read from the real
 * configuration for a path and run on a few lines of code.
 */
import path from 'node:path'

import { ESLint, Linter } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, expect, it } from 'vitest'

const root = path.join(import.meta.dirname, '..')
const eslint = new ESLint({ cwd: root })
const ruleNames = ['no-restricted-imports', 'no-restricted-syntax', 'lifeline/one-operation-per-api-file'] as const

type Config = { rules: Record<string, Linter.RuleEntry>; plugins: Record<string, ESLint.Plugin> }

async function lint(file: string, code: string): Promise<string[]> {
  const config = (await eslint.calculateConfigForFile(path.join(root, file))) as Config
  const rules = Object.fromEntries(ruleNames.filter((name) => config.rules[name]).map((name) => [name, config.rules[name]]))
  const linter = new Linter({ configType: 'flat' })
  const messages = linter.verify(
    code,
    [
      {
        files: ['**/*.{ts,tsx}'],
        languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
        plugins: config.plugins.lifeline ? { lifeline: config.plugins.lifeline } : {},
        rules,
      },
    ],
    { filename: path.join(root, file) },
  )
  return messages.map((m) => m.message)
}

describe('ApexCharts belongs to src/components/charts', () => {
  it.each([
    ['src/features/symptoms/components/symptom-trend-canvas.tsx', "import Chart from 'react-apexcharts'"],
    ['src/features/checkins/components/mood-chart-canvas.tsx', "import type { ApexOptions } from 'apexcharts'"],
    ['src/features/gps/components/map/live-map.tsx', "import ApexCharts from 'apexcharts'"],
    ['src/components/print-sheet.tsx', "import Chart from 'react-apexcharts'"],
    ['src/app/routes/dashboard.tsx', "import ApexCharts from 'apexcharts/dist/apexcharts.esm'"],
  ])('%s may not import it', async (file, code) => {
    expect(await lint(file, code)).toEqual([expect.stringContaining('ApexCharts is imported only by src/components/charts')])
  })

  it('the chart components may', async () => {
    expect(await lint('src/components/charts/line-chart.tsx', "import Chart from 'react-apexcharts'\nimport type { ApexOptions } from 'apexcharts'")).toEqual([])
  })
})

describe('OpenLayers belongs to the map folder', () => {
  it('a feature outside it may not import ol, the map folder may', async () => {
    expect(await lint('src/features/gps/components/gps-screen.tsx', "import Map from 'ol/Map'")).toEqual([
      expect.stringContaining('OpenLayers ("ol") is imported only by'),
    ])
    expect(await lint('src/features/gps/components/map/live-map.tsx', "import Map from 'ol/Map'")).toEqual([])
  })
})

describe("a feature's API files", () => {
  it('keeps the key factory in api/<name>-keys.ts', async () => {
    expect(await lint('src/features/share/api/share-links.ts', "export const shareKeys = { all: ['/api', 'share-links'] as const }")).toEqual([
      expect.stringContaining("key factory lives in its own file, api/<name>-keys.ts"),
    ])
    expect(await lint('src/features/share/api/share-keys.ts', "export const shareKeys = { all: ['/api', 'share-links'] as const }")).toEqual([])
  })

  it.each([
    ['src/features/symptoms/api/get-symptoms.ts', "useQuery({ queryKey: ['/api', 'symptoms'], queryFn })"],
    ['src/features/symptoms/components/symptom-list.tsx', "client.invalidateQueries({ queryKey: ['/api', 'symptoms'] })"],
  ])('%s takes its query keys from the factory, not an array literal', async (file, code) => {
    expect(await lint(file, code)).toEqual([expect.stringContaining("Query keys come from the feature's key factory")])
    expect(await lint(file, code.replace("['/api', 'symptoms']", 'symptomKeys.list()'))).toEqual([])
  })
})

describe('one operation per API file', () => {
  const notes = `export function useNotes() {}`

  it.each([
    ['src/features/care/api/get-notes.ts', notes],
    ['src/features/care/api/get-notes.ts', 'export function useGetNotes() {}'],
    ['src/features/care/api/mark-note-read.ts', 'export const useMarkNoteRead = () => {}'],
    ['src/features/share/api/view-share.ts', 'export async function viewShare() {}\nexport const SHARE_HOURS = [1, 8, 24]'],
    ['src/features/care/api/care-keys.ts', 'export function useA() {}\nexport function useB() {}'],
    ['src/features/care/api/get-notes.test.ts', 'export function useA() {}\nexport function useB() {}'],
  ])('%s passes', async (file, code) => {
    expect(await lint(file, code)).toEqual([])
  })

  it('a second hook in the file is refused', async () => {
    expect(await lint('src/features/care/api/get-notes.ts', `${notes}\nexport function useMarkNoteRead() {}`)).toEqual([
      expect.stringContaining('An API file holds one operation: move useMarkNoteRead to its own file'),
    ])
    expect(await lint('src/features/care/api/get-notes.ts', `${notes}\nconst useSendNote = () => {}\nexport { useSendNote }`)).toEqual([
      expect.stringContaining('move useSendNote'),
    ])
  })

  it.each([
    ['src/features/care/api/get-notes.ts', 'export function useNotePresets() {}', 'get-notes.ts exports useNotes or useGetNotes'],
    ['src/features/care/api/send-note.ts', 'export function useNote() {}', 'send-note.ts exports useSendNote'],
    ['src/features/care/api/notes.ts', 'export function useMarkNoteRead() {}', 'notes.ts exports useNotes'],
  ])('%s may not export a hook named after something else', async (file, code, expected) => {
    expect(await lint(file, code)).toEqual([expect.stringContaining(expected)])
  })

  it('the tester view is allowed its two hooks until it is split', async () => {
    expect(await lint('src/features/devices/api/device-packets.ts', 'export function useDevicePackets() {}\nexport function useWatchDevice() {}')).toEqual([])
  })
})

describe('features never import each other', () => {
  it('a feature reaching into another is refused, shared code is not', async () => {
    expect(await lint('src/features/symptoms/components/symptom-list.tsx', "import { CopyField } from '@/features/devices/components/copy-field'")).toEqual([
      expect.stringContaining('Features never import each other'),
    ])
    expect(await lint('src/features/symptoms/components/symptom-list.tsx', "import { CopyField } from '@/components/copy-field'")).toEqual([])
  })
})
