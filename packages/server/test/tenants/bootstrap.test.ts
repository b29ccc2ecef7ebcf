import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bootstrapFirstAdmin } from '../../src/features/tenants/bootstrap.js'
import { buildTestApp, type TestApp } from '../app.js'
import { auth, createTenantWithAdmin, unique } from '../factories.js'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp({ ownDatabase: true })
})
afterAll(async () => {
  await app.shutdown()
})

const bootstrap = (email: string, password?: string) =>
  bootstrapFirstAdmin(app.db, app.services, { email, password, organization: unique('Bootstrap ') })

// This file's database is its own and starts empty (embedded, or on PostgreSQL a copy of the migrated template).
describe('the first admin of a fresh install', () => {
  it('creates an organization whose admin can sign in at once, with a verified address and no activation mail', async () => {
    const email = `${unique('first')}@example.com`
    const first = await bootstrap(email.toUpperCase())
    expect(first).toMatchObject({ email: email.toUpperCase(), generated: true })
    expect(first!.password).toMatch(/^[A-Za-z0-9]{14}\d$/)

    const signin = await app.inject({
      method: 'POST',
      url: '/api/auth/signin/',
      payload: { email, password: first!.password },
    })
    expect(signin.statusCode, signin.body).toBe(200)
    expect(signin.json()).toMatchObject({ user_type: 'admin', email_verified: true })
    expect(signin.json().tenant_id.tenant_name).toBe(first!.organization)
    const mails = await app.db
      .selectFrom('outbox_mail')
      .select('kind')
      .where('to_address', 'in', [email, email.toUpperCase()])
      .execute()
    expect(mails).toEqual([])

    const tenant = await app.inject({
      method: 'GET',
      url: '/api/tenantmanagement/tenant/',
      headers: auth(signin.json().token),
    })
    expect(tenant.json()).toMatchObject({ tenant_name: first!.organization, status: 'active' })
  })
})

describe('bootstrapping an install that has organizations', () => {
  it('does nothing', async () => {
    await createTenantWithAdmin(app)
    const email = `${unique('late')}@example.com`
    expect(await bootstrap(email, 'Blue-harbour-71')).toBeNull()
    const users = await app.db.selectFrom('users').select('id').where('email', '=', email).execute()
    expect(users).toEqual([])
  })
})
