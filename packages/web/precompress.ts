import { readFileSync, writeFileSync } from 'node:fs'
import { extname, join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.txt', '.webmanifest'])
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024

/**
 * Writes a Brotli (`.br`, best quality) and a gzip (`.gz`) copy next to every text file the build emits, once, at
 * build time: the server sends the one a browser accepts (`@fastify/static`'s `preCompressed`) instead of
 * compressing on every request. A copy that is not smaller than the file is not written.
 */
export function precompress(): Plugin {
  return {
    name: 'proxima-precompress',
    apply: 'build',
    writeBundle(options: { dir?: string }, bundle: Record<string, unknown>) {
      const dir = options.dir
      if (!dir) return
      for (const fileName of Object.keys(bundle)) {
        if (!COMPRESSIBLE.has(extname(fileName))) continue
        const path = join(dir, fileName)
        const source = readFileSync(path)
        if (source.length < MIN_BYTES) continue
        const br = brotliCompressSync(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        })
        if (br.length < source.length) writeFileSync(`${path}.br`, br)
        const gz = gzipSync(source, { level: 9 })
        if (gz.length < source.length) writeFileSync(`${path}.gz`, gz)
      }
    },
  }
}
