import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { detectTopic } from '../../src/features/chat/topics.detect.js'
import { buildTestApp, type TestApp } from '../app.js'
import { auth, createClient, createEmployee, createTenantWithAdmin, unique } from '../factories.js'
import { createVisitor } from './helpers.js'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(async () => {
  await app.shutdown()
})

const post = (url: string, token: string, payload: unknown) =>
  app.inject({ method: 'POST', url, headers: auth(token), payload: payload as object })

describe('/api/chat/categories/', () => {
  it('requires a token', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/chat/categories/' })).statusCode).toBe(401)
    expect(
      (await app.inject({ method: 'POST', url: '/api/chat/categories/', payload: { name: 'x' } })).statusCode,
    ).toBe(401)
  })

  it('rejects a missing or too long name and a too long description with field errors', async () => {
    const { token } = await createTenantWithAdmin(app)
    const missing = await post('/api/chat/categories/', token, {})
    expect(missing.statusCode).toBe(400)
    expect(missing.json().errors.name).toEqual(['Name is required.'])
    expect((await post('/api/chat/categories/', token, { name: 'x'.repeat(81) })).json().errors.name).toHaveLength(1)
    expect(
      (await post('/api/chat/categories/', token, { name: 'ok', description: 'd'.repeat(501) })).json().errors
        .description,
    ).toHaveLength(1)
  })

  it('lets only admins write', async () => {
    const { token } = await createTenantWithAdmin(app)
    const { token: employeeToken } = await createEmployee(app, token)
    const { token: clientToken } = await createClient(app)
    expect((await post('/api/chat/categories/', employeeToken, { name: 'Billing' })).statusCode).toBe(403)
    expect((await post('/api/chat/categories/', clientToken, { name: 'Billing' })).statusCode).toBe(403)
  })

  it('creates, renames, lists with topic counts and deletes, refusing duplicate names', async () => {
    const { token } = await createTenantWithAdmin(app)
    const created = await post('/api/chat/categories/', token, { name: 'Billing', description: 'Money things' })
    expect(created.statusCode).toBe(201)
    const id = created.json().category_id
    expect(created.json()).toMatchObject({ name: 'Billing', description: 'Money things', topic_count: 0 })
    const dup = await post('/api/chat/categories/', token, { name: 'billing' })
    expect(dup.statusCode).toBe(409)
    expect(dup.json().code).toBe('category.name_taken')
    await post('/api/chat/topics/', token, { name: 'Refunds', category_id: id })
    const renamed = await app.inject({
      method: 'PATCH',
      url: `/api/chat/categories/${id}/`,
      headers: auth(token),
      payload: { name: 'Payments' },
    })
    expect(renamed.json()).toMatchObject({ name: 'Payments', topic_count: 1 })
    await post('/api/chat/categories/', token, { name: 'Accounts' })
    const list = await app.inject({ method: 'GET', url: '/api/chat/categories/', headers: auth(token) })
    expect(list.json().data.map((c: { name: string }) => c.name)).toEqual(['Accounts', 'Payments'])
    expect(list.json().pagination.total).toBe(2)
    const del = await app.inject({ method: 'DELETE', url: `/api/chat/categories/${id}/`, headers: auth(token) })
    expect(del.statusCode).toBe(204)
    const topics = await app.inject({ method: 'GET', url: '/api/chat/topics/', headers: auth(token) })
    expect(topics.json().data[0]).toMatchObject({ name: 'Refunds', category_id: null, category_name: null })
  })

  it('answers 404 for another tenant’s category, and to staff naming another tenant', async () => {
    const { token } = await createTenantWithAdmin(app)
    const stranger = await createTenantWithAdmin(app)
    const id = (await post('/api/chat/categories/', stranger.token, { name: 'Secret' })).json().category_id
    expect(
      (
        await app.inject({
          method: 'PATCH',
          url: `/api/chat/categories/${id}/`,
          headers: auth(token),
          payload: { name: 'Mine' },
        })
      ).statusCode,
    ).toBe(404)
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/chat/categories/${id}/`, headers: auth(token) })).statusCode,
    ).toBe(404)
    const foreign = await app.inject({
      method: 'GET',
      url: `/api/chat/categories/?tenant_id=${stranger.tenant.tenant_id}`,
      headers: auth(token),
    })
    expect(foreign.statusCode).toBe(404)
  })

  it('lets a client read a named tenant’s categories and a visitor their own tenant’s', async () => {
    const { token, tenant } = await createTenantWithAdmin(app)
    await post('/api/chat/categories/', token, { name: 'Delivery' })
    const { token: clientToken } = await createClient(app)
    const without = await app.inject({ method: 'GET', url: '/api/chat/categories/', headers: auth(clientToken) })
    expect(without.statusCode).toBe(400)
    expect(without.json().errors.tenant_id).toHaveLength(1)
    const named = await app.inject({
      method: 'GET',
      url: `/api/chat/categories/?tenant_id=${tenant.tenant_id}`,
      headers: auth(clientToken),
    })
    expect(named.json().data.map((c: { name: string }) => c.name)).toEqual(['Delivery'])
    const visitor = await createVisitor(app, token)
    const own = await app.inject({ method: 'GET', url: '/api/chat/categories/', headers: auth(visitor.token) })
    expect(own.json().data).toHaveLength(1)
  })
})

describe('/api/chat/topics/', () => {
  it('requires a token', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/chat/topics/' })).statusCode).toBe(401)
  })

  it('rejects invalid keywords, names and flags with field errors', async () => {
    const { token } = await createTenantWithAdmin(app)
    expect((await post('/api/chat/topics/', token, { name: '' })).json().errors.name).toHaveLength(1)
    expect(
      (await post('/api/chat/topics/', token, { name: 'A', keywords: ['x'.repeat(41)] })).json().errors['keywords.0'],
    ).toHaveLength(1)
    expect(
      (
        await post('/api/chat/topics/', token, { name: 'A', keywords: Array.from({ length: 21 }, (_, i) => `k${i}`) })
      ).json().errors.keywords,
    ).toHaveLength(1)
    expect(
      (await post('/api/chat/topics/', token, { name: 'A', is_active: 'maybe' })).json().errors.is_active,
    ).toHaveLength(1)
    expect(
      (await post('/api/chat/topics/', token, { name: 'A', category_id: 'x' })).json().errors.category_id,
    ).toHaveLength(1)
  })

  it('refuses employees and customers writing', async () => {
    const { token } = await createTenantWithAdmin(app)
    const { token: employeeToken } = await createEmployee(app, token)
    expect((await post('/api/chat/topics/', employeeToken, { name: 'Refunds' })).statusCode).toBe(403)
    const visitor = await createVisitor(app, token)
    expect((await post('/api/chat/topics/', visitor.token, { name: 'Refunds' })).statusCode).toBe(403)
  })

  it('creates with keywords, refuses duplicates and unknown or foreign categories', async () => {
    const { token } = await createTenantWithAdmin(app)
    const stranger = await createTenantWithAdmin(app)
    const foreignCategory = (await post('/api/chat/categories/', stranger.token, { name: 'Theirs' })).json().category_id
    const created = await post('/api/chat/topics/', token, {
      name: 'Refunds',
      keywords: ['refund', 'Refund', 'money back'],
    })
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({
      name: 'Refunds',
      keywords: ['refund', 'money back'],
      is_active: true,
      category_id: null,
    })
    expect((await post('/api/chat/topics/', token, { name: 'REFUNDS' })).json().code).toBe('topic.name_taken')
    expect((await post('/api/chat/topics/', token, { name: 'Other', category_id: foreignCategory })).statusCode).toBe(
      404,
    )
    expect((await post('/api/chat/topics/', token, { name: 'Other', category_id: 999_999_999 })).statusCode).toBe(404)
    const id = created.json().topic_id
    expect(
      (
        await app.inject({
          method: 'PATCH',
          url: `/api/chat/topics/${id}/`,
          headers: auth(stranger.token),
          payload: { name: 'x' },
        })
      ).statusCode,
    ).toBe(404)
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/chat/topics/${id}/`, headers: auth(stranger.token) }))
        .statusCode,
    ).toBe(404)
  })

  it('filters by category, activity and search; customers see only active topics', async () => {
    const { token, tenant } = await createTenantWithAdmin(app)
    const category = (await post('/api/chat/categories/', token, { name: unique('Cat') })).json().category_id
    await post('/api/chat/topics/', token, { name: 'Shipping', category_id: category })
    const old = (await post('/api/chat/topics/', token, { name: 'Legacy', is_active: true })).json().topic_id
    await app.inject({
      method: 'PATCH',
      url: `/api/chat/topics/${old}/`,
      headers: auth(token),
      payload: { is_active: false },
    })
    const get = (q: string, t = token) => app.inject({ method: 'GET', url: `/api/chat/topics/?${q}`, headers: auth(t) })
    const names = async (q: string, t = token) => (await get(q, t)).json().data.map((x: { name: string }) => x.name)
    expect(await names('')).toEqual(['Legacy', 'Shipping'])
    expect(await names(`category_id=${category}`)).toEqual(['Shipping'])
    expect(await names('is_active=false')).toEqual(['Legacy'])
    expect(await names('search=ship')).toEqual(['Shipping'])
    const { token: clientToken } = await createClient(app)
    expect(await names(`tenant_id=${tenant.tenant_id}`, clientToken)).toEqual(['Shipping'])
    const del = await app.inject({ method: 'DELETE', url: `/api/chat/topics/${old}/`, headers: auth(token) })
    expect(del.statusCode).toBe(204)
    expect(await names('')).toEqual(['Shipping'])
  })
})

describe('detectTopic', () => {
  const topics = [
    { id: 1, name: 'Shipping', keywords: ['delivery', 'parcel'] },
    { id: 2, name: 'Billing', keywords: ['invoice', 'credit card'] },
    { id: 3, name: 'Account', keywords: ['password'] },
  ]
  it('matches whole words and phrases regardless of case', () => {
    expect(detectTopic('Where is my PARCEL?', topics)?.id).toBe(1)
    expect(detectTopic('my Credit  card', topics)).toBeUndefined()
    expect(detectTopic('my credit card was charged', topics)?.id).toBe(2)
    expect(detectTopic('parcels everywhere', topics)).toBeUndefined()
    expect(detectTopic('invoiced', topics)).toBeUndefined()
  })
  it('takes the first match in topic-name order', () => {
    expect(detectTopic('password for the invoice delivery', topics)?.name).toBe('Account')
    expect(detectTopic('invoice and delivery', topics)?.name).toBe('Billing')
  })
})
