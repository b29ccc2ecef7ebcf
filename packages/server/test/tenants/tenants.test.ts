import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Texts } from '@proxima/contracts'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import { PASSWORD, auth, createClient, createEmployee, createTenantWithAdmin, unique } from '../factories.js'

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
const invite = (a: TestApp, token: string, email = `${unique('inv')}@example.com`) =>
  a.inject({ method: 'POST', url: '/api/staff/invitations/', headers: auth(token), payload: { email } })

describe('POST /api/tenantmanagement/tenant/ (onboarding step 1)', () => {
  const create = (payload: object, a: TestApp = app) =>
    a.inject({ method: 'POST', url: '/api/tenantmanagement/tenant/', payload })

  it('answers invalid fields in the legacy form the onboarding screen reads', async () => {
    const res = await create({ timezone: 'Nowhere/City', plan: 'gold' })
    expect(res.statusCode).toBe(400)
    const body = res.json()
    expect(body).toMatchObject({ code: 'validation.failed', detail: body.message.error[0] })
    expect(body.message.tenant_name).toEqual(['Organization name is required.'])
    expect(body.message.industry).toEqual(['Industry is required.'])
    expect(body.message.email).toEqual(['Email is required.'])
    expect(Object.keys(body.errors).sort()).toEqual(['email', 'industry', 'plan', 'tenant_name', 'timezone'])
  })

  it('creates a tenant awaiting its admin, with a one-time onboarding token', async () => {
    const name = unique('Fresh Org ')
    const res = await create({
      tenant_name: name,
      industry: 'Health',
      email: 'Front@Desk.example',
      plan: 'BUSINESS',
      timezone: 'Africa/Nairobi',
    })
    expect(res.statusCode).toBe(201)
    const t = res.json()
    expect(res.headers.location).toBe(`/api/tenantmanagement/tenant/${t.tenant_id}/`)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(t).toMatchObject({
      tenant_name: name,
      email: 'front@desk.example',
      status: 'pending_admin',
      plan: 'business',
      subscription_status: null,
      trial_ends_at: null,
      timezone: 'Africa/Nairobi',
    })
    expect(t.onboarding_token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(new Date(t.onboarding_expires_at).getTime() - new Date(t.created_at).getTime()).toBe(DAY)
  })

  it('answers a taken name (any case) with 409 in the legacy form', async () => {
    const name = unique('Taken Org ')
    expect((await create({ tenant_name: name, industry: 'Retail', email: 'a@example.com' })).statusCode).toBe(201)
    const res = await create({ tenant_name: name.toUpperCase(), industry: 'Retail', email: 'b@example.com' })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({
      message: { error: ['Tenant name already registered'] },
      code: 'tenant.name_taken',
      detail: 'Tenant name already registered',
    })
  })

  it('frees the name of an organization that never got its admin after 24 hours', async () => {
    const clock = testClock()
    const a = await buildTestApp({ clock })
    try {
      const name = unique('Abandoned ')
      const first = (await create({ tenant_name: name, industry: 'Retail', email: 'x@example.com' }, a)).json()
      expect((await create({ tenant_name: name, industry: 'Retail', email: 'x@example.com' }, a)).statusCode).toBe(409)
      // Age only this tenant's onboarding (moving the clock would also expire other files' pending tenants).
      await a.db
        .updateTable('tenants')
        .set({ onboarding_expires_at: new Date(clock.now().getTime() - 60_000) })
        .where('id', '=', first.tenant_id)
        .execute()
      expect((await create({ tenant_name: name, industry: 'Retail', email: 'x@example.com' }, a)).statusCode).toBe(201)
      // The abandoned tenant's onboarding token is dead with it.
      const admin = await a.inject({
        method: 'POST',
        url: '/api/auth/admin/',
        payload: {
          tenant_id: first.tenant_id,
          onboarding_token: first.onboarding_token,
          username: unique('late'),
          email: `${unique('late')}@example.com`,
          first_name: 'L',
          last_name: 'A',
          password: PASSWORD,
          confirm_password: PASSWORD,
        },
      })
      expect(admin.statusCode).toBe(400)
      expect(admin.json().code).toBe('tenant.onboarding_token_invalid')
    } finally {
      await a.shutdown()
    }
  })
})

describe('GET /api/tenantmanagement/tenant/', () => {
  it('requires a token', async () => {
    const res = await get('/api/tenantmanagement/tenant/')
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ message: 'Sign in to continue.', code: 'auth.required' })
  })

  it('refuses customers', async () => {
    const { token } = await createClient(app)
    const res = await get('/api/tenantmanagement/tenant/', token)
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('auth.forbidden')
  })

  it('returns the own tenant as a singleton with every documented field', async () => {
    const { tenant, token } = await createTenantWithAdmin(app)
    const res = await get('/api/tenantmanagement/tenant/', token)
    expect(res.statusCode).toBe(200)
    const t = res.json()
    expect(Object.keys(t).sort()).toEqual(
      [
        'created_at',
        'email',
        'industry',
        'phonenumber',
        'plan',
        'status',
        'subscription_status',
        'tenant_id',
        'tenant_name',
        'timezone',
        'trial_ends_at',
        'updated_at',
      ].sort(),
    )
    expect(t).toMatchObject({
      tenant_id: tenant.tenant_id,
      tenant_name: tenant.tenant_name,
      industry: 'Retail',
      email: tenant.email,
      phonenumber: null,
      status: 'active',
      plan: 'basic',
      subscription_status: 'trialing',
      timezone: 'UTC',
    })
    expect(new Date(t.trial_ends_at).getTime() - Date.now()).toBeGreaterThan(13.9 * DAY)
    expect(t.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
  })

  it('answers 200 for the own id and 404 for another tenant or a non-integer id', async () => {
    const own = await createTenantWithAdmin(app)
    const other = await createTenantWithAdmin(app)
    expect((await get(`/api/tenantmanagement/tenant/${own.tenant.tenant_id}/`, own.token)).json().tenant_id).toBe(
      own.tenant.tenant_id,
    )
    for (const id of [other.tenant.tenant_id, 'abc', '1.5', '-3', '0']) {
      const res = await get(`/api/tenantmanagement/tenant/${id}/`, own.token)
      expect(res.statusCode, String(id)).toBe(404)
      expect(res.json()).toEqual({ message: Texts.notFound, code: 'not_found' })
    }
  })

  it('lets an employee read the tenant', async () => {
    const { token } = await createTenantWithAdmin(app)
    const { token: emp } = await createEmployee(app, token)
    expect((await get('/api/tenantmanagement/tenant/', emp)).statusCode).toBe(200)
  })
})

describe('PATCH /api/tenantmanagement/tenant/', () => {
  it('rejects invalid fields with an error per field', async () => {
    const { token } = await createTenantWithAdmin(app)
    const res = await patch('/api/tenantmanagement/tenant/', token, {
      tenant_name: 'x',
      email: 'nope',
      phonenumber: '12',
      industry: '',
    })
    expect(res.statusCode).toBe(400)
    const body = res.json()
    expect(body.code).toBe('validation.failed')
    expect(Object.keys(body.errors).sort()).toEqual(['email', 'industry', 'phonenumber', 'tenant_name'])
    expect(body.errors.tenant_name).toEqual(['Organization name must be at least 2 characters.'])
    expect(body.errors.email).toEqual(['Enter a valid email address.'])
  })

  it("answers 404 for another tenant's id", async () => {
    const own = await createTenantWithAdmin(app)
    const other = await createTenantWithAdmin(app)
    const res = await patch(`/api/tenantmanagement/tenant/${other.tenant.tenant_id}/`, own.token, {
      industry: 'Hijacked',
    })
    expect(res.statusCode).toBe(404)
    expect((await get('/api/tenantmanagement/tenant/', other.token)).json().industry).toBe('Retail')
  })

  it('refuses employees with 403', async () => {
    const { token } = await createTenantWithAdmin(app)
    const { token: emp } = await createEmployee(app, token)
    const res = await patch('/api/tenantmanagement/tenant/', emp, { industry: 'Banking' })
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('auth.forbidden')
  })

  it('updates the tenant for an admin, by path or by id', async () => {
    const { tenant, token } = await createTenantWithAdmin(app)
    const name = unique('Renamed ')
    const res = await patch('/api/tenantmanagement/tenant/', token, {
      tenant_name: `  ${name}  `,
      industry: 'Banking',
      phonenumber: '+254 712 345 678',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ tenant_name: name, industry: 'Banking', phonenumber: '+254712345678' })
    const byId = await patch(`/api/tenantmanagement/tenant/${tenant.tenant_id}/`, token, {
      email: 'CONTACT@Example.com',
      phonenumber: null,
    })
    expect(byId.json()).toMatchObject({ email: 'contact@example.com', phonenumber: null, tenant_name: name })
    expect((await get('/api/tenantmanagement/tenant/', token)).json().tenant_name).toBe(name)
  })

  it('answers a taken name (any case) with 409 in the standard body', async () => {
    const a = await createTenantWithAdmin(app)
    const b = await createTenantWithAdmin(app)
    const res = await patch('/api/tenantmanagement/tenant/', a.token, {
      tenant_name: b.tenant.tenant_name.toUpperCase(),
    })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({ message: 'Tenant name already registered', code: 'tenant.name_taken' })
    // Keeping one's own name is not a conflict.
    expect(
      (await patch('/api/tenantmanagement/tenant/', a.token, { tenant_name: a.tenant.tenant_name })).statusCode,
    ).toBe(200)
  })

  it('has no DELETE: 405 with an Allow header, and the tenant stays', async () => {
    const { tenant, token } = await createTenantWithAdmin(app)
    for (const url of ['/api/tenantmanagement/tenant/', `/api/tenantmanagement/tenant/${tenant.tenant_id}/`]) {
      const res = await app.inject({ method: 'DELETE', url, headers: auth(token) })
      expect(res.statusCode).toBe(405)
      expect(res.json().code).toBe('method_not_allowed')
      expect(res.headers.allow).toMatch(/GET/)
      expect(res.headers.allow).not.toMatch(/DELETE/)
    }
    expect((await get('/api/tenantmanagement/tenant/', token)).statusCode).toBe(200)
  })
})

describe('GET /api/tenantmanagement/plans/', () => {
  it('lists the three plans publicly with the contract prices and limits', async () => {
    const res = await get('/api/tenantmanagement/plans/')
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ error: false, pagination: { limit: 3, offset: 0, total: 3, next_offset: null } })
    const byId = Object.fromEntries(body.data.map((p: { plan: string }) => [p.plan, p]))
    expect(byId.basic).toEqual({
      plan: 'basic',
      name: 'Basic',
      price_monthly: '19.00',
      currency: 'USD',
      trial_days: 14,
      limits: {
        max_agents: 3,
        max_communities: 1,
        max_active_surveys: 3,
        max_integrations: 0,
        ai_requests_per_month: 300,
        voice_storage_gb: 2,
      },
      features: { predictive_analytics: false, social_integrations: false },
    })
    expect(byId.professional).toMatchObject({
      name: 'Professional',
      price_monthly: '49.00',
      limits: {
        max_agents: 10,
        max_communities: 5,
        max_active_surveys: 20,
        max_integrations: 3,
        ai_requests_per_month: 3000,
        voice_storage_gb: 20,
      },
      features: { predictive_analytics: true, social_integrations: true },
    })
    expect(byId.business).toMatchObject({
      name: 'Business',
      price_monthly: '99.00',
      limits: {
        max_agents: 50,
        max_communities: null,
        max_active_surveys: null,
        max_integrations: 3,
        ai_requests_per_month: 30000,
        voice_storage_gb: 100,
      },
    })
  })
})

describe('subscription during the trial', () => {
  it('shows the trial, limits and usage; agents count staff plus pending invitations', async () => {
    const { token } = await createTenantWithAdmin(app)
    const { token: emp } = await createEmployee(app, token)
    expect((await invite(app, token)).statusCode).toBe(201)
    const res = await get('/api/tenantmanagement/subscription/', emp)
    expect(res.statusCode).toBe(200)
    const s = res.json()
    expect(s).toMatchObject({
      plan: 'basic',
      plan_name: 'Basic',
      status: 'trialing',
      trial_days_left: 14,
      current_period_end: null,
      limits: { max_agents: 3 },
      features: { predictive_analytics: false },
      usage: {
        agents: 3,
        communities: 1,
        active_surveys: 0,
        integrations: 0,
        ai_requests_this_month: 0,
        voice_storage_bytes: 0,
      },
    })
    expect(new Date(s.trial_ends_at).getTime() - new Date(s.trial_started_at).getTime()).toBe(14 * DAY)
  })

  it('validates the plan and refuses employees', async () => {
    const { token } = await createTenantWithAdmin(app)
    const bad = await patch('/api/tenantmanagement/subscription/', token, { plan: 'platinum' })
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(bad.json().errors)).toEqual(['plan'])
    const { token: emp } = await createEmployee(app, token)
    expect((await patch('/api/tenantmanagement/subscription/', emp, { plan: 'business' })).statusCode).toBe(403)
  })

  it('switches plan during the trial without moving the trial end', async () => {
    const { token } = await createTenantWithAdmin(app)
    const before = (await get('/api/tenantmanagement/subscription/', token)).json()
    const res = await patch('/api/tenantmanagement/subscription/', token, { plan: 'Professional' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      plan: 'professional',
      plan_name: 'Professional',
      status: 'trialing',
      trial_ends_at: before.trial_ends_at,
      limits: { max_agents: 10 },
    })
    expect((await get('/api/tenantmanagement/tenant/', token)).json()).toMatchObject({
      plan: 'professional',
      trial_ends_at: before.trial_ends_at,
    })
    const stranger = await createTenantWithAdmin(app)
    expect((await get('/api/tenantmanagement/subscription/', stranger.token)).json()).toMatchObject({
      plan: 'basic',
      usage: { agents: 1 },
    })
  })

  it('refuses a downgrade below current usage with 409 naming the limit', async () => {
    const { token } = await createTenantWithAdmin(app, { plan: 'professional' })
    for (let i = 0; i < 3; i++) expect((await invite(app, token)).statusCode).toBe(201)
    const res = await patch('/api/tenantmanagement/subscription/', token, { plan: 'basic' })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ code: 'plan.usage_exceeds', errors: { limit: ['max_agents'] } })
    expect((await get('/api/tenantmanagement/subscription/', token)).json().plan).toBe('professional')
  })
})
