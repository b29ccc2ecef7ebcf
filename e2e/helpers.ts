import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { randomBytes } from 'node:crypto'

export const FIRST_ADMIN = { email: 'admin@proxima.local', password: 'First-admin-2026' }
export const PASSWORD = 'Blue-harbour-71'
export const unique = (prefix: string) => `${prefix}${randomBytes(4).toString('hex')}`

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/** An organization with its admin, made through the API (onboarding without the browser). */
export async function createOrganization(request: APIRequestContext) {
  const tenantRes = await request.post('/api/tenantmanagement/tenant/', {
    data: { tenant_name: unique('Org '), industry: 'Retail', email: `${unique('org')}@example.com` },
  })
  expect(tenantRes.status()).toBe(201)
  const tenant = await tenantRes.json()
  const username = unique('admin')
  const adminRes = await request.post('/api/auth/admin/', {
    data: {
      tenant_id: tenant.tenant_id,
      onboarding_token: tenant.onboarding_token,
      username,
      email: `${username}@example.com`,
      first_name: 'Grace',
      last_name: 'Hopper',
      password: PASSWORD,
      confirm_password: PASSWORD,
    },
  })
  expect(adminRes.status()).toBe(201)
  return { tenant, admin: await adminRes.json() }
}
