import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Texts, type StaffSession, type TenantCreated, type VisitorSession } from '@proxima/contracts'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import {
  PASSWORD,
  adminPayload,
  auth,
  createClient,
  createEmployee,
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
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload, headers })
const registerAdmin = (payload: object) => post('/api/auth/admin/', payload)
const clientPayload = (overrides: Record<string, unknown> = {}) => {
  const u = unique('client')
  return {
    username: u,
    email: `${u}@example.com`,
    first_name: 'Cora',
    last_name: 'Client',
    password: PASSWORD,
    confirm_password: PASSWORD,
    ...overrides,
  }
}
const isoDaysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString().slice(0, 10)

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

describe('POST /api/auth/client/', () => {
  it('answers missing fields with 400 in the standard body', async () => {
    const res = await post('/api/auth/client/', {})
    expect(res.statusCode).toBe(400)
    const body = res.json()
    expect(body.code).toBe('validation.failed')
    expect(typeof body.message).toBe('string')
    expect(Object.keys(body.errors).sort()).toEqual([
      'confirm_password',
      'email',
      'first_name',
      'last_name',
      'password',
      'username',
    ])
  })

  it('refuses a user_type other than client', async () => {
    const res = await post('/api/auth/client/', clientPayload({ user_type: 'admin' }))
    expect(res.statusCode).toBe(400)
    expect(res.json().errors.user_type).toEqual(['user_type must be client.'])
  })

  it('reports duplicates in the standard body with the three seed texts', async () => {
    const { client } = await createClient(app)
    const both = await post(
      '/api/auth/client/',
      clientPayload({ username: client.username.toUpperCase(), email: client.email }),
    )
    expect(both.statusCode).toBe(409)
    expect(both.json()).toEqual({
      message: Texts.duplicateBoth,
      code: 'auth.duplicate_user',
      errors: { username: [Texts.duplicateUsername], email: [Texts.duplicateEmail] },
    })
    const name = await post('/api/auth/client/', clientPayload({ username: client.username }))
    expect(name.json()).toEqual({
      message: Texts.duplicateUsername,
      code: 'auth.duplicate_user',
      errors: { username: [Texts.duplicateUsername] },
    })
    const mail = await post('/api/auth/client/', clientPayload({ email: client.email }))
    expect(mail.json()).toEqual({
      message: Texts.duplicateEmail,
      code: 'auth.duplicate_user',
      errors: { email: [Texts.duplicateEmail] },
    })
  })

  it('returns a customer session, ignoring unknown fields that older clients send', async () => {
    const payload = clientPayload({
      user_type: 'Client',
      phonenumber: '+254 712 345 678',
      gender: 'female',
      DOB: '1990-04-02',
      tenant_id: 7,
      is_staff: true,
      message_sender: 'client',
    })
    const res = await post('/api/auth/client/', payload)
    expect(res.statusCode).toBe(201)
    const s = res.json()
    expect(s).toMatchObject({
      user_type: 'client',
      username: payload.username,
      email: payload.email,
      phonenumber: '+254712345678',
      gender: 'Female',
      DOB: '1990-04-02',
      email_verified: false,
    })
    expect(s.tenant_id).toBeUndefined()
    const me = await app.inject({ method: 'GET', url: '/api/auth/me/', headers: auth(s.token) })
    expect(me.json()).toMatchObject({ user_type: 'client', tenant_id: null })
    const mails = await app.db
      .selectFrom('outbox_mail')
      .select('kind')
      .where('to_address', '=', payload.email)
      .execute()
    expect(mails).toEqual([{ kind: 'activation' }])
  })
})

describe('widget visitors', () => {
  let owner: Awaited<ReturnType<typeof createTenantWithAdmin>>
  let widgetKey: string
  beforeAll(async () => {
    owner = await createTenantWithAdmin(app)
    const settings = await app.inject({
      method: 'GET',
      url: '/api/tenantmanagement/settings/',
      headers: auth(owner.token),
    })
    widgetKey = settings.json().widget.widget_key
  })
  const startVisitor = (payload: object, headers: Record<string, string> = {}) =>
    post('/api/auth/anonymoususer/', payload, headers)
  const patchWidget = async (token: string, widget: object) => {
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/tenantmanagement/settings/',
      headers: auth(token),
      payload: { widget },
    })
    expect(res.statusCode).toBe(200)
  }
  const visitorsOf = (token: string, query = '') =>
    app.inject({ method: 'GET', url: `/api/auth/anonymoususer/${query}`, headers: auth(token) })

  describe('POST /api/auth/anonymoususer/', () => {
    it('requires a widget key', async () => {
      const res = await startVisitor({})
      expect(res.statusCode).toBe(400)
      expect(res.json().errors.widget_key).toHaveLength(1)
    })

    it('rejects a contact that is neither an email nor a phone number, and a page URL that is not a web address', async () => {
      const res = await startVisitor({
        widget_key: widgetKey,
        contact: 'call me maybe',
        page_url: 'javascript:alert(1)',
      })
      expect(res.statusCode).toBe(400)
      const { errors } = res.json()
      expect(errors.contact).toEqual([
        'Enter an email address or a phone number in international format, e.g. +254712345678.',
      ])
      expect(errors.page_url).toEqual(['page_url must be an http or https URL.'])
    })

    it('answers 404 for an unknown widget key', async () => {
      const res = await startVisitor({ widget_key: 'NoSuchWidgetKey000000000' })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ message: Texts.notFound, code: 'not_found' })
    })

    it('refuses with 403 widget.disabled while the widget is turned off', async () => {
      const o = await createTenantWithAdmin(app)
      const key = (
        await app.inject({ method: 'GET', url: '/api/tenantmanagement/settings/', headers: auth(o.token) })
      ).json().widget.widget_key
      await patchWidget(o.token, { enabled: false })
      const res = await startVisitor({ widget_key: key })
      expect(res.statusCode).toBe(403)
      expect(res.json().code).toBe('widget.disabled')
      await patchWidget(o.token, { enabled: true })
      expect((await startVisitor({ widget_key: key })).statusCode).toBe(201)
    })

    it('accepts only the listed origins once allowed origins are set', async () => {
      const o = await createTenantWithAdmin(app)
      const key = (
        await app.inject({ method: 'GET', url: '/api/tenantmanagement/settings/', headers: auth(o.token) })
      ).json().widget.widget_key
      await patchWidget(o.token, { allowed_origins: ['https://Shop.Example.com', 'https://help.example.org'] })
      const foreign = await startVisitor({ widget_key: key }, { origin: 'https://evil.example.net' })
      expect(foreign.statusCode).toBe(403)
      expect(foreign.json().code).toBe('widget.origin_not_allowed')
      expect((await startVisitor({ widget_key: key })).statusCode).toBe(403)
      expect((await startVisitor({ widget_key: key }, { origin: 'https://help.example.org' })).statusCode).toBe(201)
      // Browsers send host names in lower case; the list may be written in any case.
      expect((await startVisitor({ widget_key: key }, { origin: 'https://shop.example.com' })).statusCode).toBe(201)
    })

    it('starts a visitor session in the organization of the widget key', async () => {
      const res = await startVisitor({
        widget_key: widgetKey,
        name: 'Vera',
        contact: ' Vera@Example.com ',
        page_url: 'https://shop.example.com/cart',
      })
      expect(res.statusCode).toBe(201)
      const v = res.json<VisitorSession>()
      expect(v).toMatchObject({
        user_type: 'visitor',
        name: 'Vera',
        contact: 'vera@example.com',
        tenant_id: { tenant_id: owner.tenant.tenant_id, tenant_name: owner.tenant.tenant_name },
      })
      expect(v.token).toMatch(/^pxm_/)
      expect(Math.abs(new Date(v.expires_at).getTime() - (Date.now() + 30 * DAY))).toBeLessThan(60_000)
      const check = await app.inject({ method: 'GET', url: `/auth/checktokenexpiry?token=${v.token}` })
      expect(check.json()).toMatchObject({ message: Texts.tokenValid, user_type: 'visitor' })
    })
  })

  describe('GET /api/auth/anonymoususer/', () => {
    it('requires a token', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/auth/anonymoususer/' })
      expect(res.statusCode).toBe(401)
      expect(res.json().code).toBe('auth.required')
    })

    it("shows a stranger admin none of another organization's visitors", async () => {
      await startVisitor({ widget_key: widgetKey, name: 'Private Pat' })
      const stranger = await createTenantWithAdmin(app)
      const res = await visitorsOf(stranger.token)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({ error: false, data: [], pagination: { total: 0, next_offset: null } })
    })

    it('refuses customers with 403', async () => {
      const { token } = await createClient(app)
      const res = await visitorsOf(token)
      expect(res.statusCode).toBe(403)
      expect(res.json().code).toBe('auth.forbidden')
    })

    it("lists the organization's visitors, newest first, filtered by search", async () => {
      const name = unique('Quinn ')
      const v = (
        await startVisitor({
          widget_key: widgetKey,
          name,
          contact: '+254 700 000 001',
          page_url: 'https://shop.example.com/',
        })
      ).json<VisitorSession>()
      const res = await visitorsOf(owner.token)
      expect(res.statusCode).toBe(200)
      expect(res.json().data[0]).toMatchObject({
        anonymous_user_id: v.anonymous_user_id,
        name,
        contact: '+254700000001',
        channel: 'website',
        page_url: 'https://shop.example.com/',
        chat_count: 0,
      })
      const found = await visitorsOf(owner.token, `?search=${encodeURIComponent(name.slice(2))}`)
      expect(found.json().data.map((r: { anonymous_user_id: number }) => r.anonymous_user_id)).toEqual([
        v.anonymous_user_id,
      ])
    })
  })

  describe('DELETE /api/auth/anonymoususer/{id}/', () => {
    it('requires a token', async () => {
      const res = await app.inject({ method: 'DELETE', url: '/api/auth/anonymoususer/1/' })
      expect(res.statusCode).toBe(401)
      expect(res.json().code).toBe('auth.required')
    })

    it('answers 404 to an admin of another organization and changes nothing', async () => {
      const v = (await startVisitor({ widget_key: widgetKey, name: 'Kept Kim' })).json<VisitorSession>()
      const stranger = await createTenantWithAdmin(app)
      const res = await app.inject({
        method: 'DELETE',
        url: `/api/auth/anonymoususer/${v.anonymous_user_id}/`,
        headers: auth(stranger.token),
      })
      expect(res.statusCode).toBe(404)
      expect(res.json().code).toBe('not_found')
      const row = await app.db
        .selectFrom('anonymous_users')
        .select('name')
        .where('id', '=', v.anonymous_user_id)
        .executeTakeFirstOrThrow()
      expect(row.name).toBe('Kept Kim')
    })

    it('refuses employees with 403 and changes nothing', async () => {
      const v = (await startVisitor({ widget_key: widgetKey, name: 'Still Sam' })).json<VisitorSession>()
      const { token } = await createEmployee(app, owner.token)
      const res = await app.inject({
        method: 'DELETE',
        url: `/api/auth/anonymoususer/${v.anonymous_user_id}/`,
        headers: auth(token),
      })
      expect(res.statusCode).toBe(403)
      expect(res.json().code).toBe('auth.forbidden')
      expect((await app.inject({ method: 'GET', url: `/auth/checktokenexpiry?token=${v.token}` })).statusCode).toBe(200)
    })

    it("erases the visitor's details and ends the visitor's session", async () => {
      const v = (
        await startVisitor({ widget_key: widgetKey, name: 'Gone Gil', contact: 'gil@example.com' })
      ).json<VisitorSession>()
      const res = await app.inject({
        method: 'DELETE',
        url: `/api/auth/anonymoususer/${v.anonymous_user_id}/`,
        headers: auth(owner.token),
      })
      expect(res.statusCode).toBe(204)
      expect(res.body).toBe('')
      const after = await post('/api/auth/logout/', {}, auth(v.token))
      expect(after.statusCode).toBe(401)
      const list = (await visitorsOf(owner.token)).json().data
      expect(
        list.find((r: { anonymous_user_id: number }) => r.anonymous_user_id === v.anonymous_user_id),
      ).toMatchObject({ name: null, contact: null, page_url: null })
    })
  })
})
