import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Texts, type StaffSession } from '@proxima/contracts'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import {
  PASSWORD,
  adminPayload,
  auth,
  createClient,
  createTenant,
  createTenantWithAdmin,
  unique,
} from '../factories.js'
import { GOOGLE_CLIENT_ID, startGoogleKeys } from '../google.js'

let keys: Awaited<ReturnType<typeof startGoogleKeys>>
let app: TestApp
const googleEnv = () => ({ GOOGLE_CLIENT_IDS: GOOGLE_CLIENT_ID, GOOGLE_JWKS_URL: keys.jwksUrl })
beforeAll(async () => {
  keys = await startGoogleKeys()
  app = await buildTestApp({ google: keys.verifier, env: googleEnv() })
})
afterAll(async () => {
  await app.shutdown()
  await keys.close()
})

const now = () => Math.floor(Date.now() / 1000)
const googleSignin = (payload: object, on: TestApp = app) =>
  on.inject({ method: 'POST', url: '/api/auth/google/', payload })
const me = (token: string) => app.inject({ method: 'GET', url: '/api/auth/me/', headers: auth(token) })
const legacy = (code: string, text: string) => ({ message: { error: [text] }, code, detail: text })

describe('POST /api/auth/google/', () => {
  it('requires a credential', async () => {
    const res = await googleSignin({})
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      code: 'validation.failed',
      message: { credential: ['credential is required.'] },
    })
  })

  it('answers 503 auth.google_unavailable when the server has no Google client id', async () => {
    const plain = await buildTestApp()
    try {
      const res = await googleSignin({ credential: await keys.sign({ email: 'someone@example.com' }) }, plain)
      expect(res.statusCode).toBe(503)
      expect(res.json()).toEqual(legacy('auth.google_unavailable', Texts.googleUnavailable))
    } finally {
      await plain.shutdown()
    }
  })

  describe('refuses a token that fails a check with 401 auth.google_token_invalid', () => {
    let email: string
    beforeAll(async () => {
      email = (await createTenantWithAdmin(app)).admin.email
    })
    const cases: [string, () => Promise<string>][] = [
      ['signed by a key that is not Google’s', () => keys.sign({ email }, { foreignKey: true })],
      [
        'issued for another audience',
        () => keys.sign({ email }, { audience: 'someone-else.apps.googleusercontent.com' }),
      ],
      ['from another issuer', () => keys.sign({ email }, { issuer: 'https://evil.example.com' })],
      ['that has expired', () => keys.sign({ email }, { iat: now() - 7200, expiresIn: now() - 60 })],
      [
        'issued more than five minutes in the future',
        () => keys.sign({ email }, { iat: now() + 900, expiresIn: now() + 3600 }),
      ],
      ['whose email Google has not verified', () => keys.sign({ email, email_verified: false })],
      ['that is not a JWT at all', async () => 'not-a-jwt'],
    ]
    it.each(cases)('a token %s', async (_what, make) => {
      const res = await googleSignin({ credential: await make() })
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual(legacy('auth.google_token_invalid', Texts.googleTokenInvalid))
    })

    it('and leaves the account unlinked and unverified', async () => {
      await googleSignin({ credential: await keys.sign({ email }, { foreignKey: true }) })
      const row = await app.db
        .selectFrom('users')
        .select(['google_sub', 'email_verified'])
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
      expect(row).toEqual({ google_sub: null, email_verified: false })
    })
  })

  it('answers 401 auth.google_no_account when no account uses the email, and creates none', async () => {
    const email = `${unique('stranger')}@example.com`
    const res = await googleSignin({ credential: await keys.sign({ email }) })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual(legacy('auth.google_no_account', Texts.googleNoAccount))
    expect(await app.db.selectFrom('users').select('id').where('email', '=', email).execute()).toEqual([])
  })

  it('refuses a customer on the dashboard with the seed text and issues no token', async () => {
    const { client } = await createClient(app)
    const res = await googleSignin({ credential: await keys.sign({ email: client.email }), audience: 'dashboard' })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual(legacy('auth.not_staff', Texts.notStaff))
  })

  it('signs a customer in for the mobile app', async () => {
    const { client } = await createClient(app)
    const res = await googleSignin({ credential: await keys.sign({ email: client.email }) })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ id: client.id, user_type: 'client', email_verified: true })
  })

  it('refuses a disabled account', async () => {
    const { admin } = await createTenantWithAdmin(app)
    await app.db.updateTable('users').set({ is_active: false }).where('id', '=', admin.id).execute()
    const res = await googleSignin({ credential: await keys.sign({ email: admin.email }) })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual(legacy('auth.account_disabled', Texts.accountDisabled))
  })

  it('signs staff in by verified email, confirms the email and links the Google account', async () => {
    const { admin, tenant } = await createTenantWithAdmin(app)
    const sub = unique('google-sub-')
    const picture = 'https://lh3.googleusercontent.com/a/photo.png'
    const res = await googleSignin({
      credential: await keys.sign({ email: admin.email.toUpperCase(), sub, picture }),
      audience: 'dashboard',
    })
    expect(res.statusCode).toBe(200)
    const s = res.json<StaffSession>()
    expect(s).toMatchObject({
      id: admin.id,
      user_type: 'admin',
      tenant_id: { tenant_id: tenant.tenant_id, tenant_name: tenant.tenant_name },
      email_verified: true,
      profile_photo: picture,
    })
    expect(s.token).not.toBe(admin.token)
    expect((await me(s.token)).json()).toMatchObject({
      email_verified: true,
      google_linked: true,
      profile_photo: picture,
    })
  })

  it('finds a linked account by its Google subject after the Google email changed', async () => {
    const { admin } = await createTenantWithAdmin(app)
    const sub = unique('google-sub-')
    expect((await googleSignin({ credential: await keys.sign({ email: admin.email, sub }) })).statusCode).toBe(200)
    const res = await googleSignin({ credential: await keys.sign({ email: `${unique('renamed')}@example.com`, sub }) })
    expect(res.statusCode).toBe(200)
    expect(res.json().id).toBe(admin.id)
  })

  it('does not let another Google account take over a linked account by its email', async () => {
    const { admin } = await createTenantWithAdmin(app)
    await googleSignin({ credential: await keys.sign({ email: admin.email, sub: unique('first-') }) })
    const res = await googleSignin({ credential: await keys.sign({ email: admin.email, sub: unique('second-') }) })
    expect(res.statusCode).toBe(401)
    expect(res.json().code).toBe('auth.google_no_account')
  })
})

describe('Google redirect mode and the HEAD hand-off', () => {
  const LOGIN = 'http://localhost:3000/auth/login'
  const callback = (form: Record<string, string>, csrfCookie: string | null, on: TestApp = app) =>
    on.inject({
      method: 'POST',
      url: '/api/auth/google/callback/',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(csrfCookie ? { cookie: `g_csrf_token=${csrfCookie}` } : {}),
      },
      payload: new URLSearchParams(form).toString(),
    })
  const head = (cookie: string, url = '/chats', on: TestApp = app) =>
    on.inject({ method: 'HEAD', url, headers: { cookie: `pxm_handoff=${cookie}` } })

  /** An admin whose name needs escaping in a header, signed in through the redirect flow. */
  async function redirectSignin(on: TestApp = app) {
    const tenant = await createTenant(on)
    const payload = adminPayload(tenant, { first_name: 'Zoë', last_name: 'Ødegård' })
    const admin = (await on.inject({ method: 'POST', url: '/api/auth/admin/', payload })).json<StaffSession>()
    const res = await callback(
      { credential: await keys.sign({ email: admin.email }), g_csrf_token: 'csrf-1' },
      'csrf-1',
      on,
    )
    const handoff = res.cookies.find((c) => c.name === 'pxm_handoff')
    return { admin, res, handoff: handoff?.value ?? '' }
  }

  it('redirects to the sign-in page with auth.csrf_failed when the CSRF cookie is missing or differs', async () => {
    const credential = await keys.sign({ email: 'x@example.com' })
    for (const res of [
      await callback({ credential, g_csrf_token: 'a' }, 'b'),
      await callback({ credential, g_csrf_token: 'a' }, null),
    ]) {
      expect(res.statusCode).toBe(303)
      expect(res.headers.location).toBe(`${LOGIN}?error=auth.csrf_failed`)
      expect(res.cookies.find((c) => c.name === 'pxm_handoff')).toBeUndefined()
    }
  })

  it('redirects with the failure code when the credential is refused', async () => {
    const invalid = await callback(
      { credential: await keys.sign({ email: 'x@example.com' }, { foreignKey: true }), g_csrf_token: 't' },
      't',
    )
    expect(invalid.headers.location).toBe(`${LOGIN}?error=auth.google_token_invalid`)
    const { client } = await createClient(app)
    const customer = await callback({ credential: await keys.sign({ email: client.email }), g_csrf_token: 't' }, 't')
    expect(customer.statusCode).toBe(303)
    expect(customer.headers.location).toBe(`${LOGIN}?error=auth.not_staff`)
  })

  it('sends staff of a suspended organization or a disabled account to the sign-in page with the reason', async () => {
    const suspended = await createTenantWithAdmin(app)
    await app.db
      .updateTable('tenants')
      .set({ status: 'suspended' })
      .where('id', '=', suspended.tenant.tenant_id)
      .execute()
    const disabled = await createTenantWithAdmin(app)
    await app.db.updateTable('users').set({ is_active: false }).where('id', '=', disabled.admin.id).execute()
    for (const [email, code] of [
      [suspended.admin.email, 'tenant.suspended'],
      [disabled.admin.email, 'auth.account_disabled'],
    ] as const) {
      const res = await callback({ credential: await keys.sign({ email }), g_csrf_token: 't' }, 't')
      expect(res.statusCode).toBe(303)
      expect(res.headers.location).toBe(`${LOGIN}?error=${code}`)
      expect(res.cookies.find((c) => c.name === 'pxm_handoff')).toBeUndefined()
    }
  })

  it('redirects to the dashboard with a short-lived, HttpOnly hand-off cookie', async () => {
    const { res, handoff } = await redirectSignin()
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe('http://localhost:3000/')
    const cookie = res.cookies.find((c) => c.name === 'pxm_handoff')
    expect(cookie).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Lax', maxAge: 120 })
    expect(handoff.length).toBeGreaterThan(20)
  })

  it('hands the staff session over once, in an ASCII auth-data header on HEAD', async () => {
    const { admin, handoff } = await redirectSignin()
    const res = await head(handoff)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    const raw = String(res.headers['auth-data'])
    expect(raw).toMatch(/^[\x20-\x7e]+$/)
    expect(raw).toContain('Zo\\u00eb')
    const session = JSON.parse(raw) as StaffSession
    expect(session).toMatchObject({
      id: admin.id,
      user_type: 'admin',
      first_name: 'Zoë',
      last_name: 'Ødegård',
      email_verified: true,
    })
    expect(session.tenant_id.tenant_id).toBe(admin.tenant_id.tenant_id)
    const profile = await me(session.token)
    expect(profile.statusCode).toBe(200)
    expect(profile.json().id).toBe(admin.id)
    const cleared = res.cookies.find((c) => c.name === 'pxm_handoff')
    expect(cleared).toMatchObject({ value: '', maxAge: 0, httpOnly: true })

    const again = await head(handoff)
    expect(again.statusCode).toBe(200)
    expect(again.headers['auth-data']).toBeUndefined()
  })

  it('marks the reply carrying auth-data Cache-Control: no-store', async () => {
    const { handoff } = await redirectSignin()
    const res = await head(handoff)
    expect(res.headers['auth-data']).toBeDefined()
    expect(res.headers['cache-control']).toBe('no-store')
  })

  it('never sends auth-data on GET, and GET does not use up the hand-off', async () => {
    const { handoff } = await redirectSignin()
    const page = await app.inject({ method: 'GET', url: '/chats', headers: { cookie: `pxm_handoff=${handoff}` } })
    expect(page.statusCode).toBe(200)
    expect(page.headers['auth-data']).toBeUndefined()
    expect(page.body).toContain('<div id="root">')
    expect((await head(handoff, '/auth/login')).headers['auth-data']).toBeDefined()
  })

  it('gives nothing for an unknown hand-off or one older than 120 seconds', async () => {
    expect((await head('A'.repeat(43))).headers['auth-data']).toBeUndefined()
    const clock = testClock()
    const later = await buildTestApp({ clock, google: keys.verifier, env: googleEnv() })
    try {
      const { handoff } = await redirectSignin(later)
      clock.advance(121_000)
      const res = await head(handoff, '/', later)
      expect(res.statusCode).toBe(200)
      expect(res.headers['auth-data']).toBeUndefined()
    } finally {
      await later.shutdown()
    }
  })

  it('keeps password sign-in working for an account linked through Google', async () => {
    const { admin } = await redirectSignin()
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/signin/',
      payload: { email: admin.email, password: PASSWORD },
    })
    expect(res.statusCode).toBe(200)
  })
})
