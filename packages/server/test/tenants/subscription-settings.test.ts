import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Texts } from '@proxima/contracts'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import { PASSWORD, auth, createEmployee, createTenantWithAdmin, unique } from '../factories.js'

const DAY = 86_400_000
let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(async () => {
  await app.shutdown()
})

const get = (url: string, token?: string) => app.inject({ method: 'GET', url, headers: token ? auth(token) : {} })
const patch = (url: string, token: string, payload: object) =>
  app.inject({ method: 'PATCH', url, headers: auth(token), payload })
describe('after the trial has ended', () => {
  let clock: ReturnType<typeof testClock>
  let late: TestApp
  let token: string
  let email: string
  beforeAll(async () => {
    clock = testClock()
    late = await buildTestApp({ clock })
    const created = await createTenantWithAdmin(late)
    email = created.admin.email
    clock.advance(15 * DAY)
    // Staff sessions last 14 days, so the admin signs in again.
    const signin = await late.inject({
      method: 'POST',
      url: '/api/auth/signin/',
      payload: { email, password: PASSWORD },
    })
    expect(signin.statusCode).toBe(200)
    token = signin.json().token
  })
  afterAll(async () => {
    await late.shutdown()
  })

  it('shows the subscription as expired with no days left', async () => {
    const res = await late.inject({ method: 'GET', url: '/api/tenantmanagement/subscription/', headers: auth(token) })
    expect(res.json()).toMatchObject({ status: 'expired', trial_days_left: 0 })
    const tenant = await late.inject({ method: 'GET', url: '/api/tenantmanagement/tenant/', headers: auth(token) })
    expect(tenant.json().subscription_status).toBe('expired')
  })

  it('refuses a plan change with 409 subscription.billing_required', async () => {
    const res = await late.inject({
      method: 'PATCH',
      url: '/api/tenantmanagement/subscription/',
      headers: auth(token),
      payload: { plan: 'business' },
    })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({ message: 'Contact us to change a paid plan.', code: 'subscription.billing_required' })
  })

  it('answers staff writes with 402 and the contract text', async () => {
    const writes = [
      { method: 'POST', url: '/api/tenantmanagement/product/', payload: { name: 'Late', price: '1.00' } },
      { method: 'PATCH', url: '/api/tenantmanagement/settings/', payload: { locale: 'fr' } },
      { method: 'PATCH', url: '/api/tenantmanagement/tenant/', payload: { industry: 'Late' } },
      { method: 'POST', url: '/api/tenantmanagement/metadata/', payload: { key: 'late', value: 1 } },
    ] as const
    for (const w of writes) {
      const res = await late.inject({ method: w.method, url: w.url, headers: auth(token), payload: w.payload })
      expect(res.statusCode, w.url).toBe(402)
      expect(res.json()).toEqual({
        message: 'Your subscription has ended. Choose a plan to continue.',
        code: 'subscription.expired',
      })
    }
  })

  it('keeps reads and the own profile working', async () => {
    for (const url of [
      '/api/tenantmanagement/product/',
      '/api/tenantmanagement/settings/',
      '/api/tenantmanagement/tenant/',
    ]) {
      expect((await late.inject({ method: 'GET', url, headers: auth(token) })).statusCode, url).toBe(200)
    }
    const me = await late.inject({
      method: 'PATCH',
      url: '/api/auth/me/',
      headers: auth(token),
      payload: { first_name: 'Still' },
    })
    expect(me.statusCode).toBe(200)
    expect(me.json().first_name).toBe('Still')
  })
})

describe('a paid period that has run out', () => {
  it('shows as expired and blocks staff writes like an ended trial', async () => {
    const { token, tenant } = await createTenantWithAdmin(app)
    const product = { name: unique('Paid '), price: '1.00' }
    await app.db
      .updateTable('tenants')
      .set({ subscription_status: 'active', current_period_end: new Date(Date.now() + DAY) })
      .where('id', '=', tenant.tenant_id)
      .execute()
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/tenantmanagement/product/',
          headers: auth(token),
          payload: product,
        })
      ).statusCode,
    ).toBe(201)
    await app.db
      .updateTable('tenants')
      .set({ current_period_end: new Date(Date.now() - 1000) })
      .where('id', '=', tenant.tenant_id)
      .execute()
    expect((await get('/api/tenantmanagement/subscription/', token)).json().status).toBe('expired')
    const res = await app.inject({
      method: 'POST',
      url: '/api/tenantmanagement/product/',
      headers: auth(token),
      payload: { ...product, name: unique('Paid ') },
    })
    expect(res.statusCode).toBe(402)
    expect(res.json().code).toBe('subscription.expired')
  })
})

describe('settings', () => {
  it('lets an employee read every setting with its default', async () => {
    const { token } = await createTenantWithAdmin(app)
    const { token: emp } = await createEmployee(app, token)
    const res = await get('/api/tenantmanagement/settings/', emp)
    expect(res.statusCode).toBe(200)
    const s = res.json()
    expect(s).toMatchObject({
      timezone: 'UTC',
      business_hours: { enabled: false, holidays: [] },
      locale: 'en',
      currency: 'USD',
      chat_visibility: 'all',
      auto_assign: 'none',
      csat_enabled: true,
      iva_enabled: false,
      ai_external_processing: true,
      widget: { enabled: true, allowed_origins: [], greeting: null, offline_message: null, color: '#00796b' },
    })
    expect(s.business_hours.schedule).toHaveLength(5)
    expect(s.business_hours.schedule[0]).toEqual({ day: 'mon', open: '09:00', close: '17:00' })
    expect(s.widget.widget_key).toMatch(/^[A-Za-z0-9]{24}$/)
  })

  it('validates time zone, schedule times, overlaps and origins field by field', async () => {
    const { token } = await createTenantWithAdmin(app)
    const res = await patch('/api/tenantmanagement/settings/', token, {
      timezone: 'Mars/Olympus_Mons',
      business_hours: {
        schedule: [
          { day: 'mon', open: '9:00', close: '17:00' },
          { day: 'tue', open: '12:00', close: '11:00' },
        ],
      },
      widget: { allowed_origins: ['http://shop.example'] },
    })
    expect(res.statusCode).toBe(400)
    const errors = res.json().errors
    expect(errors.timezone).toEqual(['Enter an IANA time-zone name such as Africa/Nairobi.'])
    expect(errors['business_hours.schedule.0.open']).toEqual(['Use HH:MM (24-hour).'])
    expect(errors['business_hours.schedule.1.close']).toEqual(['close must be after open.'])
    expect(errors['widget.allowed_origins.0']).toEqual(['Enter an https origin such as https://www.example.com.'])
    const overlap = await patch('/api/tenantmanagement/settings/', token, {
      business_hours: {
        schedule: [
          { day: 'mon', open: '09:00', close: '13:00' },
          { day: 'mon', open: '12:00', close: '17:00' },
        ],
      },
    })
    expect(overlap.statusCode).toBe(400)
    expect(overlap.json().errors['business_hours.schedule']).toEqual(['Opening hours of one day must not overlap.'])
  })

  it('refuses employees with 403', async () => {
    const { token } = await createTenantWithAdmin(app)
    const { token: emp } = await createEmployee(app, token)
    expect((await patch('/api/tenantmanagement/settings/', emp, { locale: 'fr' })).statusCode).toBe(403)
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/tenantmanagement/settings/rotate-widget-key/',
          headers: auth(emp),
        })
      ).statusCode,
    ).toBe(403)
  })

  it('saves a subset for an admin; the time zone shows on the tenant too', async () => {
    const { token } = await createTenantWithAdmin(app)
    const res = await patch('/api/tenantmanagement/settings/', token, {
      timezone: 'Africa/Nairobi',
      currency: 'kes',
      business_hours: { enabled: true, holidays: ['2026-12-25'] },
      widget: { allowed_origins: ['https://shop.example', 'https://shop.example'], greeting: 'Hi there' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      timezone: 'Africa/Nairobi',
      currency: 'KES',
      locale: 'en',
      business_hours: {
        enabled: true,
        holidays: ['2026-12-25'],
        schedule: expect.arrayContaining([{ day: 'fri', open: '09:00', close: '17:00' }]),
      },
      widget: { allowed_origins: ['https://shop.example'], greeting: 'Hi there', enabled: true },
    })
    expect((await get('/api/tenantmanagement/tenant/', token)).json().timezone).toBe('Africa/Nairobi')
    expect((await get('/api/tenantmanagement/settings/', token)).json().currency).toBe('KES')
    // Another tenant's settings are untouched.
    const stranger = await createTenantWithAdmin(app)
    expect((await get('/api/tenantmanagement/settings/', stranger.token)).json()).toMatchObject({
      timezone: 'UTC',
      currency: 'USD',
      widget: { allowed_origins: [] },
    })
  })

  it('rotates the widget key: new visitor sessions need the new key', async () => {
    const { token, tenant } = await createTenantWithAdmin(app)
    const oldKey = (await get('/api/tenantmanagement/settings/', token)).json().widget.widget_key
    const rotated = await app.inject({
      method: 'POST',
      url: '/api/tenantmanagement/settings/rotate-widget-key/',
      headers: auth(token),
    })
    expect(rotated.statusCode).toBe(200)
    const newKey = rotated.json().widget.widget_key
    expect(newKey).not.toBe(oldKey)
    const visitor = (key: string) =>
      app.inject({ method: 'POST', url: '/api/auth/anonymoususer/', payload: { widget_key: key } })
    const old = await visitor(oldKey)
    expect(old.statusCode).toBe(404)
    expect(old.json().code).toBe('not_found')
    const fresh = await visitor(newKey)
    expect(fresh.statusCode).toBe(201)
    expect(fresh.json().tenant_id.tenant_id).toBe(tenant.tenant_id)
  })
})

describe('GET /api/widget/config/', () => {
  it('is public, needs a key and answers 404 for an unknown one', async () => {
    expect((await get('/api/widget/config/')).statusCode).toBe(400)
    const res = await get('/api/widget/config/?widget_key=NoSuchKeyNoSuchKeyNoSuch')
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ message: Texts.notFound, code: 'not_found' })
  })

  it('follows business hours in the tenant time zone, holidays included', async () => {
    const clock = testClock(new Date('2026-11-29T03:00:00.000Z')) // a Sunday
    const shop = await buildTestApp({ clock })
    try {
      const { token, tenant } = await createTenantWithAdmin(shop)
      const settings = await shop.inject({
        method: 'PATCH',
        url: '/api/tenantmanagement/settings/',
        headers: auth(token),
        payload: { widget: { greeting: 'Hello', offline_message: 'Back soon' } },
      })
      const key = settings.json().widget.widget_key
      const config = async () =>
        (await shop.inject({ method: 'GET', url: `/api/widget/config/?widget_key=${key}` })).json()
      expect(await config()).toEqual({
        tenant_name: tenant.tenant_name,
        enabled: true,
        greeting: 'Hello',
        offline_message: 'Back soon',
        color: '#00796b',
        is_open: true,
      })
      const hours = (payload: object) =>
        shop.inject({ method: 'PATCH', url: '/api/tenantmanagement/settings/', headers: auth(token), payload })
      expect((await hours({ business_hours: { enabled: true } })).statusCode).toBe(200)
      expect((await config()).is_open).toBe(false)
      clock.advance(31 * 3_600_000) // Monday 10:00 UTC
      expect((await config()).is_open).toBe(true)
      await hours({ business_hours: { holidays: ['2026-11-30'] } })
      expect((await config()).is_open).toBe(false)
      await hours({ business_hours: { holidays: [] } })
      clock.advance(-3 * 3_600_000) // Monday 07:00 UTC
      expect((await config()).is_open).toBe(false)
      await hours({ timezone: 'Africa/Nairobi' }) // 10:00 in Nairobi
      expect((await config()).is_open).toBe(true)
    } finally {
      await shop.shutdown()
    }
  })
})
