import { expect, test } from '@playwright/test'
import { startSmtpPeer } from '../packages/server/test/smtp.js'
import { startAppInstance } from './app-instance.js'
import {
  createOrganization,
  expectDashboard,
  FIRST_ADMIN,
  PASSWORD,
  seriousViolations,
  signIn,
  unique,
} from './helpers.js'

test('without mail, an unconfirmed admin is told that no activation email can be sent', async ({ page, browser }) => {
  const { admin } = await createOrganization(page.request)
  await signIn(page, admin.email, PASSWORD)
  await expectDashboard(page, 'Grace')

  const banner = page.getByRole('alert').filter({ hasText: 'Your email address is not confirmed' })
  await expect(banner).toBeVisible()
  await expect(banner).toContainText(
    `Mail is not configured on this server, so no activation email can be sent to ${admin.email}`,
  )
  // Nothing offers to send what cannot be sent.
  await expect(page.getByRole('button', { name: 'Resend activation email' })).toHaveCount(0)
  expect(await seriousViolations(page)).toEqual([])

  // It points to where invitation links can be copied instead.
  await banner.getByRole('link', { name: 'Settings → Employees' }).click()
  await expect(page).toHaveURL(/\/settings\/employees$/)
  await expect(banner).toBeVisible()

  // Dismissed, it stays away for the rest of the browser session.
  await banner.getByRole('button', { name: 'Dismiss' }).click()
  await expect(banner).toHaveCount(0)
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Employees' })).toBeVisible()
  await expect(banner).toHaveCount(0)

  // An admin whose address is confirmed (the first admin, vouched for by the operator) sees no banner.
  const other = await browser.newContext()
  try {
    const firstAdmin = await other.newPage()
    await signIn(firstAdmin, FIRST_ADMIN.email, FIRST_ADMIN.password)
    await expectDashboard(firstAdmin, 'Admin')
    await expect(firstAdmin.getByText('Your email address is not confirmed')).toHaveCount(0)
    await expect(firstAdmin.getByText('Confirm your email address')).toHaveCount(0)
  } finally {
    await other.close()
  }
})

test('with a mail server, an admin resends the activation email, confirms, and held invitations go out', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(120_000)
  const smtp = await startSmtpPeer()
  const app = await startAppInstance({ SYSTEM_SMTP_URL: smtp.url })
  const api = await playwright.request.newContext({ baseURL: app.baseURL })
  const context = await browser.newContext({ baseURL: app.baseURL })
  try {
    const { admin } = await createOrganization(api)
    const page = await context.newPage()
    await signIn(page, admin.email, PASSWORD)
    await expectDashboard(page, 'Grace')

    const banner = page.getByRole('alert').filter({ hasText: 'Confirm your email address' })
    await expect(banner).toContainText(`Confirm ${admin.email} with the link in your activation email.`)
    await banner.getByRole('button', { name: 'Resend activation email' }).click()
    await expect(banner).toContainText(`A new activation link for ${admin.email} was requested.`)
    expect(await seriousViolations(page)).toEqual([])

    // An invitation made now waits for the admin's confirmation, and the dashboard says so.
    await page.goto('/settings/employees')
    const invitee = `${unique('agent')}@example.com`
    await page.getByLabel('Email', { exact: true }).fill(invitee)
    await page.getByRole('button', { name: 'Invite', exact: true }).click()
    await expect(
      page.getByText(`The invitation email to ${invitee} waits until you confirm your own email address.`),
    ).toBeVisible()
    const row = page.getByRole('row').filter({ hasText: invitee })
    await expect(row.getByText('Held until the inviter confirms their email')).toBeVisible()

    // The newest activation mail reaches the mail server; its link confirms the address.
    const activationLinks = () =>
      smtp.received
        .filter((m) => m.to.includes(admin.email))
        .map((m) => /https?:\/\/\S+\/api\/auth\/activate_user\/\?token=[A-Za-z0-9_-]+/.exec(smtp.textOf(m))?.[0])
        .filter((link): link is string => link !== undefined)
    await expect.poll(() => activationLinks().length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2)
    await page.goto(activationLinks().at(-1)!)
    // Still signed in, the admin lands in the dashboard, which no longer asks for confirmation.
    await expectDashboard(page, 'Grace')
    await expect(page.getByText('Confirm your email address')).toHaveCount(0)

    await page.goto('/settings/employees')
    await expect(page.getByRole('heading', { name: 'Employees' })).toBeVisible()
    // The held invitation is sent now; the table says "Sent" only once the mail server accepted it.
    await expect.poll(() => smtp.received.filter((m) => m.to.includes(invitee)).length, { timeout: 30_000 }).toBe(1)
    await page.reload()
    await expect(page.getByRole('row').filter({ hasText: invitee }).getByText('Sent', { exact: true })).toBeVisible()
  } finally {
    await context.close()
    await api.dispose()
    await app.stop()
    await smtp.close()
  }
})
