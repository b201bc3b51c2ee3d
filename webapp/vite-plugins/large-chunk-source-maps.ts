import type { Plugin } from 'vite'

/** Lighthouse's valid-source-maps audit wants a map for first-party scripts from this size up. */
export const LARGE_CHUNK_BYTES = 500 * 1024

/**
 * Keeps the source maps of large chunks only (build.sourcemap must be on):
 * the chunks Lighthouse asks a map for, and the ones worth mapping when
 * debugging. Maps for every chunk would add megabytes to the Go binary,
 * which embeds and gzips everything under dist/ at start-up; a small chunk
 * loses its map and its sourceMappingURL comment.
 */
export function largeChunkSourceMaps(limit = LARGE_CHUNK_BYTES): Plugin {
  return {
    name: 'lifeline-large-chunk-source-maps',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.sourcemapFileName) continue
        if (Buffer.byteLength(chunk.code) >= limit) continue
        delete bundle[chunk.sourcemapFileName]
        chunk.code = chunk.code.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n')
        chunk.map = null
      }
    },
  }
}
