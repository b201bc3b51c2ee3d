import path from 'node:path'

import type { Plugin } from 'vite'

// ApexCharts' Utils.extend installs an Object.assign polyfill when one is missing (never, in the browsers we build for).
const objectAssignPolyfill = "typeof Object.assign !== 'function'"

/**
 * Bundles ApexCharts from the ES2015+ sources its package ships (src/)
 * instead of its prebuilt dist/apexcharts.esm.js, which Babel compiled down
 * to ES5 (classes and spread rewritten: what Lighthouse's legacy-javascript
 * audit flags), and drops its one polyfill. The sources import their
 * stylesheet and toolbar icons as text, as ApexCharts' own webpack build
 * does; Vite's `?inline` and `?raw` do the same here.
 */
export function apexChartsFromSource(): Plugin {
  let sourceDir = ''
  return {
    name: 'lifeline-apexcharts-source',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source === 'apexcharts') {
        const entry = await this.resolve('apexcharts/src/apexcharts.js', importer, { ...options, skipSelf: true })
        if (entry) sourceDir = path.dirname(entry.id)
        return entry
      }
      if (!sourceDir || !importer?.startsWith(sourceDir)) return null
      const asText = source.endsWith('.css') ? 'inline' : source.endsWith('.svg') ? 'raw' : null
      if (!asText) return null
      const file = await this.resolve(source, importer, { ...options, skipSelf: true })
      return file && `${file.id}?${asText}`
    },
    transform(code, id) {
      if (!sourceDir || id !== path.join(sourceDir, 'utils', 'Utils.js')) return null
      if (!code.includes(objectAssignPolyfill)) {
        this.warn('ApexCharts no longer has the Object.assign polyfill this plugin removes: drop the transform')
        return null
      }
      // `if (false) …`: the minifier removes the polyfill.
      return { code: code.replace(objectAssignPolyfill, 'false'), map: null }
    },
  }
}
