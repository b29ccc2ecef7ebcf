import { expect, test } from '@playwright/test'
import { createOrganization, expectDashboard, FIRST_ADMIN, PASSWORD, signIn, unique } from './helpers.js'

test('the first admin printed at start-up signs in and lands in the dashboard', async ({ page }) => {
  await signIn(page, FIRST_ADMIN.email, FIRST_ADMIN.password)
  await expectDashboard(page, 'Admin')
  await expect(page.getByText('Proxima Demo').first()).toBeVisible()
  const stored = await page.evaluate(() => ({
    details: localStorage.getItem('proxima_admin_details'),
    token: localStorage.getItem('token'),
  }))
  expect(JSON.parse(stored.details ?? '{}').user_type).toBe('admin')
  expect(stored.token).toMatch(/^pxm_/)
})

test('a wrong password shows the server message and stays on the login page', async ({ page }) => {
  await signIn(page, FIRST_ADMIN.email, 'Not-the-password-1')
  await expect(page.getByText('A user with this email and password was not found.')).toBeVisible()
  await expect(page).toHaveURL(/\/auth\/login/)
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
})

test('a customer is refused by the dashboard with the seed message', async ({ page, request }) => {
  const username = unique('client')
  const res = await request.post('/api/auth/client/', {
    data: {
      username,
      email: `${username}@example.com`,
      first_name: 'Cora',
      last_name: 'Client',
      password: PASSWORD,
      confirm_password: PASSWORD,
    },
  })
  expect(res.status()).toBe(201)
  await signIn(page, `${username}@example.com`, PASSWORD)
  await expect(
    page.getByText('This user does not belong to any organization. Use the mobile application if you are a customer.'),
  ).toBeVisible()
  await expect(page).toHaveURL(/\/auth\/login/)
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
})

test('signing out ends the session and returns to the login page', async ({ page, request }) => {
  const { admin } = await createOrganization(request)
  await signIn(page, admin.email, PASSWORD)
  await expectDashboard(page, 'Grace')
  const token = await page.evaluate(() => localStorage.getItem('token'))
  await page.getByRole('button', { name: 'Account' }).click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/auth\/login/)
  expect(await page.evaluate(() => localStorage.getItem('proxima_admin_details'))).toBeNull()
  // The token was revoked on the server, not only forgotten by the browser.
  const check = await request.get(`/auth/checktokenexpiry?token=${token}`)
  expect(check.status()).toBe(401)
  // The dashboard is closed again.
  await page.goto('/settings/plan')
  await expect(page).toHaveURL(/\/auth\/login/)
})

test('a session that ended on the server sends the user to /auth/login at once over the live connection', async ({
  page,
  request,
}) => {
  const { admin } = await createOrganization(request)
  const live = page.waitForEvent('websocket', (ws) => ws.url().includes('/api/ws'))
  await signIn(page, admin.email, PASSWORD)
  await expectDashboard(page, 'Grace')
  const socket = await live
  // Listening before the revocation: the server may close the connection before the reply to it is read here.
  const closed = socket.waitForEvent('close')
  const token = await page.evaluate(() => localStorage.getItem('token'))
  const revoke = await request.post('/api/auth/logout/', {
    headers: { Authorization: `Token ${token}` },
    data: { all: true },
  })
  expect(revoke.status()).toBe(204)
  // The server closes the dashboard's connection (4001); the dashboard checks the session and signs out.
  await closed
  await expect(page).toHaveURL(/\/auth\/login/)
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
})

test('a session that ended on the server sends the user to /auth/login on the next call', async ({ page, request }) => {
  const { admin } = await createOrganization(request)
  // No live connection gets through (as behind a proxy that drops WebSockets): the next request finds out.
  await page.routeWebSocket(/\/api\/ws/, () => undefined)
  await signIn(page, admin.email, PASSWORD)
  await expectDashboard(page, 'Grace')
  // A page without a live connection: the overview's realtime connection would notice the revocation at once.
  await page.getByRole('link', { name: 'Organization', exact: true }).first().click()
  await expect(page.getByRole('heading', { name: 'Organization', level: 1 })).toBeVisible()
  const token = await page.evaluate(() => localStorage.getItem('token'))
  // Every session of the user is revoked elsewhere (as after a password reset).
  const revoke = await request.post('/api/auth/logout/', {
    headers: { Authorization: `Token ${token}` },
    data: { all: true },
  })
  expect(revoke.status()).toBe(204)
  await page.getByRole('link', { name: 'Settings' }).first().click()
  await page.getByRole('link', { name: 'Plan & billing' }).first().click()
  await expect(page).toHaveURL(/\/auth\/login/)
  expect(await page.evaluate(() => localStorage.getItem('proxima_admin_details'))).toBeNull()
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
})

test('a signed-out visit to a dashboard page signs in on the sign-in page and comes back to it', async ({ page }) => {
  await page.goto('/chats')
  await expect(page).toHaveURL(/\/auth\/login\?next=%2Fchats$/)
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible({ timeout: 30_000 })
  await page.getByLabel('Email').fill(FIRST_ADMIN.email)
  await page.getByLabel('Password', { exact: true }).fill(FIRST_ADMIN.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/chats$/)
  await expect(page.getByRole('heading', { name: 'Chats', level: 1 })).toBeVisible()
})

test('a signed-in user who opens the sign-in page goes on to the dashboard, or to the page it names', async ({
  page,
}) => {
  await signIn(page, FIRST_ADMIN.email, FIRST_ADMIN.password)
  await expectDashboard(page, 'Admin')
  await page.goto('/auth/login')
  await expect(page).toHaveURL(/\/$/)
  await expectDashboard(page, 'Admin')
  await page.goto('/auth/login?next=%2Fsettings%2Fplan')
  await expect(page).toHaveURL(/\/settings\/plan$/)
  // A `next` that leaves the site, or leads back to a sign-in page, is not followed.
  await page.goto('/auth/login?next=%2F%2Fevil.example%2F')
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/)
  await page.goto('/auth/login?next=%2Fauth%2Flogin')
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/)
})

test('a stored session the server no longer accepts ends on the sign-in page, without going round in circles', async ({
  page,
  request,
}) => {
  const { admin } = await createOrganization(request)
  const revoke = await request.post('/api/auth/logout/', { headers: { Authorization: `Token ${admin.token}` } })
  expect(revoke.status()).toBe(204)
  const pages: string[] = []
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) pages.push(new URL(frame.url()).pathname)
  })
  await page.goto('/auth/onboarding')
  await page.evaluate(
    ({ token, details }) => {
      localStorage.setItem('token', token)
      localStorage.setItem('proxima_admin_details', details)
    },
    { token: admin.token as string, details: JSON.stringify(admin) },
  )
  // The sign-in page trusts the stored session and opens the dashboard, which finds it ended and comes back once.
  await page.goto('/auth/login?next=%2Fsettings%2Fplan')
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible({ timeout: 30_000 })
  await expect(page).toHaveURL(/\/auth\/login\?next=%2Fsettings%2Fplan$/)
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
  await page.waitForLoadState('networkidle')
  expect(pages.filter((path) => path === '/auth/login').length).toBeLessThanOrEqual(2)
})

test('the sign-in page and the dashboard check their forms without a Content Security Policy violation', async ({
  page,
}) => {
  const violations: string[] = []
  page.on('console', (message) => {
    if (/content security policy|unsafe-eval/i.test(message.text())) violations.push(message.text())
  })
  // Every page reports its own violations (the browser also logs them; the event says which directive).
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`),
    )
  })
  await page.goto('/auth/login')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByText('Email is required.')).toBeVisible()
  await page.getByLabel('Email').fill(FIRST_ADMIN.email)
  await page.getByLabel('Password', { exact: true }).fill(FIRST_ADMIN.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expectDashboard(page, 'Admin')
  // A dashboard form checked by the contracts' classic schemas.
  await page.goto('/settings/topics')
  await page.getByRole('button', { name: 'New category' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Create category' }).click()
  await expect(page.getByRole('dialog').getByText('Name is required.')).toBeVisible()
  expect(violations).toEqual([])
})
