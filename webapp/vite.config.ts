import { readdirSync } from 'node:fs'
import path from 'node:path'

import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

import { precacheServiceWorker } from './pwa/precache-plugin.ts'
import { apexChartsFromSource } from './vite-plugins/apexcharts-source.ts'
import { largeChunkSourceMaps } from './vite-plugins/large-chunk-source-maps.ts'

// `npm run dev` forwards server paths to a running `lifeline serve`.
const apiTarget = process.env.LIFELINE_DEV_API ?? 'http://127.0.0.1:8080'

// The Go binary embeds webapp/dist and serves dist/app; webapp/dist/.keep
// belongs to the Go side, so only dist/app is ever emptied.
export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    apexChartsFromSource(),
    // Before the service worker's plugin, which hashes the final code for its version.
    largeChunkSourceMaps(),
    precacheServiceWorker(publicFiles),
  ],
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname, 'src'),
    },
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/healthz': apiTarget,
      '/readyz': apiTarget,
    },
  },
  // `vite preview` serves the build alone (e2e can target it via LIFELINE_BASE_URL).
  preview: {
    proxy: {},
  },
  build: {
    outDir: 'dist/app',
    emptyOutDir: true,
    // Vite's default target (Baseline widely available: Chrome/Edge 111,
    // Firefox 114, Safari 16.4) needs no legacy transforms or polyfills.
    // Maps only for the large chunks (largeChunkSourceMaps): today ApexCharts.
    sourcemap: true,
    // ApexCharts (≈ 545 kB raw, 150 kB gzip) is one lazy chunk that only the
    // charts load; every chunk of the first page stays far below this.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Lines and names only: the original files are in node_modules, and
        // the map stays small enough for Lighthouse to fetch in time.
        sourcemapExcludeSources: true,
        codeSplitting: {
          // Fewer, larger chunks where a phone waits for them: every request
          // costs a round trip, and HTTP/1.1 allows six at a time.
          groups: [
            // The first page's JavaScript in one file.
            { name: 'index', tags: ['$initial'], priority: 3 },
            // ApexCharts in one chunk, whichever chart asks first.
            { name: 'apexcharts', test: /node_modules[\\/](apexcharts|react-apexcharts|@svgdotjs|@yr)[\\/]/, priority: 2 },
            // The toasts, mounted on every page just after the first paint (app/provider.tsx);
            // the Radix pieces they share with later screens come with them.
            { name: 'toaster', test: /src[\\/]components[\\/]ui[\\/]toaster\.tsx$/, priority: 2 },
            // The shell and the dashboard, the first signed-in screen, with what they share.
            { name: 'signed-in', test: /src[\\/]app[\\/]routes[\\/](signed-in-layout|dashboard)\.tsx$/, priority: 1 },
            // The crisis page, offline or not, and the saved safety plan.
            { name: 'crisis', test: /src[\\/]app[\\/]routes[\\/](crisis|offline)\.tsx$/, priority: 1 },
            // Icons the first page does not show, in one file rather than one each.
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/ },
          ],
        },
      },
    },
  },
})

/** Every file under public/, as the build copies them to dist/app. */
function publicFiles(): string[] {
  const dir = path.resolve(import.meta.dirname, 'public')
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
}
