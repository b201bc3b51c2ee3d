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
const ruleNames = ['no-restricted-imports', 'no-restricted-syntax'] as const

async function lint(file: string, code: string): Promise<string[]> {
  const config = (await eslint.calculateConfigForFile(path.join(root, file))) as { rules: Record<string, Linter.RuleEntry> }
  const rules = Object.fromEntries(ruleNames.filter((name) => config.rules[name]).map((name) => [name, config.rules[name]]))
  const linter = new Linter({ configType: 'flat' })
  const messages = linter.verify(
    code,
    [{ files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } }, rules }],
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

describe('features never import each other', () => {
  it('a feature reaching into another is refused, shared code is not', async () => {
    expect(await lint('src/features/symptoms/components/symptom-list.tsx', "import { CopyField } from '@/features/devices/components/copy-field'")).toEqual([
      expect.stringContaining('Features never import each other'),
    ])
    expect(await lint('src/features/symptoms/components/symptom-list.tsx', "import { CopyField } from '@/components/copy-field'")).toEqual([])
  })
})
