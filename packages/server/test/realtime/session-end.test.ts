import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../app.js'
import { auth, createClient, createEmployee, createTenantWithAdmin, PASSWORD } from '../factories.js'
import { closedWithin, listen, signIn, WsClient } from './ws-client.js'

/**
 * A socket's session ending closes it at once (contract §4.9), not at the next periodic check (a minute): the
 * database's `proxima_sessions` notice names the changed row, and the hub checks the sockets that depend on it.
 */
let app: TestApp
let url: string
let org: Awaited<ReturnType<typeof createTenantWithAdmin>>
const sockets: WsClient[] = []
/** Well under the periodic check (60 s) and the session cache's lifetime. */
const AT_ONCE_MS = 2_000

beforeAll(async () => {
  app = await buildTestApp()
  url = await listen(app)
  org = await createTenantWithAdmin(app)
})
afterAll(async () => {
  for (const s of sockets) s.close()
  await app.shutdown()
})

async function ready(token: string) {
  const s = await WsClient.ready(url, token)
  sockets.push(s)
  return s
}

describe('sockets of an ended session', () => {
  it('close with 4001 at once on logout, and the sockets of other sessions stay', async () => {
    const { client } = await createClient(app)
    const first = await signIn(app, client.email, PASSWORD)
    const second = await signIn(app, client.email, PASSWORD)
    const ending = await ready(first)
    const staying = await ready(second)
    const started = Date.now()
    const out = await app.inject({ method: 'POST', url: '/api/auth/logout/', headers: auth(first) })
    expect(out.statusCode).toBe(204)
    expect((await closedWithin(ending, AT_ONCE_MS, started)).code).toBe(4001)
    await staying.roundTrip()
  })

  it('close with 4001 at once when an admin disables the member', async () => {
    const member = await createEmployee(app, org.token)
    const socket = await ready(member.token)
    const started = Date.now()
    const disabled = await app.inject({
      method: 'PATCH',
      url: `/api/staff/${member.employee.id}/`,
      headers: auth(org.token),
      payload: { is_active: false },
    })
    expect(disabled.statusCode).toBe(200)
    expect((await closedWithin(socket, AT_ONCE_MS, started)).code).toBe(4001)
  })

  it('close with 4001 at once for the other sessions of a password change, not the one that made it', async () => {
    const { client } = await createClient(app)
    const other = await signIn(app, client.email, PASSWORD)
    const current = await signIn(app, client.email, PASSWORD)
    const otherSocket = await ready(other)
    const currentSocket = await ready(current)
    const started = Date.now()
    const changed = await app.inject({
      method: 'POST',
      url: '/api/auth/changepassword/',
      headers: auth(current),
      payload: { old_password: PASSWORD, new_password: 'Green-meadow-82', confirm_password: 'Green-meadow-82' },
    })
    expect(changed.statusCode).toBe(200)
    expect((await closedWithin(otherSocket, AT_ONCE_MS, started)).code).toBe(4001)
    await currentSocket.roundTrip()
  })

  it('close staff sockets at once with 4003 when their organization is suspended', async () => {
    const suspended = await createTenantWithAdmin(app)
    const member = await createEmployee(app, suspended.token)
    const admin = await ready(suspended.token)
    const employee = await ready(member.token)
    const bystander = await ready(org.token)
    const started = Date.now()
    await app.db
      .updateTable('tenants')
      .set({ status: 'suspended' })
      .where('id', '=', suspended.tenant.tenant_id)
      .execute()
    expect((await closedWithin(admin, AT_ONCE_MS, started)).code).toBe(4003)
    expect((await closedWithin(employee, AT_ONCE_MS, started)).code).toBe(4003)
    await bystander.roundTrip()
  })
})
