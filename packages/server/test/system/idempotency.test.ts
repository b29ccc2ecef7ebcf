import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../app.js'
import { PASSWORD, unique } from '../factories.js'
import { purgeIdempotencyKeys } from '../../src/http/idempotency.js'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(async () => {
  await app.shutdown()
})

const clientBody = () => {
  const u = unique('idem')
  return {
    username: u,
    email: `${u}@example.com`,
    first_name: 'Ida',
    last_name: 'Em',
    password: PASSWORD,
    confirm_password: PASSWORD,
  }
}
const register = (body: object, key?: string, remoteAddress = '10.1.1.1') =>
  app.inject({
    method: 'POST',
    url: '/api/auth/client/',
    payload: body,
    remoteAddress,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  })

describe('Idempotency-Key', () => {
  it('rejects a key that is too long or not printable ASCII', async () => {
    for (const key of ['x'.repeat(129), 'with space', 'émoji']) {
      const res = await register(clientBody(), key)
      expect(res.statusCode).toBe(400)
      expect(res.json().errors['Idempotency-Key']).toHaveLength(1)
    }
  })

  it('replays the first response to a retry with the same key and body, creating nothing twice', async () => {
    const body = clientBody()
    const key = unique('k-')
    const first = await register(body, key)
    expect(first.statusCode).toBe(201)
    expect(first.headers['idempotent-replayed']).toBeUndefined()
    const again = await register(body, key)
    expect(again.statusCode).toBe(201)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.json()).toEqual(first.json())
    expect(again.headers.location).toBe(first.headers.location)
    const rows = await app.db.selectFrom('users').select('id').where('email', '=', body.email).execute()
    expect(rows).toHaveLength(1)
  })

  it('answers 422 when the key comes back with a different body', async () => {
    const key = unique('k-')
    expect((await register(clientBody(), key)).statusCode).toBe(201)
    const res = await register(clientBody(), key)
    expect(res.statusCode).toBe(422)
    expect(res.json().code).toBe('idempotency.mismatch')
  })

  it('answers 409 while the first request with the key is still running', async () => {
    const body = clientBody()
    const key = unique('k-')
    await app.db
      .insertInto('idempotency_keys')
      .values({
        caller: 'ip:10.1.1.9',
        route: 'POST /api/auth/client/',
        key,
        request_hash: (await import('node:crypto')).createHash('sha256').update(JSON.stringify(body)).digest('hex'),
        expires_at: new Date(Date.now() + 3_600_000),
      })
      .execute()
    const res = await register(body, key, '10.1.1.9')
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('idempotency.in_progress')
  })

  it('keeps keys apart per caller and replays refusals too', async () => {
    const body = clientBody()
    const key = unique('k-')
    expect((await register(body, key, '10.2.2.1')).statusCode).toBe(201)
    // Another caller with the same key is a different request: it runs, and meets the duplicate.
    const other = await register(body, key, '10.2.2.2')
    expect(other.statusCode).toBe(409)
    expect(other.json().code).toBe('auth.duplicate_user')
    const replayed = await register(body, key, '10.2.2.2')
    expect(replayed.statusCode).toBe(409)
    expect(replayed.headers['idempotent-replayed']).toBe('true')
  })

  it('works on organization creation, whose errors keep the legacy form', async () => {
    const key = unique('k-')
    const body = { tenant_name: unique('Idem Org '), industry: 'Retail', email: 'idem@example.com' }
    const first = await app.inject({
      method: 'POST',
      url: '/api/tenantmanagement/tenant/',
      payload: body,
      headers: { 'idempotency-key': key },
    })
    expect(first.statusCode).toBe(201)
    const again = await app.inject({
      method: 'POST',
      url: '/api/tenantmanagement/tenant/',
      payload: body,
      headers: { 'idempotency-key': key },
    })
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.json().tenant_id).toBe(first.json().tenant_id)
    expect(again.json().onboarding_token).toBe(first.json().onboarding_token)
  })

  it('changes nothing on routes without idempotency', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/tenantmanagement/plans/',
      headers: { 'idempotency-key': 'not checked here' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['idempotent-replayed']).toBeUndefined()
  })

  it('keeps a key for a day: the clean-up drops it only once it has expired', async () => {
    const body = clientBody()
    const key = unique('k-')
    expect((await register(body, key, '10.4.4.1')).statusCode).toBe(201)
    await purgeIdempotencyKeys(app.db, new Date(Date.now() + 23 * 3_600_000))
    expect((await register(body, key, '10.4.4.1')).headers['idempotent-replayed']).toBe('true')
    await purgeIdempotencyKeys(app.db, new Date(Date.now() + 25 * 3_600_000))
    // The key is gone: the retry runs again and meets the account the first request created.
    const rerun = await register(body, key, '10.4.4.1')
    expect(rerun.statusCode).toBe(409)
    expect(rerun.json().code).toBe('auth.duplicate_user')
    expect(rerun.headers['idempotent-replayed']).toBeUndefined()
  })
})
