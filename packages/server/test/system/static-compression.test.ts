import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { openDatabase, type Database } from '../../src/db/database.js'
import { migrate } from '../../src/db/migrate.js'

// A built dashboard's script with the compressed copies the build writes next to it.
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(400))}\n`
const ASSET = 'assets/index-abc123.js'

let dist: string
let database: Database
let app: Awaited<ReturnType<typeof buildApp>>
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'proxima-web-compressed-'))
  mkdirSync(join(dist, 'assets'))
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><!--proxima-config--></head><body></body></html>')
  writeFileSync(join(dist, ASSET), SCRIPT)
  writeFileSync(join(dist, `${ASSET}.br`), brotliCompressSync(SCRIPT))
  writeFileSync(join(dist, `${ASSET}.gz`), gzipSync(SCRIPT))
  database = await openDatabase({})
  await migrate(database)
  app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', APP_BASE_URL: 'http://localhost:3000', LOG_LEVEL: 'silent' }),
    database,
    logger: false,
    limits: null,
    webDistDir: dist,
  })
  await app.ready()
})
afterAll(async () => {
  await app.close()
  await database.close()
  rmSync(dist, { recursive: true, force: true })
})

const get = (encoding?: string) =>
  app.inject({
    method: 'GET',
    url: `/${ASSET}`,
    headers: encoding ? { 'accept-encoding': encoding } : {},
  })

describe('the dashboard files', () => {
  it('are served precompressed with Brotli to browsers that accept it, and stay cached as immutable', async () => {
    const res = await get('gzip, deflate, br')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers.vary).toMatch(/accept-encoding/i)
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT)
  })

  it('fall back to gzip, and to the plain file for clients that accept neither', async () => {
    const gzip = await get('gzip')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT)
    const plain = await get()
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(SCRIPT)
  })
})
