import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'

import type { Plugin } from 'vite'

/** Files the service worker never precaches: itself, and what only the server reads. */
const skip = (file: string) => file === 'sw.js' || file.endsWith('.map') || file.startsWith('content/') || file === '.keep'

/**
 * Emits /sw.js: pwa/service-worker.js with the build's version and the list
 * of every file to precache (the app shell, every chunk, so an open page of
 * this build can still load its lazy screens after a deploy, and the icons).
 */
export function precacheServiceWorker(publicFiles: () => string[]): Plugin {
  return {
    name: 'lifeline-precache-service-worker',
    apply: 'build',
    // After Vite's own HTML plugin, so index.html is in the bundle.
    enforce: 'post',
    generateBundle(_options, bundle) {
      const files = [...Object.keys(bundle), ...publicFiles()].filter((f) => !skip(f)).sort()
      const version = createHash('sha256')
        .update(files.join('\n'))
        .update(Object.values(bundle).map((f) => (f.type === 'chunk' ? f.code : String(f.source))).join(''))
        .digest('hex')
        .slice(0, 12)
      const source = readFileSync(path.join(import.meta.dirname, 'service-worker.js'), 'utf8')
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: `const VERSION = '${version}'\nconst PRECACHE = ${JSON.stringify(files.map((f) => `/${f}`))}\n${source}`,
      })
    },
  }
}
