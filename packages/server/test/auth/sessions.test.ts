import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Texts } from '@proxima/contracts'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import { PASSWORD, auth, createClient, createTenantWithAdmin, unique } from '../factories.js'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(async () => {
  await app.shutdown()
})

const DAY = 86_400_000
const UNKNOWN_TOKEN = `pxm_${'A'.repeat(43)}`
const check = (query: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: `/auth/checktokenexpiry${query}`, headers })
const me = (headers: Record<string, string>, url = '/api/auth/me/') => app.inject({ method: 'GET', url, headers })
const patchMe = (token: string, payload: object) =>
  app.inject({ method: 'PATCH', url: '/api/auth/me/', headers: auth(token), payload })
const logout = (token: string, payload?: object) =>
  app.inject({ method: 'POST', url: '/api/auth/logout/', headers: auth(token), ...(payload ? { payload } : {}) })
const signin = (email: string, password = PASSWORD) =>
  app.inject({ method: 'POST', url: '/api/auth/signin/', payload: { email, password } })
const expired = (code: string) => ({ message: Texts.tokenExpired, code })

async function visitorToken() {
  const owner = await createTenantWithAdmin(app)
  const key = (await me(auth(owner.token), '/api/tenantmanagement/settings/')).json().widget.widget_key
  return (await app.inject({ method: 'POST', url: '/api/auth/anonymoususer/', payload: { widget_key: key } })).json()
    .token as string
}

describe('GET /auth/checktokenexpiry', () => {
  it('answers a missing token with 401 auth.token_missing and no caching', async () => {
    const res = await check('')
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual(expired('auth.token_missing'))
    expect(res.headers['cache-control']).toBe('no-store')
  })

  it('answers an unknown, malformed, overlong or repeated token with 401 auth.token_invalid', async () => {
    for (const token of [UNKNOWN_TOKEN, 'garbage', 'x'.repeat(300), `${UNKNOWN_TOKEN}&token=${UNKNOWN_TOKEN}`]) {
      const res = await check(`?token=${token}`)
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual(expired('auth.token_invalid'))
    }
  })

  it('confirms a live token with its expiry and user type, at both paths', async () => {
    const { admin, token } = await createTenantWithAdmin(app)
    for (const url of [`/auth/checktokenexpiry?token=${token}`, `/api/auth/checktokenexpiry?token=${token}`]) {
      const res = await app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ message: Texts.tokenValid, expires_at: admin.expires_at, user_type: 'admin' })
      expect(res.headers['cache-control']).toBe('no-store')
    }
  })

  it('reads the token from the Authorization header when the query has none', async () => {
    const { token } = await createClient(app)
    const res = await check('', auth(token))
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ message: Texts.tokenValid, user_type: 'client' })
  })

  it('prefers the query token over the header', async () => {
    const { token } = await createClient(app)
    const res = await check(`?token=${UNKNOWN_TOKEN}`, auth(token))
    expect(res.json()).toEqual(expired('auth.token_invalid'))
  })

  it('answers a token revoked by logout with auth.token_revoked', async () => {
    const { token } = await createTenantWithAdmin(app)
    expect((await logout(token)).statusCode).toBe(204)
    const res = await check(`?token=${token}`)
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual(expired('auth.token_revoked'))
  })

  it('answers a staff token older than 14 days with auth.token_expired, here and on every route', async () => {
    const clock = testClock()
    const later = await buildTestApp({ clock })
    try {
      const { token } = await createTenantWithAdmin(later)
      clock.advance(13 * DAY)
      expect((await later.inject({ method: 'GET', url: `/auth/checktokenexpiry?token=${token}` })).statusCode).toBe(200)
      clock.advance(2 * DAY)
      const res = await later.inject({ method: 'GET', url: `/auth/checktokenexpiry?token=${token}` })
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual(expired('auth.token_expired'))
      const call = await later.inject({ method: 'GET', url: '/api/auth/me/', headers: auth(token) })
      expect(call.statusCode).toBe(401)
      expect(call.json().code).toBe('auth.token_expired')
    } finally {
      await later.shutdown()
    }
  })
})

describe('tokens on protected routes', () => {
  it('answers a call without a token with 401 auth.required', async () => {
    const res = await me({})
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ message: 'Sign in to continue.', code: 'auth.required' })
  })

  it('answers an unknown token with 401 auth.token_invalid', async () => {
    const res = await me(auth(UNKNOWN_TOKEN))
    expect(res.statusCode).toBe(401)
    expect(res.json().code).toBe('auth.token_invalid')
  })

  it('accepts the Bearer scheme and the scheme in lower case', async () => {
    const { admin, token } = await createTenantWithAdmin(app)
    for (const authorization of [`Bearer ${token}`, `token ${token}`, `TOKEN ${token}`]) {
      const res = await me({ authorization })
      expect(res.statusCode, authorization.split(' ')[0]).toBe(200)
      expect(res.json().id).toBe(admin.id)
    }
    expect((await me({ authorization: `Basic ${token}` })).statusCode).toBe(401)
  })
})

describe('POST /api/auth/logout/', () => {
  it('requires a token', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/logout/' })
    expect(res.statusCode).toBe(401)
  })

  it('revokes only the presented token', async () => {
    const { admin, token } = await createTenantWithAdmin(app)
    const other = (await signin(admin.email)).json().token
    const res = await logout(token)
    expect(res.statusCode).toBe(204)
    expect(res.body).toBe('')
    expect((await me(auth(token))).json().code).toBe('auth.token_revoked')
    expect((await me(auth(other))).statusCode).toBe(200)
  })

  it('accepts an empty body sent with a JSON content type', async () => {
    const { token } = await createClient(app)
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/logout/',
      headers: { ...auth(token), 'content-type': 'application/json' },
      payload: '',
    })
    expect(res.statusCode).toBe(204)
    expect((await me(auth(token))).statusCode).toBe(401)
  })

  it('revokes every token of the user with all: true', async () => {
    const { admin, token } = await createTenantWithAdmin(app)
    const other = (await signin(admin.email)).json().token
    expect((await logout(token, { all: true })).statusCode).toBe(204)
    for (const t of [token, other]) expect((await me(auth(t))).statusCode).toBe(401)
    expect((await signin(admin.email)).statusCode).toBe(200)
  })

  it('ends a widget visitor session too', async () => {
    const token = await visitorToken()
    expect((await logout(token)).statusCode).toBe(204)
    expect((await check(`?token=${token}`)).json()).toEqual(expired('auth.token_revoked'))
  })
})

describe('GET /api/auth/me/', () => {
  it('refuses widget visitors with 403', async () => {
    const res = await me(auth(await visitorToken()))
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('auth.forbidden')
  })

  it('shows staff their profile with the organization and notification preferences', async () => {
    const { admin, tenant, token } = await createTenantWithAdmin(app)
    const res = await me(auth(token))
    expect(res.statusCode).toBe(200)
    const p = res.json()
    expect(p).toMatchObject({
      id: admin.id,
      user_type: 'admin',
      username: admin.username,
      email: admin.email,
      email_verified: false,
      first_name: 'Ada',
      last_name: 'Admin',
      phonenumber: null,
      tenant_id: { tenant_id: tenant.tenant_id, tenant_name: tenant.tenant_name },
      notification_preferences: { email_escalations: true },
      has_password: true,
      google_linked: false,
    })
    expect(p.password).toBeUndefined()
    expect(p.password_hash).toBeUndefined()
  })

  it('shows a customer a profile without an organization', async () => {
    const { client, token } = await createClient(app)
    const p = (await me(auth(token))).json()
    expect(p).toMatchObject({ id: client.id, user_type: 'client', tenant_id: null, notification_preferences: null })
  })

  it('is also served at /api/auth/profile/ and /api/userprofiles/me/, with or without the trailing slash', async () => {
    const { admin, token } = await createTenantWithAdmin(app)
    for (const url of ['/api/auth/profile/', '/api/userprofiles/me/', '/api/auth/me', '/api/userprofiles/me']) {
      const res = await me(auth(token), url)
      expect(res.statusCode, url).toBe(200)
      expect(res.json().id).toBe(admin.id)
    }
  })

  it('serves /api/userprofiles/<type>/ only to accounts of that type', async () => {
    const { token: adminToken } = await createTenantWithAdmin(app)
    const { token: clientToken } = await createClient(app)
    expect((await me(auth(adminToken), '/api/userprofiles/admin/')).statusCode).toBe(200)
    expect((await me(auth(clientToken), '/api/userprofiles/client/')).statusCode).toBe(200)
    const refused = await me(auth(clientToken), '/api/userprofiles/admin/')
    expect(refused.statusCode).toBe(403)
    expect(refused.json().code).toBe('auth.forbidden')
    expect((await me(auth(adminToken), '/api/userprofiles/employee/')).statusCode).toBe(403)
    expect((await me(auth(adminToken), '/api/userprofiles/client/')).statusCode).toBe(403)
  })
})

describe('PATCH /api/auth/me/', () => {
  it('requires a token', async () => {
    const res = await app.inject({ method: 'PATCH', url: '/api/auth/me/', payload: { first_name: 'X' } })
    expect(res.statusCode).toBe(401)
  })

  it('rejects an invalid phone number, photo URL and date of birth field by field', async () => {
    const { token } = await createClient(app)
    const res = await patchMe(token, {
      phonenumber: '0712 345',
      profile_photo: 'http://example.com/a.png',
      DOB: '2999-01-01',
    })
    expect(res.statusCode).toBe(400)
    const { errors } = res.json()
    expect(errors.phonenumber).toEqual(['Enter a phone number in international format, e.g. +254712345678.'])
    expect(errors.profile_photo).toEqual(['Enter an https URL.'])
    expect((await me(auth(token))).json().phonenumber).toBeNull()
  })

  it('clears the phone number, gender and date of birth sent empty, as the old mobile app sends them', async () => {
    const { token } = await createClient(app)
    const set = await patchMe(token, { phonenumber: '+254712345678', gender: 'Female', DOB: '1990-04-02' })
    expect(set.statusCode, set.body).toBe(200)
    const cleared = await patchMe(token, { phonenumber: '', gender: '', DOB: ' ' })
    expect(cleared.statusCode, cleared.body).toBe(200)
    expect(cleared.json()).toMatchObject({ phonenumber: null, gender: null, DOB: null })
    expect((await me(auth(token))).json()).toMatchObject({ phonenumber: null, gender: null, DOB: null })
  })

  it('refuses a username another account uses, in any letter case, with 409', async () => {
    const { client: other } = await createClient(app)
    const { token } = await createClient(app)
    const res = await patchMe(token, { username: other.username.toUpperCase() })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({
      message: Texts.duplicateUsername,
      code: 'auth.duplicate_user',
      errors: { username: [Texts.duplicateUsername] },
    })
  })

  it('updates the profile and ignores email, user_type and tenant_id', async () => {
    const { admin, tenant, token } = await createTenantWithAdmin(app)
    const username = unique('renamed')
    const res = await patchMe(token, {
      username,
      first_name: ' Grace ',
      phonenumber: '+254 712 345 678',
      gender: 'other',
      DOB: '1985-06-30',
      profile_photo: 'https://images.example.com/grace.png',
      county: 'Nairobi County',
      city: 'Nairobi',
      notification_preferences: { email_escalations: false },
      email: 'hijack@example.com',
      user_type: 'client',
      // The session's own shape, as a client echoing it back would send it (a tenant named by id is §1.5.2's 404).
      tenant_id: { tenant_id: 1, tenant_name: 'Elsewhere' },
    })
    expect(res.statusCode).toBe(200)
    const expected = {
      username,
      first_name: 'Grace',
      phonenumber: '+254712345678',
      gender: 'Other',
      DOB: '1985-06-30',
      profile_photo: 'https://images.example.com/grace.png',
      state: 'Nairobi County',
      city: 'Nairobi',
      notification_preferences: { email_escalations: false },
      email: admin.email,
      user_type: 'admin',
      tenant_id: { tenant_id: tenant.tenant_id, tenant_name: tenant.tenant_name },
    }
    expect(res.json()).toMatchObject(expected)
    expect((await me(auth(token))).json()).toMatchObject(expected)
    expect((await signin(admin.email)).statusCode).toBe(200)
  })

  it('lets a person change the letter case of their own username', async () => {
    const { client, token } = await createClient(app)
    const res = await patchMe(token, { username: client.username.toUpperCase() })
    expect(res.statusCode).toBe(200)
    expect(res.json().username).toBe(client.username.toUpperCase())
  })
})

describe('DELETE /api/auth/me/', () => {
  const remove = (token: string, payload?: object) =>
    app.inject({ method: 'DELETE', url: '/api/auth/me/', headers: auth(token), ...(payload ? { payload } : {}) })

  it('requires a token', async () => {
    expect((await app.inject({ method: 'DELETE', url: '/api/auth/me/' })).statusCode).toBe(401)
  })

  it('asks for the password, and refuses a wrong one', async () => {
    const { token } = await createClient(app)
    const missing = await remove(token)
    expect(missing.statusCode).toBe(400)
    expect(missing.json().errors.password).toHaveLength(1)
    const wrong = await remove(token, { password: 'Not-my-password-1' })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().code).toBe('auth.wrong_password')
    expect((await me(auth(token))).statusCode).toBe(200)
  })

  it('refuses staff with 403', async () => {
    const { token } = await createTenantWithAdmin(app)
    const res = await remove(token, { password: PASSWORD })
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('auth.forbidden')
    expect((await me(auth(token))).statusCode).toBe(200)
  })

  it("deletes a customer's account: the token dies, sign-in fails and the personal data is gone", async () => {
    const { client, token } = await createClient(app, { phonenumber: '+254712000111' })
    const other = (await signin(client.email)).json().token
    const res = await remove(token, { password: PASSWORD })
    expect(res.statusCode).toBe(204)
    for (const t of [token, other]) expect((await me(auth(t))).statusCode).toBe(401)
    const again = await signin(client.email)
    expect(again.statusCode).toBe(401)
    expect(again.json().code).toBe('auth.invalid_credentials')
    const row = await app.db.selectFrom('users').selectAll().where('id', '=', client.id).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ first_name: 'Deleted', last_name: 'user', phonenumber: null, password_hash: null })
    expect(row.email).not.toBe(client.email)
    // The address is free for a new account.
    expect((await createClient(app, { email: client.email })).client.email).toBe(client.email)
  })
})
