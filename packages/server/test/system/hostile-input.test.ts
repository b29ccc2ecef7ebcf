import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../app.js'
import { auth, createTenantWithAdmin } from '../factories.js'

let app: TestApp
let adminToken: string
beforeAll(async () => {
  app = await buildTestApp()
  ;({ token: adminToken } = await createTenantWithAdmin(app))
})
afterAll(async () => {
  await app.shutdown()
})

describe('hostile input', () => {
  const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`
  const oddBodies: unknown[] = [
    [],
    [{ name: 'x' }],
    'just a string',
    42,
    true,
    { name: ['array'], price: { nested: 1 } },
    { name: 'x'.repeat(200_000), price: '1' },
    { name: "'; DROP TABLE products; --", price: '1' },
    { name: 'Robert\u0000Tables', price: '1' },
    { name: '\ud800 lone surrogate', price: '1' },
    { name: '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ✓ 😀', price: '1e309' },
    { name: 'Negative', price: '-1' },
    { name: 'Overflow', price: 1e308 },
    { key: 'k\u0000ey', value: 'v' },
    { key: 'nul-value', value: { 'a\u0000': '\u0000' } },
    { __proto__: { admin: true }, constructor: { prototype: { admin: true } } },
    { tenant_name: null, email: 12, phonenumber: '+' + '9'.repeat(500) },
  ]
  const rawBodies = [
    deep(5_000),
    deep(100),
    '{"a":' + '1'.repeat(5000) + '}',
    '\u0000',
    '{"__proto__":{"x":1}}',
    'null',
  ]
  const writeUrls = [
    ['POST', '/api/tenantmanagement/product/'],
    ['PATCH', '/api/tenantmanagement/product/1/'],
    ['POST', '/api/tenantmanagement/metadata/'],
    ['PATCH', '/api/tenantmanagement/tenant/'],
    ['PATCH', '/api/tenantmanagement/settings/'],
    ['POST', '/api/tenantmanagement/address/'],
    ['POST', '/api/staff/invitations/'],
    ['POST', '/api/auth/employee/accept/'],
    ['POST', '/api/auth/signin/'],
    ['POST', '/api/tenantmanagement/tenant/'],
  ] as const
  const oddQueries = [
    '/api/tenantmanagement/product/?search=%00',
    '/api/tenantmanagement/product/?search=%27%20OR%201%3D1--',
    '/api/tenantmanagement/product/?search=%25%5F%5C',
    '/api/tenantmanagement/product/?limit=-1&offset=99999999999999999999',
    '/api/tenantmanagement/product/?sort=name;drop&is_active=maybe',
    '/api/tenantmanagement/product/?product_id=1e400',
    '/api/tenantmanagement/product/?limit=1&limit=2&search=a&search=b',
    '/api/tenantmanagement/product/-1/',
    '/api/tenantmanagement/product/0/',
    '/api/tenantmanagement/product/99999999999999999999/',
    '/api/tenantmanagement/product/1.5/',
    '/api/tenantmanagement/product/%00/',
    '/api/tenantmanagement/metadata/?key=%00&metadata_id=abc',
    '/api/tenantmanagement/tenant/NaN/',
    '/api/staff/invitations/?status=everything',
    '/api/auth/employee/invitation/?token=%00',
    `/api/auth/employee/invitation/?token=${'a'.repeat(5000)}`,
    '/api/widget/config/?widget_key=%00',
    '/api/widget/config/?widget_key[]=1',
    '/auth/checktokenexpiry?token=%00',
    '/%00',
    '/api/%E0%A4%A',
  ]

  it('never answers 500 to odd bodies', async () => {
    for (const [method, url] of writeUrls) {
      for (const body of oddBodies) {
        const res = await app.inject({
          method,
          url,
          headers: { ...auth(adminToken), 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        })
        expect(
          res.statusCode,
          `${method} ${url} ${JSON.stringify(body).slice(0, 80)} → ${res.body.slice(0, 200)}`,
        ).toBeLessThan(500)
        expect(res.headers['content-type'], `${method} ${url}`).toMatch(/application\/json/)
      }
      for (const raw of rawBodies) {
        const res = await app.inject({
          method,
          url,
          headers: { ...auth(adminToken), 'content-type': 'application/json' },
          payload: raw,
        })
        expect(res.statusCode, `${method} ${url} ${raw.slice(0, 40)} → ${res.body.slice(0, 200)}`).toBeLessThan(500)
      }
    }
  })

  it('never answers 500 to odd queries, ids and paths', async () => {
    for (const url of oddQueries) {
      for (const method of ['GET', 'DELETE'] as const) {
        const res = await app.inject({ method, url, headers: auth(adminToken) })
        expect(res.statusCode, `${method} ${url} → ${res.body.slice(0, 200)}`).toBeLessThan(500)
      }
    }
  })

  it('refuses date windows the database cannot store with a field error on every filtered list', async () => {
    const lists = ['/api/chat/chat/?from=', '/api/community/issue/?from=', '/api/community/events/?from=']
    for (const bound of ['0000-01-01T00:00:00Z', '10000-01-01T00:00:00Z', '0000-06-01']) {
      for (const url of lists) {
        const res = await app.inject({ method: 'GET', url: `${url}${bound}`, headers: auth(adminToken) })
        expect([url, bound, res.statusCode, Object.keys(res.json().errors ?? {})]).toEqual([url, bound, 400, ['from']])
      }
      const search = await app.inject({
        method: 'POST',
        url: '/api/search',
        headers: auth(adminToken),
        payload: { query: 'refund', to: bound },
      })
      expect([bound, search.statusCode, Object.keys(search.json().errors ?? {})]).toEqual([bound, 400, ['to']])
    }
  })

  it('refuses a window whose start is after its end on every list that takes one', async () => {
    const END_BEFORE_START = 'The end must be after the start.'
    const later = '2024-02-01T00:00:00Z'
    const earlier = '2024-01-01T00:00:00Z'
    const refused = [
      `/api/chat/chat/?from=${later}&to=${earlier}`,
      '/api/chat/chat/?from=2024-02-01&to=2024-01-31',
      `/api/chat/chat/?from=2024-02-03&to=${earlier}`,
      `/api/community/issue/?from=${later}&to=${earlier}`,
      `/api/community/events/?from=${later}&to=${earlier}`,
    ]
    for (const url of refused) {
      const res = await app.inject({ method: 'GET', url, headers: auth(adminToken) })
      expect([url, res.statusCode, res.json().code, res.json().errors]).toEqual([
        url,
        400,
        'validation.failed',
        { to: [END_BEFORE_START] },
      ])
    }
    const search = await app.inject({
      method: 'POST',
      url: '/api/search',
      headers: auth(adminToken),
      payload: { query: 'refund', from: later, to: earlier },
    })
    expect([search.statusCode, search.json().errors]).toEqual([400, { to: [END_BEFORE_START] }])

    // Ordered windows, and the lists whose `to` is inclusive given one instant or one day, still answer.
    const accepted = [
      `/api/chat/chat/?from=${earlier}&to=${later}`,
      `/api/chat/chat/?from=${earlier}&to=${earlier}`,
      '/api/chat/chat/?from=2024-01-31&to=2024-01-31',
      `/api/chat/chat/?from=2024-01-01&to=${earlier}`,
      `/api/community/issue/?from=${earlier}&to=${earlier}`,
      `/api/community/events/?from=${earlier}&to=${later}`,
    ]
    for (const url of accepted) {
      const res = await app.inject({ method: 'GET', url, headers: auth(adminToken) })
      expect([url, res.statusCode]).toEqual([url, 200])
    }
    const ordered = await app.inject({
      method: 'POST',
      url: '/api/search',
      headers: auth(adminToken),
      payload: { query: 'refund', from: earlier, to: later },
    })
    expect(ordered.statusCode).toBe(200)
  })

  it('refuses NUL characters with a field error instead of a database failure', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/tenantmanagement/product/',
      headers: auth(adminToken),
      payload: { name: 'Bad\u0000name', price: '1.00' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      message: 'Text must not contain the NUL character.',
      code: 'validation.failed',
      errors: { name: ['Text must not contain the NUL character.'] },
    })
    const query = await app.inject({
      method: 'GET',
      url: '/api/tenantmanagement/product/?search=a%00b',
      headers: auth(adminToken),
    })
    expect(query.statusCode).toBe(400)
    expect(query.json().errors).toEqual({ search: ['Text must not contain the NUL character.'] })
    // The session check still calls any unusable token expired.
    const check = await app.inject({ method: 'GET', url: '/auth/checktokenexpiry?token=pxm_%00' })
    expect(check.statusCode).toBe(401)
    expect(check.json().message).toBe('Token has expired')
  })

  it('treats SQL-looking search text as plain text', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/tenantmanagement/product/?search=%27%20OR%20%271%27%3D%271',
      headers: auth(adminToken),
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ error: false, data: [], pagination: { total: 0 } })
  })
})
