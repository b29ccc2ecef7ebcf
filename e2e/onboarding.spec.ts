import { expect, test } from '@playwright/test'
import { expectDashboard, PASSWORD, seriousViolations, sidewaysOverflow, unique } from './helpers.js'

test('a new organization onboards: details, plan with a free trial, admin, invitations skipped', async ({
  page,
  request,
}) => {
  const org = unique('Harbour Books ')
  const username = unique('owner')
  await page.goto('/auth/login')
  await page.getByRole('link', { name: /create an organization/i }).click()
  await expect(page).toHaveURL(/\/auth\/onboarding/)

  await page.getByLabel('Organization name').fill(org)
  await page.getByLabel('Industry').fill('Retail')
  await page.getByLabel('Organization email').fill(`${username}-org@example.com`)
  await page.getByRole('button', { name: 'Continue' }).click()

  await expect(page.getByText('14-day free trial').first()).toBeVisible()
  await page.getByRole('button', { name: 'Choose Professional' }).click()
  await page.getByRole('button', { name: 'Continue' }).click()

  await page.getByLabel('Username').fill(username)
  await page.getByLabel('First name').fill('Mary')
  await page.getByLabel('Last name').fill('Jackson')
  await page.getByLabel('Email', { exact: true }).fill(`${username}@example.com`)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByLabel('Confirm password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Create account' }).click()

  // The invitations step fits the screen at desktop and phone widths.
  await expect(page.getByRole('button', { name: 'Skip' })).toBeVisible()
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport)
    expect(await sidewaysOverflow(page), `invitations step at ${viewport.width}px`).toEqual([])
  }
  await page.getByRole('button', { name: 'Skip' }).click()
  await expectDashboard(page, 'Mary')

  // The server agrees: an active tenant on a Professional trial, with this admin signed in.
  const token = await page.evaluate(() => localStorage.getItem('token'))
  const sub = await request.get('/api/tenantmanagement/subscription/', { headers: { Authorization: `Token ${token}` } })
  expect(sub.status()).toBe(200)
  expect(await sub.json()).toMatchObject({ plan: 'professional', status: 'trialing', trial_days_left: 14 })
  expect(await page.evaluate(() => localStorage.getItem('proxima_tenant'))).toBeNull()
})

test('onboarding reports a taken organization name and a taken username and email', async ({ page, request }) => {
  const taken = unique('Taken Org ')
  const res = await request.post('/api/tenantmanagement/tenant/', {
    data: { tenant_name: taken, industry: 'Retail', email: 'x@example.com' },
  })
  expect(res.status()).toBe(201)
  await page.goto('/auth/onboarding')
  await page.getByLabel('Organization name').fill(taken.toUpperCase())
  await page.getByLabel('Industry').fill('Retail')
  await page.getByLabel('Organization email').fill('someone@example.com')
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByText('Tenant name already registered')).toBeVisible()

  // With a free name the flow goes on; the first admin's username and email are already taken.
  await page.getByLabel('Organization name').fill(unique('Free Org '))
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('button', { name: 'Choose Basic' }).click()
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByLabel('Username').fill('admin')
  await page.getByLabel('First name').fill('Dup')
  await page.getByLabel('Last name').fill('Licate')
  await page.getByLabel('Email', { exact: true }).fill('admin@proxima.local')
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByLabel('Confirm password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByText('username and email already registered')).toBeVisible()
  await expect(page).toHaveURL(/\/auth\/onboarding/)
})

test('the login page and the dashboard have no serious accessibility violations', async ({ page }) => {
  await page.goto('/auth/login')
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible()
  expect(await seriousViolations(page), 'login page').toEqual([])

  await page.getByLabel('Email').fill('admin@proxima.local')
  await page.getByLabel('Password', { exact: true }).fill('First-admin-2026')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expectDashboard(page, 'Admin')
  expect(await seriousViolations(page), 'dashboard').toEqual([])
})
