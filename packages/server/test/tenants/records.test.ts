import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../app.js'
import { auth, createEmployee, createTenantWithAdmin, unique } from '../factories.js'

let app: TestApp
// One organization with an admin and an employee, and a stranger organization.
let admin: string
let employee: string
let tenantId: number
let stranger: string
beforeAll(async () => {
  app = await buildTestApp()
  const own = await createTenantWithAdmin(app)
  admin = own.token
  tenantId = own.tenant.tenant_id
  employee = (await createEmployee(app, admin)).token
  stranger = (await createTenantWithAdmin(app)).token
})
afterAll(async () => {
  await app.shutdown()
})

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  app.inject({
    method,
    url,
    headers: token ? auth(token) : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  })
const NOT_FOUND = { message: 'Not found.', code: 'not_found' }
const P = '/api/tenantmanagement/product/'

async function newProduct(token: string, overrides: Record<string, unknown> = {}) {
  const res = await call('POST', P, token, { name: unique('Product '), price: '10.00', ...overrides })
  expect(res.statusCode, res.body).toBe(201)
  return res.json()
}

describe('products', () => {
  it('requires a token', async () => {
    expect((await call('GET', P)).statusCode).toBe(401)
    expect((await call('POST', P, undefined, { name: 'x', price: '1' })).statusCode).toBe(401)
  })

  it('rejects invalid fields with an error per field', async () => {
    const res = await call('POST', P, admin, {
      name: '   ',
      price: '12.345',
      currency: 'dollars',
      is_active: 'yes',
      description: 'd'.repeat(2001),
    })
    expect(res.statusCode).toBe(400)
    const errors = res.json().errors
    expect(Object.keys(errors).sort()).toEqual(['currency', 'description', 'is_active', 'name', 'price'])
    expect(errors.name).toEqual(['Name is required.'])
    expect(errors.price).toEqual(['Price must be a number from 0 to 9,999,999.99 with at most 2 decimals.'])
    expect(errors.description).toEqual(['Description must be at most 2000 characters.'])
    for (const price of ['-1', '10000000', 'abc', '1.2.3']) {
      const bad = await call('POST', P, admin, { name: unique('P'), price })
      expect(bad.statusCode, price).toBe(400)
      expect(Object.keys(bad.json().errors)).toEqual(['price'])
    }
    const missing = await call('POST', P, admin, {})
    expect(Object.keys(missing.json().errors).sort()).toEqual(['name', 'price'])
  })

  it('answers 404 to staff of another tenant on get, update and delete', async () => {
    const p = await newProduct(admin)
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const res = await call(
        method,
        `${P}${p.product_id}/`,
        stranger,
        method === 'PATCH' ? { name: 'Stolen' } : undefined,
      )
      expect(res.statusCode, method).toBe(404)
      expect(res.json()).toEqual(NOT_FOUND)
    }
    expect((await call('DELETE', `${P}?product_id=${p.product_id}`, stranger)).statusCode).toBe(404)
    const list = await call('GET', `${P}?product_id=${p.product_id}`, stranger)
    expect(list.json()).toMatchObject({ data: [], pagination: { total: 0 } })
    expect((await call('GET', `${P}${p.product_id}/`, admin)).json().name).toBe(p.name)
  })

  it('lets an employee read but not write', async () => {
    const p = await newProduct(admin)
    expect((await call('GET', P, employee)).statusCode).toBe(200)
    expect((await call('GET', `${P}${p.product_id}/`, employee)).statusCode).toBe(200)
    for (const [method, url, body] of [
      ['POST', P, { name: unique('E'), price: '1' }],
      ['PATCH', `${P}${p.product_id}/`, { price: '2' }],
      ['DELETE', `${P}${p.product_id}/`, undefined],
      ['DELETE', `${P}?product_id=${p.product_id}`, undefined],
    ] as const) {
      const res = await call(method, url, employee, body)
      expect(res.statusCode, `${method} ${url}`).toBe(403)
      expect(res.json().code).toBe('auth.forbidden')
    }
    expect((await call('GET', `${P}${p.product_id}/`, admin)).json().price).toBe('10.00')
  })

  it('creates a product with 201, a Location header and the tenant currency', async () => {
    const name = unique('Premium plan ')
    const res = await call('POST', P, admin, { name: `  ${name}  `, price: 12.5, description: 'Monthly' })
    expect(res.statusCode).toBe(201)
    const p = res.json()
    expect(res.headers.location).toBe(`${P}${p.product_id}/`)
    expect(p).toMatchObject({
      tenant_id: tenantId,
      name,
      description: 'Monthly',
      price: '12.50',
      currency: 'USD',
      is_active: true,
    })
    expect((await call('GET', res.headers.location as string, admin)).json()).toEqual(p)
    const eur = await newProduct(admin, { price: '0', currency: 'eur', is_active: false })
    expect(eur).toMatchObject({ price: '0.00', currency: 'EUR', is_active: false, description: null })
    expect((await newProduct(admin, { price: '9999999.99' })).price).toBe('9999999.99')
  })

  it('keeps names unique per tenant case-insensitively, but not across tenants', async () => {
    const name = unique('Gizmo ')
    await newProduct(admin, { name })
    const dup = await call('POST', P, admin, { name: name.toUpperCase(), price: '1' })
    expect(dup.statusCode).toBe(409)
    expect(dup.json()).toEqual({ message: 'A product with this name already exists.', code: 'product.name_taken' })
    expect((await call('POST', P, stranger, { name, price: '1' })).statusCode).toBe(201)
    const other = await newProduct(admin)
    const rename = await call('PATCH', `${P}${other.product_id}/`, admin, { name: name.toLowerCase() })
    expect(rename.statusCode).toBe(409)
    expect(rename.json().code).toBe('product.name_taken')
  })

  it('updates any field with PATCH', async () => {
    const p = await newProduct(admin, { description: 'Old' })
    const res = await call('PATCH', `${P}${p.product_id}/`, admin, { price: '15', description: null, is_active: false })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      product_id: p.product_id,
      name: p.name,
      price: '15.00',
      description: null,
      is_active: false,
    })
    expect(new Date(res.json().updated_at).getTime()).toBeGreaterThanOrEqual(new Date(p.updated_at).getTime())
    expect((await call('PATCH', `${P}${p.product_id}/`, admin, { price: '1.001' })).statusCode).toBe(400)
  })

  it('deletes by path and by ?product_id=, and never without an id', async () => {
    const a = await newProduct(admin)
    const b = await newProduct(admin)
    const del = await call('DELETE', `${P}${a.product_id}/`, admin)
    expect(del.statusCode).toBe(204)
    expect(del.body).toBe('')
    expect((await call('GET', `${P}${a.product_id}/`, admin)).statusCode).toBe(404)
    expect((await call('DELETE', `${P}${a.product_id}/`, admin)).statusCode).toBe(404)
    expect((await call('DELETE', `${P}?product_id=${b.product_id}`, admin)).statusCode).toBe(204)
    expect((await call('GET', `${P}${b.product_id}/`, admin)).statusCode).toBe(404)
    const bulk = await call('DELETE', P, admin)
    expect(bulk.statusCode).toBe(400)
    expect(Object.keys(bulk.json().errors)).toEqual(['product_id'])
  })

  describe('list', () => {
    let listAdmin: string
    const names = ['Banana bread', 'apple pie', 'Cherry tart']
    beforeAll(async () => {
      listAdmin = (await createTenantWithAdmin(app)).token
      for (const name of names)
        await newProduct(listAdmin, { name, description: name === 'Cherry tart' ? 'Seasonal 100% fruit' : null })
      await call(
        'PATCH',
        `${P}${(await call('GET', `${P}?search=apple`, listAdmin)).json().data[0].product_id}/`,
        listAdmin,
        { is_active: false },
      )
    })

    it('answers the list envelope with offset pagination, newest first', async () => {
      const first = await call('GET', `${P}?limit=2`, listAdmin)
      expect(first.statusCode).toBe(200)
      expect(first.json()).toMatchObject({
        error: false,
        pagination: { limit: 2, offset: 0, total: 3, next_offset: 2 },
      })
      expect(first.json().data.map((p: { name: string }) => p.name)).toEqual(['Cherry tart', 'apple pie'])
      const last = await call('GET', `${P}?limit=2&offset=2`, listAdmin)
      expect(last.json()).toMatchObject({
        data: [{ name: 'Banana bread' }],
        pagination: { offset: 2, total: 3, next_offset: null },
      })
      expect(first.headers['cache-control']).toBe('private, no-cache')
    })

    it('sorts by name case-insensitively and refuses unknown sort fields', async () => {
      const res = await call('GET', `${P}?sort=name`, listAdmin)
      expect(res.json().data.map((p: { name: string }) => p.name)).toEqual(['apple pie', 'Banana bread', 'Cherry tart'])
      const bad = await call('GET', `${P}?sort=price`, listAdmin)
      expect(bad.statusCode).toBe(400)
      expect(Object.keys(bad.json().errors)).toEqual(['sort'])
    })

    it('searches name and description, treating % and _ literally', async () => {
      expect((await call('GET', `${P}?search=CHERRY`, listAdmin)).json().data).toHaveLength(1)
      expect((await call('GET', `${P}?search=seasonal`, listAdmin)).json().data[0].name).toBe('Cherry tart')
      expect((await call('GET', `${P}?search=100%25`, listAdmin)).json().data).toHaveLength(1)
      expect((await call('GET', `${P}?search=%25`, listAdmin)).json().data).toHaveLength(1)
      expect((await call('GET', `${P}?search=_`, listAdmin)).json().data).toHaveLength(0)
    })

    it('filters by is_active with true/false/1/0', async () => {
      for (const [q, n] of [
        ['false', 1],
        ['0', 1],
        ['true', 2],
        ['1', 2],
      ] as const) {
        const res = await call('GET', `${P}?is_active=${q}`, listAdmin)
        expect(res.json().pagination.total, q).toBe(n)
      }
      expect((await call('GET', `${P}?is_active=maybe`, listAdmin)).statusCode).toBe(400)
    })

    it('answers the legacy ?product_id= filter with an envelope of one', async () => {
      const one = (await call('GET', `${P}?search=banana`, listAdmin)).json().data[0]
      const res = await call('GET', `${P}?product_id=${one.product_id}`, listAdmin)
      expect(res.json()).toMatchObject({
        error: false,
        data: [{ product_id: one.product_id, name: 'Banana bread' }],
        pagination: { total: 1 },
      })
    })

    it('shows a stranger none of these products', async () => {
      const res = await call('GET', `${P}?search=Cherry%20tart`, stranger)
      expect(res.json().data).toEqual([])
    })
  })
})

describe('address', () => {
  const A = '/api/tenantmanagement/address/'
  const ALIAS = '/api/tenantmanagement/adress/'

  it('requires a token', async () => {
    expect((await call('GET', A)).statusCode).toBe(401)
    expect((await call('GET', ALIAS)).statusCode).toBe(401)
  })

  it('rejects missing and over-long fields field by field', async () => {
    const { token } = await createTenantWithAdmin(app)
    const res = await call('POST', A, token, { postal_code: '1'.repeat(21), payment_number: '9'.repeat(33) })
    expect(res.statusCode).toBe(400)
    expect(Object.keys(res.json().errors).sort()).toEqual(['city', 'country', 'payment_number', 'postal_code'])
    expect(res.json().errors.city).toEqual(['City is required.'])
  })

  it('cannot be seen or changed by another tenant', async () => {
    const own = await createTenantWithAdmin(app)
    const other = await createTenantWithAdmin(app)
    const created = (await call('POST', A, own.token, { city: 'Nairobi', country: 'Kenya' })).json()
    expect((await call('GET', A, other.token)).json()).toMatchObject({ data: [], pagination: { total: 0 } })
    for (const method of ['PATCH', 'DELETE'] as const) {
      const res = await call(
        method,
        `${A}${created.address_id}/`,
        other.token,
        method === 'PATCH' ? { city: 'Elsewhere' } : undefined,
      )
      expect(res.statusCode, method).toBe(404)
      expect(res.json()).toEqual(NOT_FOUND)
    }
    expect((await call('GET', A, own.token)).json().data[0].city).toBe('Nairobi')
  })

  it('lets an employee read but not write', async () => {
    const own = await createTenantWithAdmin(app)
    const emp = (await createEmployee(app, own.token)).token
    expect((await call('GET', A, emp)).statusCode).toBe(200)
    expect((await call('POST', A, emp, { city: 'Nairobi', country: 'Kenya' })).statusCode).toBe(403)
    expect((await call('PATCH', ALIAS, emp, { city: 'Mombasa' })).statusCode).toBe(403)
    expect((await call('DELETE', A, emp)).statusCode).toBe(403)
  })

  it('answers PATCH and DELETE with 404 while there is no address', async () => {
    const { token } = await createTenantWithAdmin(app)
    expect((await call('GET', A, token)).json()).toEqual({
      error: false,
      data: [],
      pagination: { limit: 1, offset: 0, total: 0, next_offset: null },
    })
    for (const url of [A, ALIAS]) {
      expect((await call('PATCH', url, token, { city: 'Nowhere' })).statusCode).toBe(404)
      expect((await call('DELETE', url, token)).statusCode).toBe(404)
    }
  })

  it('holds one address per tenant, served identically at /address and /adress', async () => {
    const { token } = await createTenantWithAdmin(app)
    const res = await call('POST', ALIAS, token, {
      city: ' Nairobi ',
      country: 'Kenya',
      postal_code: '00100',
      payment_number: '+254712345678',
    })
    expect(res.statusCode).toBe(201)
    expect(res.headers.location).toBeDefined()
    const addr = res.json()
    expect(addr).toMatchObject({
      tenant_id: expect.any(Number),
      city: 'Nairobi',
      country: 'Kenya',
      postal_code: '00100',
      state: null,
      billing_details_id: null,
      payment_number: '+254712345678',
    })
    for (const url of [A, ALIAS]) {
      const again = await call('POST', url, token, { city: 'Mombasa', country: 'Kenya' })
      expect(again.statusCode).toBe(409)
      expect(again.json()).toEqual({
        message: 'This organization already has an address. Update it instead.',
        code: 'address.already_exists',
      })
    }
    const viaCanonical = (await call('GET', A, token)).json()
    const viaAlias = (await call('GET', ALIAS, token)).json()
    expect(viaAlias).toEqual(viaCanonical)
    expect(viaCanonical).toMatchObject({ data: [addr], pagination: { total: 1 } })

    const patched = await call('PATCH', `${ALIAS}${addr.address_id}/`, token, {
      state: 'Nairobi County',
      postal_code: null,
    })
    expect(patched.statusCode).toBe(200)
    expect(patched.json()).toMatchObject({
      address_id: addr.address_id,
      city: 'Nairobi',
      state: 'Nairobi County',
      postal_code: null,
    })
    expect((await call('PATCH', A, token, { city: 'Kisumu' })).json().city).toBe('Kisumu')
    const bad = await call('PATCH', A, token, { city: '', state: 's'.repeat(101) })
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(bad.json().errors).sort()).toEqual(['city', 'state'])

    expect((await call('DELETE', A, token)).statusCode).toBe(204)
    expect((await call('GET', ALIAS, token)).json().data).toEqual([])
    expect((await call('POST', A, token, { city: 'Nakuru', country: 'Kenya' })).statusCode).toBe(201)
  })
})

describe('metadata', () => {
  const M = '/api/tenantmanagement/metadata/'

  it('requires a token', async () => {
    expect((await call('GET', M)).statusCode).toBe(401)
  })

  it('validates the key format and requires a value', async () => {
    for (const key of ['Upper', 'has space', 'émoji', '', 'k'.repeat(101)]) {
      const res = await call('POST', M, admin, { key, value: 1 })
      expect(res.statusCode, key).toBe(400)
      expect(Object.keys(res.json().errors), key).toEqual(['key'])
    }
    const res = await call('POST', M, admin, { key: unique('k') })
    expect(res.statusCode).toBe(400)
    expect(Object.keys(res.json().errors)).toEqual(['value'])
  })

  it('round-trips any JSON value, null included', async () => {
    const values: unknown[] = [
      'text',
      0,
      -1.5,
      true,
      false,
      null,
      [],
      [1, 'two', { three: [3] }],
      { nested: { deep: [null, true] } },
      { '': 'empty key' },
      '',
    ]
    for (const value of values) {
      const key = unique('v.')
      const res = await call('POST', M, admin, { key, value })
      expect(res.statusCode, JSON.stringify(value)).toBe(201)
      expect(res.json().value).toEqual(value)
      expect(res.headers.location).toBe(`${M}${res.json().metadata_id}/`)
      const back = await call('GET', res.headers.location as string, admin)
      expect(back.json()).toMatchObject({ key, value, tenant_id: tenantId })
    }
  })

  it('refuses a value over 16 KiB and accepts one at the limit', async () => {
    const over = await call('POST', M, admin, { key: unique('big'), value: 'x'.repeat(16 * 1024 - 1) })
    expect(over.statusCode).toBe(400)
    expect(over.json().errors.value).toEqual(['Value must be at most 16 KiB when serialised.'])
    const at = await call('POST', M, admin, { key: unique('big'), value: 'x'.repeat(16 * 1024 - 2) })
    expect(at.statusCode).toBe(201)
    const patch = await call('PATCH', `${M}${at.json().metadata_id}/`, admin, { value: { v: 'x'.repeat(16 * 1024) } })
    expect(patch.statusCode).toBe(400)
  })

  it('keeps keys unique per tenant', async () => {
    const key = unique('dup')
    expect((await call('POST', M, admin, { key, value: 1 })).statusCode).toBe(201)
    const res = await call('POST', M, admin, { key, value: 2 })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ code: 'metadata.key_taken', errors: { key: ['This key already exists.'] } })
    expect((await call('POST', M, stranger, { key, value: 3 })).statusCode).toBe(201)
  })

  it('answers 404 to another tenant on get, update and delete', async () => {
    const m = (await call('POST', M, admin, { key: unique('secret'), value: 'mine' })).json()
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const res = await call(
        method,
        `${M}${m.metadata_id}/`,
        stranger,
        method === 'PATCH' ? { value: 'theirs' } : undefined,
      )
      expect(res.statusCode, method).toBe(404)
      expect(res.json()).toEqual(NOT_FOUND)
    }
    expect((await call('GET', `${M}?metadata_id=${m.metadata_id}`, stranger)).json().data).toEqual([])
    expect((await call('GET', `${M}${m.metadata_id}/`, admin)).json().value).toBe('mine')
  })

  it('lets an employee read but not write', async () => {
    const m = (await call('POST', M, admin, { key: unique('emp'), value: 1 })).json()
    expect((await call('GET', `${M}${m.metadata_id}/`, employee)).statusCode).toBe(200)
    expect((await call('GET', M, employee)).statusCode).toBe(200)
    expect((await call('POST', M, employee, { key: unique('e'), value: 1 })).statusCode).toBe(403)
    expect((await call('PATCH', `${M}${m.metadata_id}/`, employee, { value: 2 })).statusCode).toBe(403)
    expect((await call('DELETE', `${M}${m.metadata_id}/`, employee)).statusCode).toBe(403)
  })

  it('updates a value, filters by key and deletes', async () => {
    const key = unique('color')
    const m = (await call('POST', M, admin, { key, value: 'blue' })).json()
    const res = await call('PATCH', `${M}${m.metadata_id}/`, admin, { value: ['red', 'green'] })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ key, value: ['red', 'green'] })
    const list = await call('GET', `${M}?key=${key}`, admin)
    expect(list.json()).toMatchObject({
      error: false,
      data: [{ metadata_id: m.metadata_id, value: ['red', 'green'] }],
      pagination: { total: 1 },
    })
    expect((await call('DELETE', `${M}${m.metadata_id}/`, admin)).statusCode).toBe(204)
    expect((await call('GET', `${M}${m.metadata_id}/`, admin)).statusCode).toBe(404)
    expect((await call('GET', `${M}?key=${key}`, admin)).json().data).toEqual([])
  })

  it('refuses the 201st key with 422', async () => {
    const full = await createTenantWithAdmin(app)
    const id = full.tenant.tenant_id
    await app.db
      .insertInto('tenant_metadata')
      .values(Array.from({ length: 200 }, (_, i) => ({ tenant_id: id, key: `k${i}`, value: JSON.stringify(i) })))
      .execute()
    const res = await call('POST', M, full.token, { key: 'one-too-many', value: true })
    expect(res.statusCode).toBe(422)
    expect(res.json()).toEqual({
      message: 'An organization can keep at most 200 metadata keys.',
      code: 'metadata.limit_reached',
    })
    const page = await call('GET', `${M}?limit=100&offset=100`, full.token)
    expect(page.json().pagination).toEqual({ limit: 100, offset: 100, total: 200, next_offset: null })
    // Freeing a key makes room again.
    const first = (await call('GET', `${M}?key=k0`, full.token)).json().data[0]
    expect((await call('DELETE', `${M}${first.metadata_id}/`, full.token)).statusCode).toBe(204)
    expect((await call('POST', M, full.token, { key: 'one-too-many', value: true })).statusCode).toBe(201)
  })
})
