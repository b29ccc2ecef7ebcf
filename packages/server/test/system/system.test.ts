import { readFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app.js'
import { loadConfig } from '../../src/config.js'
import { openDatabase } from '../../src/db/database.js'
import { migrate } from '../../src/db/migrate.js'
import { DEFAULT_LIMITS } from '../../src/http/rate-limit.js'
import { buildTestApp, type TestApp } from '../app.js'
import { auth, createTenantWithAdmin } from '../factories.js'

let app: TestApp
let adminToken: string
beforeAll(async () => {
  app = await buildTestApp()
  ;({ token: adminToken } = await createTenantWithAdmin(app))
})
afterAll(async () => {
  await app.shutdown()
})

const NOT_FOUND = { message: 'Not found.', code: 'not_found' }
const DASHBOARD_ORIGIN = 'http://localhost:3000'

describe('health and operations', () => {
  it('answers liveness at /healthz and its /api alias', async () => {
    for (const url of ['/healthz', '/api/healthz', '/healthz/']) {
      const res = await app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ status: 'ok' })
    }
  })

  it('reports not ready until the job runner has beaten, then ready', async () => {
    const fresh = await buildTestApp()
    try {
      const before = await fresh.inject({ method: 'GET', url: '/readyz' })
      expect(before.statusCode).toBe(503)
      expect(before.json()).toEqual({
        status: 'unavailable',
        checks: { database: 'ok', migrations: 'ok', jobs: 'failing' },
      })
      await fresh.services.mailWorker.runOnce()
      const after = await fresh.inject({ method: 'GET', url: '/readyz' })
      expect(after.statusCode).toBe(200)
      expect(after.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', jobs: 'ok' } })
    } finally {
      await fresh.shutdown()
    }
  })

  it('turns not ready once shutdown begins', async () => {
    const fresh = await buildTestApp()
    try {
      await fresh.services.mailWorker.runOnce()
      fresh.beginShutdown()
      const res = await fresh.inject({ method: 'GET', url: '/readyz' })
      expect(res.statusCode).toBe(503)
      expect(res.json().status).toBe('unavailable')
    } finally {
      await fresh.shutdown()
    }
  })

  it('publishes an OpenAPI 3.1 document listing the API', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/openapi.json' })
    expect(res.statusCode).toBe(200)
    const doc = res.json()
    expect(doc.openapi).toBe('3.1.0')
    expect(doc.paths['/api/auth/signin/']).toHaveProperty('post')
    expect(doc.paths['/api/tenantmanagement/tenant/']).toHaveProperty('get')
    expect(doc.paths['/api/tenantmanagement/adress/'].get['x-alias-of']).toBe('/api/tenantmanagement/address/')
  })

  it('serves the documentation viewer as HTML without a token', async () => {
    const res = await app.inject({ method: 'GET', url: '/docs' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(res.body).toMatch(/<html|<!doctype|<!-- HTML/i)
    // Every asset is served locally: no CDN.
    const assets = [...res.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!)
    expect(assets.length).toBeGreaterThan(0)
    for (const asset of assets) expect(asset, asset).toMatch(/^\/docs\//)
    expect((await app.inject({ method: 'GET', url: '/docs/static/swagger-ui-bundle.js' })).statusCode).toBe(200)
  })

  it('tells the version it runs', async () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
    const res = await app.inject({ method: 'GET', url: '/api/version' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      version: pkg.version,
      commit: expect.toBeOneOf([null, expect.any(String)]),
      built_at: expect.toBeOneOf([null, expect.any(String)]),
    })
  })
})

describe('paths and methods', () => {
  it('answers an unknown /api path with the standard 404 body', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await app.inject({ method, url: '/api/no-such-thing/' })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual(NOT_FOUND)
    }
  })

  it('answers a method the path does not support with 405 and an Allow header', async () => {
    const res = await app.inject({ method: 'DELETE', url: '/api/tenantmanagement/tenant/', headers: auth(adminToken) })
    expect(res.statusCode).toBe(405)
    expect(res.json()).toEqual({ message: 'This method is not allowed here.', code: 'method_not_allowed' })
    expect(res.headers.allow).toContain('GET')
    expect(res.headers.allow).toContain('PATCH')
    expect(res.headers.allow).not.toContain('DELETE')
    const getOnPost = await app.inject({ method: 'GET', url: '/api/auth/signin' })
    expect(getOnPost.statusCode).toBe(405)
    expect(getOnPost.headers.allow).toBe('POST')
  })

  it('treats the trailing slash as optional and collapses repeated slashes', async () => {
    const payload = { email: 'nobody-at-all@example.com', password: 'Wrong-password-1' }
    for (const url of ['/api/auth/signin', '/api/auth/signin/', '//api/auth/signin', '/api//auth/signin/']) {
      const res = await app.inject({ method: 'POST', url, payload })
      expect(res.statusCode, url).toBe(401)
      expect(res.json().code).toBe('auth.invalid_credentials')
    }
    const tenant = await app.inject({ method: 'GET', url: '/api/tenantmanagement/tenant', headers: auth(adminToken) })
    expect(tenant.statusCode).toBe(200)
  })
})

describe('rate limits', () => {
  it('leaves health routes unlimited, limits the rest, and answers onboarding floods with 429', async () => {
    const limited = await buildTestApp({ limits: DEFAULT_LIMITS })
    try {
      for (const url of ['/healthz', '/readyz', '/api/healthz', '/api/version']) {
        expect((await limited.inject({ method: 'GET', url })).headers['ratelimit-limit'], url).toBeUndefined()
      }
      const plans = await limited.inject({ method: 'GET', url: '/api/tenantmanagement/plans/' })
      expect(plans.headers['ratelimit-limit']).toBe('600')
      expect(Number(plans.headers['ratelimit-remaining'])).toBeLessThan(600)
      const create = () =>
        limited.inject({
          method: 'POST',
          url: '/api/tenantmanagement/tenant/',
          payload: {},
          remoteAddress: '10.20.30.40',
        })
      for (let i = 0; i < 5; i++) expect((await create()).statusCode).toBe(400)
      const res = await create()
      expect(res.statusCode).toBe(429)
      expect(res.json()).toMatchObject({
        code: 'rate_limited',
        message: { error: [expect.stringMatching(/^Too many requests\. Try again in \d+ seconds\.$/)] },
      })
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(60)
    } finally {
      await limited.shutdown()
    }
  })
})

describe('request formats', () => {
  it('answers malformed JSON with 400 request.malformed_json', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/tenantmanagement/product/',
      headers: { ...auth(adminToken), 'content-type': 'application/json' },
      payload: '{"name": "Widget", ',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'request.malformed_json', message: 'The request body is not valid JSON.' })
  })

  it('refuses a text/plain body with 415 instead of reading it', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/tenantmanagement/product/',
      headers: { ...auth(adminToken), 'content-type': 'text/plain' },
      payload: 'name=Widget',
    })
    expect(res.statusCode).toBe(415)
    expect(res.json()).toEqual({
      message: 'Send the request body as application/json.',
      code: 'request.unsupported_media_type',
    })
  })

  it('refuses a form-encoded body outside the Google callback with 415', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/tenantmanagement/product/',
      headers: { ...auth(adminToken), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=Widget&price=1',
    })
    expect(res.statusCode).toBe(415)
    expect(res.json().code).toBe('request.unsupported_media_type')
  })

  it('refuses a JSON body over 1 MiB with 413', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/tenantmanagement/metadata/',
      headers: { ...auth(adminToken), 'content-type': 'application/json' },
      payload: JSON.stringify({ key: 'big', value: 'x'.repeat(1.5 * 1024 * 1024) }),
    })
    expect(res.statusCode).toBe(413)
    expect(res.json()).toEqual({ message: 'The request body is too large.', code: 'request.too_large' })
  })

  it('bounds every request at 30 seconds by default', async () => {
    expect((app.initialConfig as { handlerTimeout?: number }).handlerTimeout).toBe(30_000)
  })

  it('answers a request that outlives its bound with 504 server.timeout', async () => {
    // Its own embedded database and a 5 ms bound: sign-in hashes a password, which takes longer.
    const database = await openDatabase({})
    await migrate(database)
    const slow = await buildApp({
      config: loadConfig({ NODE_ENV: 'test' }),
      database,
      logger: false,
      limits: null,
      webDistDir: '/nonexistent',
      requestTimeoutMs: 5,
    })
    try {
      const res = await slow.inject({
        method: 'POST',
        url: '/api/auth/signin/',
        payload: { email: 'slow@example.com', password: 'Whatever-pass-1' },
      })
      expect(res.statusCode).toBe(504)
      expect(res.json()).toMatchObject({
        code: 'server.timeout',
        detail: 'The server took too long to answer. Try again.',
      })
      await sleep(300)
    } finally {
      await slow.close()
      await database.close()
    }
  })

  it('echoes a safe X-Request-Id and replaces an unsafe one', async () => {
    const safe = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'trace-abc_123.4:5' } })
    expect(safe.headers['x-request-id']).toBe('trace-abc_123.4:5')
    for (const unsafe of ['has spaces in it', '<script>', 'x'.repeat(65)]) {
      const res = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': unsafe } })
      expect(res.headers['x-request-id']).not.toBe(unsafe)
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    }
    const generated = await app.inject({ method: 'GET', url: '/api/no-such-thing/' })
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
  })
})

describe('security headers and CORS', () => {
  it('sends nosniff and no-referrer on API answers, errors included', async () => {
    for (const url of ['/healthz', '/api/tenantmanagement/tenant/']) {
      const res = await app.inject({ method: 'GET', url })
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['referrer-policy']).toBe('no-referrer')
    }
  })

  it('sends Strict-Transport-Security in production only', async () => {
    expect((await app.inject({ method: 'GET', url: '/healthz' })).headers['strict-transport-security']).toBeUndefined()
    const prod = await buildTestApp({ env: { NODE_ENV: 'production', APP_BASE_URL: 'https://app.example.com' } })
    try {
      const res = await prod.inject({ method: 'GET', url: '/healthz' })
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/)
    } finally {
      await prod.shutdown()
    }
  })

  it('gives dashboard pages a content security policy that allows https images', async () => {
    const res = await app.inject({ method: 'GET', url: '/auth/login' })
    const csp = String(res.headers['content-security-policy'])
    expect(csp).toMatch(/img-src [^;]*https:/)
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("frame-ancestors 'none'")
  })

  it('lets dashboard pages play media only from their own origin, where they fetch voice messages', async () => {
    const res = await app.inject({ method: 'GET', url: '/chats/1' })
    const directives = String(res.headers['content-security-policy']).split(';')
    expect(directives.map((d) => d.trim()).filter((d) => d.startsWith('media-src'))).toEqual(["media-src 'self'"])
  })

  it('allows a preflight from the configured origin with the contract methods and headers', async () => {
    const res = await app.inject({
      method: 'OPTIONS',
      url: '/api/tenantmanagement/product/1/',
      headers: {
        origin: DASHBOARD_ORIGIN,
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'authorization,content-type',
      },
    })
    expect(res.statusCode).toBe(204)
    expect(res.headers['access-control-allow-origin']).toBe(DASHBOARD_ORIGIN)
    const methods = String(res.headers['access-control-allow-methods'])
    for (const m of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']) expect(methods).toContain(m)
    const headers = String(res.headers['access-control-allow-headers']).toLowerCase()
    for (const h of ['authorization', 'content-type', 'idempotency-key', 'x-request-id']) expect(headers).toContain(h)
    expect(res.headers['access-control-allow-credentials']).toBeUndefined()
  })

  it('exposes the contract headers to the dashboard origin on real answers', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/tenantmanagement/tenant/',
      headers: { ...auth(adminToken), origin: DASHBOARD_ORIGIN },
    })
    expect(res.headers['access-control-allow-origin']).toBe(DASHBOARD_ORIGIN)
    const exposed = String(res.headers['access-control-expose-headers']).toLowerCase()
    for (const h of [
      'x-request-id',
      'ratelimit-limit',
      'ratelimit-remaining',
      'ratelimit-reset',
      'retry-after',
      'content-disposition',
      'x-report-rows',
      'idempotent-replayed',
      'auth-data',
    ]) {
      expect(exposed).toContain(h)
    }
  })

  it('does not allow another origin on staff routes', async () => {
    const res = await app.inject({
      method: 'OPTIONS',
      url: '/api/tenantmanagement/tenant/',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    })
    expect(res.headers['access-control-allow-origin']).toBeUndefined()
    const get = await app.inject({
      method: 'GET',
      url: '/api/tenantmanagement/tenant/',
      headers: { ...auth(adminToken), origin: 'https://evil.example' },
    })
    expect(get.headers['access-control-allow-origin']).toBeUndefined()
  })

  it('allows any origin on the widget visitor paths', async () => {
    for (const url of ['/api/auth/anonymoususer/', '/api/widget/config/']) {
      const res = await app.inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin: 'https://shop.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      })
      expect(res.statusCode).toBe(204)
      expect(res.headers['access-control-allow-origin']).toBe('https://shop.example')
    }
  })
})

describe('dashboard pages', () => {
  it('serves index.html with the configuration meta tag for page URLs', async () => {
    for (const url of ['/_app', '/chats/42', '/surveys/4?x=1', '/auth/onboarding', '/auth', '/auth/login/extra']) {
      const res = await app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['content-type']).toMatch(/^text\/html/)
      expect(res.body).toContain('<div id="root">')
      expect(res.body).toContain('<meta name="proxima-config" content="{&quot;googleClientId&quot;:null}">')
      expect(res.headers['auth-data']).toBeUndefined()
    }
  })

  it('serves the credential pages from auth.html, with the same configuration, headers and caching', async () => {
    const index = await app.inject({ method: 'GET', url: '/chats/42' })
    for (const url of [
      '/auth/login',
      '/auth/login?next=%2Fchats',
      '/auth/login/',
      '//auth//login',
      '/auth/forgot-password',
      '/auth/reset-password/new-password?token=abc',
      '/auth/invitation?token=abc',
    ]) {
      const res = await app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['content-type'], url).toMatch(/^text\/html/)
      expect(res.body, url).toContain('<div id="root" data-page="auth">')
      expect(res.body, url).toContain('<meta name="proxima-config" content="{&quot;googleClientId&quot;:null}">')
      for (const header of ['content-security-policy', 'cache-control', 'x-content-type-options', 'referrer-policy'])
        expect(res.headers[header], `${url} ${header}`).toBe(index.headers[header])
    }
  })

  it('serves public survey links from survey.html, with the same headers and caching, and nothing else from it', async () => {
    const index = await app.inject({ method: 'GET', url: '/chats/42' })
    for (const url of [
      '/s/AbCdEfGhIjKlMnOpQrStUv',
      '/s/AbCdEfGhIjKlMnOpQrStUv/',
      '/s/AbCdEfGhIjKlMnOpQrStUv?invite=abc',
    ]) {
      const res = await app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['content-type'], url).toMatch(/^text\/html/)
      expect(res.body, url).toContain('<div id="root" data-page="survey">')
      for (const header of ['content-security-policy', 'cache-control', 'x-content-type-options', 'referrer-policy'])
        expect(res.headers[header], `${url} ${header}`).toBe(index.headers[header])
    }
    for (const url of ['/s', '/s/', '/s/key/more', '/surveys/4']) {
      const res = await app.inject({ method: 'GET', url })
      expect(res.body, url).not.toContain('data-page="survey"')
    }
  })

  it('answers HEAD on a page URL without a hand-off cookie with 200 and no auth-data', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/_app' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(res.headers['auth-data']).toBeUndefined()
    expect(res.body).toBe('')
  })

  it('clears an unknown hand-off cookie on HEAD without handing anything off', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/auth/login', cookies: { pxm_handoff: 'not-a-real-handoff' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['auth-data']).toBeUndefined()
    expect(String(res.headers['set-cookie'])).toMatch(/pxm_handoff=;.*Max-Age=0/)
  })

  it('serves static files as themselves', async () => {
    const res = await app.inject({ method: 'GET', url: '/favicon.svg' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('<svg')
  })
})
