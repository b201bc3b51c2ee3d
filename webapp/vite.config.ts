import { readdirSync } from 'node:fs'
import path from 'node:path'

import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

import { precacheServiceWorker } from './pwa/precache-plugin.ts'

// `npm run dev` forwards server paths to a running `lifeline serve`.
const apiTarget = process.env.LIFELINE_DEV_API ?? 'http://127.0.0.1:8080'

// The Go binary embeds webapp/dist and serves dist/app; webapp/dist/.keep
// belongs to the Go side, so only dist/app is ever emptied.
export default defineConfig({
  plugins: [react(), tailwindcss(), precacheServiceWorker(publicFiles)],
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
    // ApexCharts (≈ 570 kB raw, 155 kB gzip) is one lazy chunk that only the
    // dashboard's mood chart loads; every chunk of the first page stays far below this.
    chunkSizeWarningLimit: 600,
  },
})

/** Every file under public/, as the build copies them to dist/app. */
function publicFiles(): string[] {
  const dir = path.resolve(import.meta.dirname, 'public')
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
}
