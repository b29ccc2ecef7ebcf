import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Texts, type StaffSession, type TenantCreated } from '@proxima/contracts'
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

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(async () => {
  await app.shutdown()
})

const DAY = 86_400_000
const isoDaysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString().slice(0, 10)
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload, headers })
const registerAdmin = (payload: object) => post('/api/auth/admin/', payload)
async function tenantRow(id: number) {
  return app.db.selectFrom('tenants').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
}

describe('POST /api/tenantmanagement/tenant/', () => {
  it('answers missing fields with 400 in the legacy form, one array per field', async () => {
    const res = await post('/api/tenantmanagement/tenant/', {})
    expect(res.statusCode).toBe(400)
    const body = res.json()
    expect(body.code).toBe('validation.failed')
    expect(body.message.error).toHaveLength(1)
    expect(body.message.tenant_name).toEqual(['Organization name is required.'])
    expect(body.message.industry).toEqual(['Industry is required.'])
    expect(body.message.email).toEqual(['Email is required.'])
    expect(body.errors.email).toEqual(['Email is required.'])
    expect(body.detail).toBe(body.message.error[0])
  })

  it('rejects an invalid email, phone number and a one-letter name field by field', async () => {
    const res = await post('/api/tenantmanagement/tenant/', {
      tenant_name: 'A',
      industry: 'Retail',
      email: 'nope',
      phonenumber: '0712',
    })
    expect(res.statusCode).toBe(400)
    const { message } = res.json()
    expect(message.tenant_name).toEqual(['Organization name must be at least 2 characters.'])
    expect(message.email).toEqual(['Enter a valid email address.'])
    expect(message.phonenumber).toEqual(['Enter a phone number in international format, e.g. +254712345678.'])
  })

  it('refuses a name already taken in another letter case with 409 in the legacy form', async () => {
    const name = unique('Acme Widgets ')
    await createTenant(app, { tenant_name: name })
    const res = await post('/api/tenantmanagement/tenant/', {
      tenant_name: name.toUpperCase(),
      industry: 'Retail',
      email: 'x@example.com',
    })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({
      message: { error: [Texts.tenantNameTaken] },
      code: 'tenant.name_taken',
      detail: Texts.tenantNameTaken,
    })
  })

  it('creates a pending organization with a one-time onboarding token valid for 24 hours', async () => {
    const name = unique('Harbour Foods ')
    const res = await post('/api/tenantmanagement/tenant/', {
      tenant_name: `  ${name} `,
      industry: 'Food',
      email: 'Owner@Example.com',
    })
    expect(res.statusCode).toBe(201)
    const t = res.json<TenantCreated>()
    expect(t).toMatchObject({
      tenant_name: name,
      industry: 'Food',
      email: 'owner@example.com',
      status: 'pending_admin',
      plan: 'basic',
    })
    expect(t.subscription_status).toBeNull()
    expect(t.trial_ends_at).toBeNull()
    expect(t.onboarding_token.length).toBeGreaterThanOrEqual(40)
    expect(Math.abs(new Date(t.onboarding_expires_at).getTime() - (Date.now() + DAY))).toBeLessThan(60_000)
    expect(res.headers.location).toBe(`/api/tenantmanagement/tenant/${t.tenant_id}/`)
    expect((await tenantRow(t.tenant_id)).onboarding_token_hash).not.toBe(t.onboarding_token)
  })

  it('creates the default "<name> Community" with the organization', async () => {
    const t = await createTenant(app)
    const rows = await app.db.selectFrom('communities').select('name').where('tenant_id', '=', t.tenant_id).execute()
    expect(rows.map((r) => r.name)).toEqual([`${t.tenant_name} Community`])
  })
})

describe('POST /api/auth/admin/', () => {
  it('answers missing fields with 400 in the legacy form', async () => {
    const res = await registerAdmin({})
    expect(res.statusCode).toBe(400)
    const body = res.json()
    expect(body.code).toBe('validation.failed')
    for (const field of [
      'tenant_id',
      'onboarding_token',
      'username',
      'email',
      'first_name',
      'last_name',
      'password',
      'confirm_password',
    ]) {
      expect(body.message[field], field).toHaveLength(1)
    }
    expect(body.message.error[0]).toBe(body.detail)
  })

  it('refuses a user_type other than admin', async () => {
    const t = await createTenant(app)
    const res = await registerAdmin(adminPayload(t, { user_type: 'employee' }))
    expect(res.statusCode).toBe(400)
    expect(res.json().message.user_type).toEqual(['user_type must be admin.'])
    expect((await tenantRow(t.tenant_id)).status).toBe('pending_admin')
  })

  it.each([
    ['shorter than 8 characters', 'Ab1-xyz', 'Password must be at least 8 characters.'],
    ['without a digit', 'Blue-harbour-sky', 'Password must contain at least one digit.'],
    ['among the most common', 'password123', Texts.passwordCommon],
  ])('refuses a password %s', async (_what, password, reason) => {
    const t = await createTenant(app)
    const res = await registerAdmin(adminPayload(t, { password, confirm_password: password }))
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      code: 'validation.failed',
      message: { password: [reason] },
      errors: { password: [reason] },
    })
  })

  it('refuses a password equal to the username, ignoring case', async () => {
    const t = await createTenant(app)
    const username = unique('Harbour7')
    const res = await registerAdmin(
      adminPayload(t, { username, password: username.toLowerCase(), confirm_password: username.toLowerCase() }),
    )
    expect(res.statusCode).toBe(400)
    expect(res.json().message.password).toEqual(['The password is too similar to your username or email.'])
  })

  it('refuses a confirmation that does not match with the contract text', async () => {
    const t = await createTenant(app)
    const res = await registerAdmin(adminPayload(t, { confirm_password: `${PASSWORD}x` }))
    expect(res.statusCode).toBe(400)
    expect(res.json().message.confirm_password).toEqual([Texts.passwordMismatch])
  })

  it('refuses a date of birth in the future and an age under 13', async () => {
    const t = await createTenant(app)
    const future = await registerAdmin(adminPayload(t, { DOB: isoDaysAgo(-30) }))
    expect(future.statusCode).toBe(400)
    expect(future.json().message.DOB).toEqual(['Date of birth cannot be in the future.'])
    const child = await registerAdmin(adminPayload(t, { DOB: isoDaysAgo(10 * 365) }))
    expect(child.statusCode).toBe(400)
    expect(child.json().message.DOB).toEqual(['Age must be between 13 and 120 years.'])
  })

  it('reports every failing field at once, the password rules and the date of birth together', async () => {
    const t = await createTenant(app)
    const res = await registerAdmin(
      adminPayload(t, { password: 'password123', confirm_password: 'password123', DOB: isoDaysAgo(-1) }),
    )
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toEqual({
      password: [Texts.passwordCommon],
      DOB: ['Date of birth cannot be in the future.'],
    })
  })

  describe('with an onboarding token that does not fit', () => {
    const expectOnboardingInvalid = (res: Awaited<ReturnType<typeof registerAdmin>>) => {
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({
        message: { error: [Texts.onboardingTokenInvalid] },
        code: 'tenant.onboarding_token_invalid',
        detail: Texts.onboardingTokenInvalid,
      })
    }

    it('refuses a wrong token and leaves the organization waiting for its admin', async () => {
      const t = await createTenant(app)
      expectOnboardingInvalid(await registerAdmin(adminPayload(t, { onboarding_token: 'x'.repeat(43) })))
      expect((await tenantRow(t.tenant_id)).status).toBe('pending_admin')
    })

    it("refuses another organization's token and an id that names no organization", async () => {
      const mine = await createTenant(app)
      const theirs = await createTenant(app)
      expectOnboardingInvalid(await registerAdmin(adminPayload(theirs, { onboarding_token: mine.onboarding_token })))
      expectOnboardingInvalid(await registerAdmin(adminPayload(mine, { tenant_id: 2 ** 40 })))
      expect((await tenantRow(theirs.tenant_id)).status).toBe('pending_admin')
    })

    it('refuses a token that was already used', async () => {
      const t = await createTenant(app)
      expect((await registerAdmin(adminPayload(t))).statusCode).toBe(201)
      expectOnboardingInvalid(await registerAdmin(adminPayload(t)))
      const admins = await app.db.selectFrom('users').select('id').where('tenant_id', '=', t.tenant_id).execute()
      expect(admins).toHaveLength(1)
    })

    it('refuses a token older than 24 hours', async () => {
      const clock = testClock()
      const late = await buildTestApp({ clock })
      try {
        const res = await late.inject({
          method: 'POST',
          url: '/api/tenantmanagement/tenant/',
          payload: { tenant_name: unique('Late Co '), industry: 'Retail', email: 'late@example.com' },
        })
        const t = res.json<TenantCreated>()
        clock.advance(25 * 3_600_000)
        expectOnboardingInvalid(
          await late.inject({ method: 'POST', url: '/api/auth/admin/', payload: adminPayload(t) }),
        )
      } finally {
        await late.shutdown()
      }
    })
  })

  describe('with a username or email already registered', () => {
    it('names the username only when the username is taken (in another letter case)', async () => {
      const { admin } = await createTenantWithAdmin(app)
      const t = await createTenant(app)
      const res = await registerAdmin(adminPayload(t, { username: admin.username.toUpperCase() }))
      expect(res.statusCode).toBe(409)
      expect(res.json()).toEqual({
        message: { error: [Texts.duplicateUsername], username: [Texts.duplicateUsername] },
        code: 'auth.duplicate_user',
        detail: Texts.duplicateUsername,
        errors: { username: [Texts.duplicateUsername] },
      })
    })

    it("names the email only when the email is taken, even by a customer's account", async () => {
      const { client } = await createClient(app)
      const t = await createTenant(app)
      const res = await registerAdmin(adminPayload(t, { email: client.email.toUpperCase() }))
      expect(res.statusCode).toBe(409)
      expect(res.json().message).toEqual({ error: [Texts.duplicateEmail], email: [Texts.duplicateEmail] })
    })

    it('names both when both are taken, and the onboarding token stays usable', async () => {
      const { admin } = await createTenantWithAdmin(app)
      const t = await createTenant(app)
      const res = await registerAdmin(adminPayload(t, { username: admin.username, email: admin.email }))
      expect(res.statusCode).toBe(409)
      expect(res.json().message).toEqual({
        error: [Texts.duplicateBoth],
        username: [Texts.duplicateUsername],
        email: [Texts.duplicateEmail],
      })
      expect((await registerAdmin(adminPayload(t))).statusCode).toBe(201)
    })
  })

  it("returns the admin's session holding the organization (user_type in any letter case)", async () => {
    const t = await createTenant(app)
    const payload = adminPayload(t, { email: `${unique('Boss')}@Example.com`, user_type: 'Admin' })
    const res = await registerAdmin(payload)
    expect(res.statusCode).toBe(201)
    const s = res.json<StaffSession>()
    expect(s).toMatchObject({
      user_type: 'admin',
      username: payload.username,
      email: payload.email.toLowerCase(),
      first_name: 'Ada',
      last_name: 'Admin',
      tenant_id: { tenant_id: t.tenant_id, tenant_name: t.tenant_name },
      email_verified: false,
      profile_photo: null,
    })
    expect(Number.isInteger(s.id)).toBe(true)
    expect(s.token).toMatch(/^pxm_[A-Za-z0-9_-]{43}$/)
    expect(Math.abs(new Date(s.expires_at).getTime() - (Date.now() + 14 * DAY))).toBeLessThan(60_000)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.json().password).toBeUndefined()
  })

  it('treats phonenumber, gender and DOB sent empty (old mobile app) as absent', async () => {
    const t = await createTenant(app)
    const res = await registerAdmin(adminPayload(t, { phonenumber: '', gender: '', DOB: '' }))
    expect(res.statusCode, res.body).toBe(201)
    const me = await app.inject({ method: 'GET', url: '/api/auth/me/', headers: auth(res.json().token) })
    expect(me.json()).toMatchObject({ phonenumber: null, gender: null, DOB: null })
  })

  it('activates the organization and starts the 14-day trial of the chosen plan', async () => {
    const t = await createTenant(app)
    const s = (await registerAdmin(adminPayload(t, { plan: 'Professional' }))).json<StaffSession>()
    const res = await app.inject({ method: 'GET', url: '/api/tenantmanagement/tenant/', headers: auth(s.token) })
    expect(res.statusCode).toBe(200)
    const tenant = res.json()
    expect(tenant).toMatchObject({
      tenant_id: t.tenant_id,
      status: 'active',
      subscription_status: 'trialing',
      plan: 'professional',
    })
    expect(Math.abs(new Date(tenant.trial_ends_at).getTime() - (Date.now() + 14 * DAY))).toBeLessThan(60_000)
  })

  it('queues an activation mail to the new admin', async () => {
    const t = await createTenant(app)
    const payload = adminPayload(t)
    await registerAdmin(payload)
    const mails = await app.db
      .selectFrom('outbox_mail')
      .select(['kind', 'subject'])
      .where('to_address', '=', payload.email)
      .execute()
    expect(mails).toEqual([{ kind: 'activation', subject: 'Confirm your email address' }])
  })
})
