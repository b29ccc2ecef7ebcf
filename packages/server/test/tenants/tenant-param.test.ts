import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../app.js'
import { auth, createEmployee, createTenantWithAdmin, unique } from '../factories.js'

// Contract §1.5.2: staff may name a tenant (`tenant` or `tenant_id`) only to name their own; another one is 404.
let app: TestApp
let admin: string
let employee: string
let ownId: number
let otherId: number
let productId: number
let metadataId: number
beforeAll(async () => {
  app = await buildTestApp()
  const own = await createTenantWithAdmin(app)
  admin = own.token
  ownId = own.tenant.tenant_id
  employee = (await createEmployee(app, admin)).token
  otherId = (await createTenantWithAdmin(app)).tenant.tenant_id
  const T = '/api/tenantmanagement'
  const product = await app.inject({
    method: 'POST',
    url: `${T}/product/`,
    headers: auth(admin),
    payload: { name: unique('Product '), price: '5.00' },
  })
  productId = product.json().product_id
  const metadata = await app.inject({
    method: 'POST',
    url: `${T}/metadata/`,
    headers: auth(admin),
    payload: { key: unique('k'), value: 1 },
  })
  metadataId = metadata.json().metadata_id
  const address = await app.inject({
    method: 'POST',
    url: `${T}/address/`,
    headers: auth(admin),
    payload: { city: 'Nairobi', country: 'Kenya' },
  })
  expect([product.statusCode, metadata.statusCode, address.statusCode]).toEqual([201, 201, 201])
})
afterAll(async () => {
  await app.shutdown()
})

const NOT_FOUND = { message: 'Not found.', code: 'not_found' }
const get = (url: string, token = admin) => app.inject({ method: 'GET', url, headers: auth(token) })
const withParam = (url: string, param: string) => `${url}${url.includes('?') ? '&' : '?'}${param}`

const routes = () => [
  '/api/tenantmanagement/product/',
  '/api/tenantmanagement/product/?sort=name',
  `/api/tenantmanagement/product/${productId}/`,
  '/api/tenantmanagement/address/',
  '/api/tenantmanagement/adress/',
  '/api/tenantmanagement/metadata/',
  `/api/tenantmanagement/metadata/${metadataId}/`,
  '/api/tenantmanagement/tenant/',
  `/api/tenantmanagement/tenant/${ownId}/`,
  '/api/tenantmanagement/subscription/',
  '/api/tenantmanagement/settings/',
]

describe('a tenant named in the query of a staff read', () => {
  it('answers 404 when `tenant_id` names another organization', async () => {
    for (const url of routes()) {
      const res = await get(withParam(url, `tenant_id=${otherId}`))
      expect(res.statusCode, url).toBe(404)
      expect(res.json(), url).toEqual(NOT_FOUND)
    }
  })

  it('answers 404 when `tenant` names another organization, for employees too', async () => {
    for (const url of routes()) {
      const res = await get(withParam(url, `tenant=${otherId}`), employee)
      expect(res.statusCode, url).toBe(404)
      expect(res.json(), url).toEqual(NOT_FOUND)
    }
  })

  it('answers 404 when only one of `tenant` and `tenant_id` names the caller’s organization', async () => {
    for (const url of routes()) {
      const res = await get(withParam(url, `tenant=${ownId}&tenant_id=${otherId}`))
      expect(res.statusCode, url).toBe(404)
    }
  })

  it('answers 404 for an organization that does not exist, like one that belongs to someone else', async () => {
    const res = await get(`/api/tenantmanagement/product/?tenant_id=${otherId + 1_000_000}`)
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual(NOT_FOUND)
  })

  it('rejects a tenant that is not a positive whole number with a field error', async () => {
    for (const value of ['abc', '0', '-1', `${ownId}x`]) {
      const res = await get(`/api/tenantmanagement/product/?tenant_id=${value}`)
      expect(res.statusCode, value).toBe(400)
      expect(Object.keys(res.json().errors)).toEqual(['tenant_id'])
    }
  })

  it('answers 404 to writes whose body names another organization, and writes nothing', async () => {
    const T = '/api/tenantmanagement'
    const name = unique('Foreign product ')
    const writes = [
      { method: 'POST' as const, url: `${T}/product/`, payload: { name, price: '1.00', tenant_id: otherId } },
      { method: 'PATCH' as const, url: `${T}/product/${productId}/`, payload: { name, tenant: otherId } },
      { method: 'POST' as const, url: `${T}/metadata/`, payload: { key: unique('k'), value: 2, tenant_id: otherId } },
      { method: 'POST' as const, url: '/api/chat/categories/', payload: { name, tenant_id: otherId } },
    ]
    for (const w of writes) {
      const res = await app.inject({ ...w, headers: auth(admin) })
      expect(res.statusCode, w.url).toBe(404)
      expect(res.json()).toEqual(NOT_FOUND)
    }
    const list = await get(`${T}/product/`)
    expect(JSON.stringify(list.json())).not.toContain(name)
  })

  it('accepts writes whose body names the caller’s own organization', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/tenantmanagement/product/',
      headers: auth(admin),
      payload: { name: unique('Own product '), price: '2.00', tenant_id: ownId },
    })
    expect(res.statusCode).toBe(201)
    const id = res.json().product_id
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/tenantmanagement/product/${id}/`,
      headers: auth(admin),
    })
    expect(removed.statusCode).toBe(204)
  })

  it('answers as usual when the caller names their own organization', async () => {
    for (const url of routes()) {
      const plain = await get(url)
      expect(plain.statusCode, url).toBe(200)
      for (const param of [`tenant_id=${ownId}`, `tenant=${ownId}`, `tenant=${ownId}&tenant_id=${ownId}`]) {
        const named = await get(withParam(url, param))
        expect(named.statusCode, `${url} ${param}`).toBe(200)
        expect(named.json(), `${url} ${param}`).toEqual(plain.json())
      }
    }
  })

  it('still finds the caller’s own records when they name their organization', async () => {
    const products = await get(`/api/tenantmanagement/product/?tenant_id=${ownId}`)
    expect(products.json().data.map((p: { product_id: number }) => p.product_id)).toEqual([productId])
    const metadata = await get(`/api/tenantmanagement/metadata/?tenant=${ownId}`)
    expect(metadata.json().data.map((m: { metadata_id: number }) => m.metadata_id)).toEqual([metadataId])
    const address = await get(`/api/tenantmanagement/address/?tenant_id=${ownId}`)
    expect(address.json().data).toEqual([expect.objectContaining({ tenant_id: ownId, city: 'Nairobi' })])
  })
})
