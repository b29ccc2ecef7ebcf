import { randomBytes } from 'node:crypto'
import type { StaffSession, ClientSession, TenantCreated } from '@proxima/contracts'
import type { TestApp } from './app.js'

let seq = 0
/** Unique across files and runs, so tests can share one PostgreSQL database. */
export const unique = (prefix = 'x') => `${prefix}${++seq}${randomBytes(3).toString('hex')}`
export const PASSWORD = 'Blue-harbour-71'

export const auth = (token: string) => ({ authorization: `Token ${token}` })

export async function createTenant(app: TestApp, overrides: Record<string, unknown> = {}) {
  const name = unique('Org ')
  const res = await app.inject({
    method: 'POST',
    url: '/api/tenantmanagement/tenant/',
    payload: { tenant_name: name, industry: 'Retail', email: `${unique('org')}@example.com`, ...overrides },
  })
  if (res.statusCode !== 201) throw new Error(`createTenant: ${res.statusCode} ${res.body}`)
  return res.json<TenantCreated>()
}

export function adminPayload(tenant: TenantCreated, overrides: Record<string, unknown> = {}) {
  const u = unique('admin')
  return {
    tenant_id: tenant.tenant_id,
    onboarding_token: tenant.onboarding_token,
    username: u,
    email: `${u}@example.com`,
    first_name: 'Ada',
    last_name: 'Admin',
    password: PASSWORD,
    confirm_password: PASSWORD,
    ...overrides,
  }
}

/** A tenant with its first admin, created through the onboarding API as a person would. */
export async function createTenantWithAdmin(app: TestApp, overrides: { plan?: string } = {}) {
  const tenant = await createTenant(app, overrides.plan ? { plan: overrides.plan } : {})
  const payload = adminPayload(tenant)
  const res = await app.inject({ method: 'POST', url: '/api/auth/admin/', payload })
  if (res.statusCode !== 201) throw new Error(`createAdmin: ${res.statusCode} ${res.body}`)
  const admin = res.json<StaffSession>()
  return { tenant, admin, token: admin.token, password: PASSWORD }
}

export async function createClient(app: TestApp, overrides: Record<string, unknown> = {}) {
  const u = unique('client')
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/client/',
    payload: {
      username: u,
      email: `${u}@example.com`,
      first_name: 'Cora',
      last_name: 'Client',
      password: PASSWORD,
      confirm_password: PASSWORD,
      ...overrides,
    },
  })
  if (res.statusCode !== 201) throw new Error(`createClient: ${res.statusCode} ${res.body}`)
  const client = res.json<ClientSession>()
  return { client, token: client.token }
}

/** Reads the single-use token of the newest outbox mail of a kind sent to an address. */
export async function tokenFromOutbox(app: TestApp, to: string, kind: string): Promise<string> {
  const mail = await app.db
    .selectFrom('outbox_mail')
    .select(['text_body'])
    .where('to_address', '=', to.toLowerCase())
    .where('kind', '=', kind)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow()
  const m = /token=([A-Za-z0-9_-]+)/.exec(mail.text_body ?? '')
  if (!m?.[1]) throw new Error(`no token in ${kind} mail to ${to}`)
  return decodeURIComponent(m[1])
}

/** An employee of the admin's tenant, through invitation and acceptance. */
export async function createEmployee(app: TestApp, adminToken: string, userType: 'employee' | 'admin' = 'employee') {
  const u = unique('staff')
  const email = `${u}@example.com`
  const inv = await app.inject({
    method: 'POST',
    url: '/api/auth/employee/',
    headers: auth(adminToken),
    payload: { email, user_type: userType },
  })
  if (inv.statusCode !== 201) throw new Error(`invite: ${inv.statusCode} ${inv.body}`)
  const token = await tokenFromOutbox(app, email, 'staff_invitation')
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/employee/accept/',
    payload: {
      token,
      username: u,
      first_name: 'Eli',
      last_name: 'Employee',
      password: PASSWORD,
      confirm_password: PASSWORD,
    },
  })
  if (res.statusCode !== 201) throw new Error(`accept: ${res.statusCode} ${res.body}`)
  const session = res.json<StaffSession>()
  return { employee: session, token: session.token, email }
}
