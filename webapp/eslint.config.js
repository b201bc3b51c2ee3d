import { readdirSync } from 'node:fs'
import path from 'node:path'

import js from '@eslint/js'
import { defineConfig, globalIgnores } from 'eslint/config'
import reactHooks from 'eslint-plugin-react-hooks'
import reactRefresh from 'eslint-plugin-react-refresh'
import globals from 'globals'
import tseslint from 'typescript-eslint'

import oneOperationPerApiFile from './lint/one-operation-per-api-file.js'

/*
 * Import boundaries (bulletproof-react):
 *   - a feature never imports another feature;
 *   - shared code (components, hooks, lib, config) never imports features
 *     or the app;
 *   - only src/app composes features into screens (src/testing may render
 *     the app, as its helpers exist to do exactly that).
 * The feature list is read from src/features, so a new feature folder is
 * covered without editing this file.
 */
const featuresDir = path.join(import.meta.dirname, 'src/features')
const features = readdirSync(featuresDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

const escapeRegex = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/*
 * OpenLayers belongs to the map feature alone (STYLE.md: each outside
 * library is imported by one package): only src/features/gps/components/map
 * may import `ol`; everything else gets the map through its components.
 */
const olMapDir = 'src/features/gps/components/map'
const olPattern = {
  regex: '^ol(/|$)',
  message: `OpenLayers ("ol") is imported only by ${olMapDir}; use the map components instead.`,
}

/*
 * ApexCharts likewise belongs to the shared chart components alone: only
 * src/components/charts imports `apexcharts` or `react-apexcharts`; features
 * draw through its LineChart, from a canvas module they load lazily.
 */
const chartsDir = 'src/components/charts'
const apexPattern = {
  regex: '^(react-)?apexcharts(/|$)',
  message: `ApexCharts is imported only by ${chartsDir}; draw with its LineChart (from a React.lazy canvas module).`,
}

function featureBoundary(feature, { allowOl = false, files = [`src/features/${feature}/**/*.{ts,tsx}`] } = {}) {
  const others = features.filter((f) => f !== feature)
  const patterns = [
    {
      group: ['@/app', '@/app/*'],
      message: 'Features must not import from src/app; compose them in src/app instead.',
    },
  ]
  if (!allowOl) patterns.push(olPattern)
  patterns.push(apexPattern)
  if (others.length > 0) {
    const names = others.map(escapeRegex).join('|')
    patterns.push(
      {
        regex: `^@/features/(${names})(/|$)`,
        message: `Features never import each other ("${feature}" may only use its own folder and shared code). Compose them in src/app, or move shared code to src/components, src/hooks or src/lib.`,
      },
      {
        regex: `^(\\.\\./)+(features/)?(${names})(/|$)`,
        message: `Features never import each other ("${feature}" reaches into a sibling feature through a relative path).`,
      },
    )
  }
  return {
    files,
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  }
}

function sharedBoundary({ allowApex = false, files, ignores = [] }) {
  const patterns = [
    {
      regex: '^(@/|(\\.\\./)+)features(/|$)',
      message: 'Shared code must not import from features.',
    },
    {
      regex: '^(@/|(\\.\\./)+)app(/|$)',
      message: 'Shared code must not import from src/app.',
    },
    olPattern,
  ]
  if (!allowApex) patterns.push(apexPattern)
  return { files, ignores, rules: { 'no-restricted-imports': ['error', { patterns }] } }
}

/*
 * A feature's API (webapp/README.md, "A feature's API"): its query key
 * factory is `<name>Keys`, exported by `api/<name>-keys.ts` and nowhere else,
 * and every query key and invalidation goes through it, never through an
 * array literal (lint/rules.test.ts proves these rules fire).
 */
const apiConvention = {
  files: ['src/features/**/*.{ts,tsx}'],
  ignores: ['src/features/*/api/*-keys.ts', 'src/features/**/*.test.{ts,tsx}'],
  rules: {
    'no-restricted-syntax': [
      'error',
      {
        selector: 'Property[key.name="queryKey"] > ArrayExpression',
        message: "Query keys come from the feature's key factory (api/<name>-keys.ts), not from an array literal: add a key there.",
      },
      {
        selector: 'ExportNamedDeclaration > VariableDeclaration > VariableDeclarator[id.name=/Keys$/]',
        message: "A feature's key factory lives in its own file, api/<name>-keys.ts.",
      },
    ],
  },
}

/*
 * The other half of that convention: every other file in a feature's api/
 * holds one operation, so it exports at most one hook, named after the file
 * (`get-notes.ts` → `useNotes`, `mark-note-read.ts` → `useMarkNoteRead`;
 * lint/one-operation-per-api-file.js).
 */
const oneOperationPerFile = {
  files: ['src/features/*/api/*.{ts,tsx}'],
  ignores: ['src/features/*/api/*-keys.ts', 'src/features/**/*.test.{ts,tsx}'],
  plugins: { lifeline: { rules: { 'one-operation-per-api-file': oneOperationPerApiFile } } },
  rules: {
    'lifeline/one-operation-per-api-file': [
      'error',
      {
        // The bracelet tester view's packets and its watch switch, being
        // reworked on another branch: split when that lands.
        allow: ['devices/api/device-packets.ts'],
      },
    ],
  },
}

export default defineConfig([
  globalIgnores(['dist', 'node_modules', 'test-results', 'playwright-report', 'e2e/.artifacts', 'public']),
  {
    files: ['**/*.{ts,tsx}'],
    extends: [
      js.configs.recommended,
      tseslint.configs.recommendedTypeChecked,
      reactHooks.configs.flat.recommended,
      reactRefresh.configs.vite,
    ],
    languageOptions: {
      ecmaVersion: 2023,
      globals: { ...globals.browser },
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'react-refresh/only-export-components': ['error', { allowConstantExport: true }],
    },
  },
  {
    files: ['*.config.ts', 'e2e/**/*.ts', 'pwa/*.ts'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // Playwright fixtures use `use()`, which the hooks rules mistake for React's.
      'react-hooks/rules-of-hooks': 'off',
    },
  },
  {
    files: ['**/*.js'],
    extends: [js.configs.recommended],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['pwa/service-worker.js'],
    languageOptions: { globals: { ...globals.serviceworker, VERSION: 'readonly', PRECACHE: 'readonly' } },
  },
  ...features.map((feature) => featureBoundary(feature)),
  sharedBoundary({
    files: ['src/components/**/*.{ts,tsx}', 'src/hooks/**/*.{ts,tsx}', 'src/lib/**/*.{ts,tsx}', 'src/config/**/*.{ts,tsx}'],
    ignores: [`${chartsDir}/**`],
  }),
  sharedBoundary({ allowApex: true, files: [`${chartsDir}/**/*.{ts,tsx}`] }),
  {
    files: ['src/app/**/*.{ts,tsx}', 'src/testing/**/*.{ts,tsx}', 'src/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [olPattern, apexPattern] }] },
  },
  apiConvention,
  oneOperationPerFile,
  featureBoundary('gps', { allowOl: true, files: [`${olMapDir}/**/*.{ts,tsx}`] }),
])
