import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { openDatabase, type Database } from '../../src/db/database.js'
import { migrate } from '../../src/db/migrate.js'

const WIDGET_SOURCE = '(function(){window.proximaWidgetTest=true})();\n'

let dist: string
let database: Database
let app: Awaited<ReturnType<typeof buildApp>>
beforeAll(async () => {
  // A built web dist with the dashboard's page and the widget's script next to it.
  dist = mkdtempSync(join(tmpdir(), 'proxima-web-widget-'))
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><!--proxima-config--></head><body></body></html>')
  writeFileSync(join(dist, 'widget.js'), WIDGET_SOURCE)
  writeFileSync(join(dist, 'widget.js.br'), brotliCompressSync(WIDGET_SOURCE))
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
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

describe('the chat widget script', () => {
  it('is served to any site as JavaScript with a cross-origin resource policy and a short cache', async () => {
    const res = await app.inject({ method: 'GET', url: '/widget.js', headers: { origin: 'https://shop.example' } })
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe(WIDGET_SOURCE)
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin')
    expect(res.headers['cache-control']).toBe('public, max-age=300')
    expect(res.headers['access-control-allow-origin']).toBe('*')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
  })

  it('keeps those headers when it is sent compressed', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/widget.js',
      headers: { origin: 'https://shop.example', 'accept-encoding': 'br' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(WIDGET_SOURCE)
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin')
    expect(res.headers['cache-control']).toBe('public, max-age=300')
    expect(res.headers['access-control-allow-origin']).toBe('*')
  })

  it('answers HEAD with the same headers and no body', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/widget.js' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin')
    expect(res.body).toBe('')
  })

  it('leaves the dashboard files same-origin', async () => {
    const res = await app.inject({ method: 'GET', url: '/favicon.svg' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin')
    expect(res.headers['cache-control']).toBe('public, max-age=300')
  })
})
