import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../app.js'
import { PASSWORD, auth, createClient, createEmployee, createTenantWithAdmin } from '../factories.js'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(async () => {
  await app.shutdown()
})

describe('GET /api/staff/', () => {
  it('requires a token', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/staff/' })
    expect(res.statusCode).toBe(401)
    expect(res.json().code).toBe('auth.required')
  })

  it('rejects an unknown role filter with a field error', async () => {
    const { token } = await createTenantWithAdmin(app)
    const res = await app.inject({ method: 'GET', url: '/api/staff/?user_type=owner', headers: auth(token) })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors.user_type).toHaveLength(1)
  })

  it('lists only the members of the caller’s organization', async () => {
    const { token, admin } = await createTenantWithAdmin(app)
    const { employee } = await createEmployee(app, token)
    const stranger = await createTenantWithAdmin(app)
    const res = await app.inject({ method: 'GET', url: '/api/staff/', headers: auth(token) })
    expect(res.statusCode).toBe(200)
    const ids = res.json().data.map((s: { id: number }) => s.id)
    expect(ids.sort()).toEqual([admin.id, employee.id].sort())
    expect(ids).not.toContain(stranger.admin.id)
    expect(res.json().pagination).toMatchObject({ total: 2, offset: 0, next_offset: null })
  })

  it('refuses customers', async () => {
    const { token } = await createClient(app)
    const res = await app.inject({ method: 'GET', url: '/api/staff/', headers: auth(token) })
    expect(res.statusCode).toBe(403)
  })

  it('shows admins every field but employees only names and roles', async () => {
    const { token, admin } = await createTenantWithAdmin(app)
    const { token: employeeToken } = await createEmployee(app, token)
    const asAdmin = await app.inject({ method: 'GET', url: `/api/staff/${admin.id}/`, headers: auth(token) })
    expect(asAdmin.json()).toMatchObject({ id: admin.id, email: admin.email, user_type: 'admin', is_active: true })
    const asEmployee = await app.inject({ method: 'GET', url: `/api/staff/${admin.id}/`, headers: auth(employeeToken) })
    expect(asEmployee.statusCode).toBe(200)
    expect(asEmployee.json()).toEqual({
      id: admin.id,
      username: admin.username,
      first_name: admin.first_name,
      last_name: admin.last_name,
      user_type: 'admin',
      is_active: true,
    })
  })

  it('filters by search text and role', async () => {
    const { token } = await createTenantWithAdmin(app)
    const { email } = await createEmployee(app, token)
    const byText = await app.inject({
      method: 'GET',
      url: `/api/staff/?search=${encodeURIComponent(email.slice(0, 10))}`,
      headers: auth(token),
    })
    expect(byText.json().data.map((s: { email: string }) => s.email)).toEqual([email])
    const byRole = await app.inject({ method: 'GET', url: '/api/staff/?user_type=employee', headers: auth(token) })
    expect(byRole.json().data).toHaveLength(1)
  })

  it('answers 404 when `tenant` or `tenant_id` names another organization, and lists as usual for the own', async () => {
    const { token, admin, tenant } = await createTenantWithAdmin(app)
    const stranger = await createTenantWithAdmin(app)
    for (const param of [`tenant_id=${stranger.tenant.tenant_id}`, `tenant=${stranger.tenant.tenant_id}`]) {
      const res = await app.inject({ method: 'GET', url: `/api/staff/?${param}`, headers: auth(token) })
      expect(res.statusCode, param).toBe(404)
      expect(res.json(), param).toEqual({ message: 'Not found.', code: 'not_found' })
    }
    for (const param of [`tenant_id=${tenant.tenant_id}`, `tenant=${tenant.tenant_id}`]) {
      const res = await app.inject({ method: 'GET', url: `/api/staff/?${param}`, headers: auth(token) })
      expect(res.statusCode, param).toBe(200)
      expect(res.json().data.map((s: { id: number }) => s.id)).toEqual([admin.id])
    }
  })
})

describe('GET /api/staff/{id}/', () => {
  it('answers 404 for a member of another organization', async () => {
    const { token } = await createTenantWithAdmin(app)
    const stranger = await createTenantWithAdmin(app)
    const res = await app.inject({ method: 'GET', url: `/api/staff/${stranger.admin.id}/`, headers: auth(token) })
    expect(res.statusCode).toBe(404)
  })

  it('answers 404 when `tenant` or `tenant_id` names another organization, and reads as usual for the own', async () => {
    const { token, admin, tenant } = await createTenantWithAdmin(app)
    const stranger = await createTenantWithAdmin(app)
    for (const param of [`tenant_id=${stranger.tenant.tenant_id}`, `tenant=${stranger.tenant.tenant_id}`]) {
      const res = await app.inject({ method: 'GET', url: `/api/staff/${admin.id}/?${param}`, headers: auth(token) })
      expect(res.statusCode, param).toBe(404)
      expect(res.json(), param).toEqual({ message: 'Not found.', code: 'not_found' })
    }
    for (const param of [`tenant_id=${tenant.tenant_id}`, `tenant=${tenant.tenant_id}`]) {
      const res = await app.inject({ method: 'GET', url: `/api/staff/${admin.id}/?${param}`, headers: auth(token) })
      expect(res.statusCode, param).toBe(200)
      expect(res.json().id).toBe(admin.id)
    }
  })
})

describe('PATCH /api/staff/{id}/ and disable/enable', () => {
  it('answers 404 to an admin of another organization', async () => {
    const { token } = await createTenantWithAdmin(app)
    const stranger = await createTenantWithAdmin(app)
    const { employee } = await createEmployee(app, stranger.token)
    for (const [method, url] of [
      ['PATCH', `/api/staff/${employee.id}/`],
      ['POST', `/api/staff/${employee.id}/disable/`],
    ] as const) {
      const res = await app.inject({ method, url, headers: auth(token), payload: { is_active: false } })
      expect(res.statusCode).toBe(404)
    }
  })

  it('is for admins only', async () => {
    const { token, admin } = await createTenantWithAdmin(app)
    const { token: employeeToken } = await createEmployee(app, token)
    const res = await app.inject({
      method: 'POST',
      url: `/api/staff/${admin.id}/disable/`,
      headers: auth(employeeToken),
    })
    expect(res.statusCode).toBe(403)
  })

  it('keeps an admin from demoting or disabling themselves', async () => {
    const { token, admin } = await createTenantWithAdmin(app)
    await createEmployee(app, token, 'admin')
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/staff/${admin.id}/`,
      headers: auth(token),
      payload: { user_type: 'employee' },
    })
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('staff.self_change')
  })

  it('lets one admin disable another, whose sessions end at once', async () => {
    const { token, admin } = await createTenantWithAdmin(app)
    const second = await createEmployee(app, token, 'admin')
    const res = await app.inject({
      method: 'POST',
      url: `/api/staff/${admin.id}/disable/`,
      headers: auth(second.token),
    })
    expect(res.statusCode).toBe(200)
    expect((await app.inject({ method: 'GET', url: '/api/auth/me/', headers: auth(token) })).statusCode).toBe(401)
    // The remaining admin cannot disable themselves: the organization keeps an active admin.
    const self = await app.inject({
      method: 'POST',
      url: `/api/staff/${second.employee.id}/disable/`,
      headers: auth(second.token),
    })
    expect(self.json().code).toBe('staff.self_change')
  })

  it('signs a disabled member out everywhere and lets them back in when enabled', async () => {
    const { token } = await createTenantWithAdmin(app)
    const { employee, token: employeeToken, email } = await createEmployee(app, token)
    const off = await app.inject({ method: 'POST', url: `/api/staff/${employee.id}/disable/`, headers: auth(token) })
    expect(off.statusCode).toBe(200)
    expect(off.json().is_active).toBe(false)
    expect((await app.inject({ method: 'GET', url: '/api/auth/me/', headers: auth(employeeToken) })).statusCode).toBe(
      401,
    )
    const refused = await app.inject({
      method: 'POST',
      url: '/api/auth/signin/',
      payload: { email, password: PASSWORD },
    })
    expect(refused.json().code).toBe('auth.account_disabled')
    const on = await app.inject({ method: 'POST', url: `/api/staff/${employee.id}/enable/`, headers: auth(token) })
    expect(on.json().is_active).toBe(true)
    const back = await app.inject({ method: 'POST', url: '/api/auth/signin/', payload: { email, password: PASSWORD } })
    expect(back.statusCode).toBe(200)
  })

  it('counts an enabled member against the plan’s agent limit', async () => {
    const { token } = await createTenantWithAdmin(app) // basic plan: 3 agents
    const a = await createEmployee(app, token)
    await createEmployee(app, token)
    await app.inject({ method: 'POST', url: `/api/staff/${a.employee.id}/disable/`, headers: auth(token) })
    await createEmployee(app, token)
    const res = await app.inject({ method: 'POST', url: `/api/staff/${a.employee.id}/enable/`, headers: auth(token) })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({ code: 'plan.limit_reached', errors: { limit: ['max_agents'] } })
  })

  it('promotes an employee to admin', async () => {
    const { token } = await createTenantWithAdmin(app)
    const { employee, email } = await createEmployee(app, token)
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/staff/${employee.id}/`,
      headers: auth(token),
      payload: { user_type: 'Admin' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().user_type).toBe('admin')
    const signin = await app.inject({
      method: 'POST',
      url: '/api/auth/signin/',
      payload: { email, password: PASSWORD },
    })
    expect(signin.json().user_type).toBe('admin')
  })

  it('counts each member’s chats, and puts a disabled member’s open chats back in the queue', async () => {
    const { token, tenant } = await createTenantWithAdmin(app)
    const { employee } = await createEmployee(app, token)
    const customer = await createClient(app)
    const chat = await app.inject({
      method: 'POST',
      url: '/api/chat/chat/',
      headers: auth(customer.token),
      payload: { tenant_id: tenant.tenant_id },
    })
    expect(chat.statusCode).toBe(201)
    const chatId = chat.json().chat_id
    const assign = await app.inject({
      method: 'POST',
      url: `/api/chat/chat/${chatId}/assign/`,
      headers: auth(token),
      payload: { assignee_id: employee.id },
    })
    expect(assign.statusCode).toBe(200)
    const before = await app.inject({ method: 'GET', url: `/api/staff/${employee.id}/`, headers: auth(token) })
    expect(before.json()).toMatchObject({ open_chat_count: 1, resolved_chat_count: 0 })

    const events: { type: string; chatId: number; changes?: string[] }[] = []
    const stop = app.services.bus.subscribe((e) => events.push(e as (typeof events)[number]))
    const off = await app.inject({ method: 'POST', url: `/api/staff/${employee.id}/disable/`, headers: auth(token) })
    stop()
    expect(off.json().open_chat_count).toBe(0)
    const after = await app.inject({ method: 'GET', url: `/api/chat/chat/${chatId}/`, headers: auth(token) })
    expect(after.json().assignee).toBeNull()
    expect(events).toContainEqual(expect.objectContaining({ type: 'chat.updated', chatId, changes: ['assignee'] }))
  })
})
