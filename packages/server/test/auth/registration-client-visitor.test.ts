import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Texts, type VisitorSession } from '@proxima/contracts'
import { buildTestApp, type TestApp } from '../app.js'
import { PASSWORD, auth, createClient, createEmployee, createTenantWithAdmin, unique } from '../factories.js'

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
  it('treats phonenumber, gender and DOB sent empty (old mobile app) as absent', async () => {
    const payload = clientPayload({ phonenumber: '', gender: '', DOB: '' })
    const res = await post('/api/auth/client/', payload)
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json()).toMatchObject({ username: payload.username, phonenumber: null, gender: null, DOB: null })
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
