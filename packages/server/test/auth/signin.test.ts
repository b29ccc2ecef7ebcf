import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Texts } from '@proxima/contracts'
import { DEFAULT_LIMITS } from '../../src/http/rate-limit.js'
import { buildTestApp, type TestApp } from '../app.js'
import { PASSWORD, auth, createClient, createTenantWithAdmin } from '../factories.js'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(async () => {
  await app.shutdown()
})

const signin = (payload: unknown) =>
  app.inject({ method: 'POST', url: '/api/auth/signin/', payload: payload as object })

describe('POST /api/auth/signin/', () => {
  it('answers missing fields with 400 in the legacy form the dashboard reads', async () => {
    const res = await signin({})
    expect(res.statusCode).toBe(400)
    const body = res.json()
    expect(body.code).toBe('validation.failed')
    expect(body.message.error[0]).toBe('Email is required.')
    expect(body.message.email).toEqual(['Email is required.'])
    expect(body.message.password).toEqual(['Password is required.'])
    expect(body.errors.email).toEqual(['Email is required.'])
    expect(body.detail).toBe('Email is required.')
  })

  it('rejects a malformed email with the seed wording', async () => {
    const res = await signin({ email: 'not-an-email', password: 'x' })
    expect(res.statusCode).toBe(400)
    expect(res.json().message.error[0]).toBe('Enter a valid email address.')
  })

  it('gives one answer for an unknown email and a wrong password', async () => {
    const { admin } = await createTenantWithAdmin(app)
    const wrong = await signin({ email: admin.email, password: 'Wrong-password-1' })
    const unknown = await signin({ email: 'nobody-here@example.com', password: 'Wrong-password-1' })
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401)
      expect(res.json()).toMatchObject({
        code: 'auth.invalid_credentials',
        message: { error: [Texts.invalidCredentials] },
      })
    }
  })

  it('signs staff in with a session holding the tenant and an opaque token', async () => {
    const { admin, tenant } = await createTenantWithAdmin(app)
    const res = await signin({ email: admin.email.toUpperCase(), password: PASSWORD, audience: 'dashboard' })
    expect(res.statusCode).toBe(200)
    const s = res.json()
    expect(s).toMatchObject({
      id: admin.id,
      user_type: 'admin',
      username: admin.username,
      email: admin.email,
      tenant_id: { tenant_id: tenant.tenant_id, tenant_name: tenant.tenant_name },
    })
    expect(s.token).toMatch(/^pxm_[A-Za-z0-9_-]{43}$/)
    expect(s.token).not.toBe(admin.token)
    expect(new Date(s.expires_at).getTime() - Date.now()).toBeGreaterThan(13.9 * 86_400_000)
    const me = await app.inject({ method: 'GET', url: '/api/auth/me/', headers: auth(s.token) })
    expect(me.statusCode).toBe(200)
    expect(me.json().last_login_at).not.toBeNull()
  })

  it('refuses a customer on the dashboard with the seed text and issues no token', async () => {
    const { client } = await createClient(app)
    const res = await signin({ email: client.email, password: PASSWORD, audience: 'dashboard' })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({ code: 'auth.not_staff', message: { error: [Texts.notStaff] } })
    expect(res.json().token).toBeUndefined()
  })

  it('signs a customer in for the mobile app', async () => {
    const { client } = await createClient(app)
    const res = await signin({ email: client.email, password: PASSWORD })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ user_type: 'client', id: client.id })
    expect(res.json().tenant_id).toBeUndefined()
  })

  it('locks an account after five failures in fifteen minutes, even for the right password', async () => {
    const { admin } = await createTenantWithAdmin(app)
    for (let i = 0; i < 5; i++)
      expect((await signin({ email: admin.email, password: `Wrong-${i}-pass` })).statusCode).toBe(401)
    const res = await signin({ email: admin.email, password: PASSWORD })
    expect(res.statusCode).toBe(429)
    expect(res.json()).toMatchObject({ code: 'auth.locked', message: { error: [Texts.locked] } })
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(800)
  })

  it('refuses a disabled account', async () => {
    const { admin } = await createTenantWithAdmin(app)
    await app.db.updateTable('users').set({ is_active: false }).where('id', '=', admin.id).execute()
    const res = await signin({ email: admin.email, password: PASSWORD })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({ code: 'auth.account_disabled', message: { error: [Texts.accountDisabled] } })
  })

  it('refuses staff of a suspended organization, at sign-in and on every call', async () => {
    const { admin, tenant, token } = await createTenantWithAdmin(app)
    await app.db.updateTable('tenants').set({ status: 'suspended' }).where('id', '=', tenant.tenant_id).execute()
    const res = await signin({ email: admin.email, password: PASSWORD })
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('tenant.suspended')
    const call = await app.inject({ method: 'GET', url: '/api/tenantmanagement/tenant/', headers: auth(token) })
    expect(call.statusCode).toBe(403)
    expect(call.json()).toMatchObject({ code: 'tenant.suspended', message: Texts.tenantSuspended })
  })
})

describe('sign-in rate limit', () => {
  it('allows ten attempts a minute per address, then answers 429 with RateLimit headers', async () => {
    const limited = await buildTestApp({ limits: DEFAULT_LIMITS })
    try {
      const attempt = () =>
        limited.inject({
          method: 'POST',
          url: '/api/auth/signin/',
          payload: { email: 'rl@example.com', password: 'x' },
          remoteAddress: '10.9.8.7',
        })
      const first = await attempt()
      expect(first.headers['ratelimit-limit']).toBe('10')
      for (let i = 1; i < 10; i++) expect((await attempt()).statusCode).toBe(401)
      const res = await attempt()
      expect(res.statusCode).toBe(429)
      expect(res.json()).toMatchObject({
        code: 'rate_limited',
        message: { error: [expect.stringMatching(/^Too many requests\. Try again in \d+ seconds\.$/)] },
      })
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
      // Another address is not affected.
      const other = await limited.inject({
        method: 'POST',
        url: '/api/auth/signin/',
        payload: { email: 'rl@example.com', password: 'x' },
        remoteAddress: '10.9.8.8',
      })
      expect(other.statusCode).toBe(401)
    } finally {
      await limited.shutdown()
    }
  })
})
