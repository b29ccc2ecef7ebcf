import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { submitHeld, toast } from './forms.js'
import {
  createOrganization,
  expectDashboard,
  PASSWORD,
  seriousViolations,
  sidewaysOverflow,
  signIn,
  unique,
} from './helpers.js'

// The journeys' server runs without SYSTEM_SMTP_URL: no mail can be sent, and the dashboard must say so.
const NOT_SENT = (email: string) => `No email was sent to ${email}: mail is not configured on this server.`

/** Screenshots for a person to look at (the README's), when E2E_SHOTS_DIR names a folder. */
const shot = async (page: Page, name: string) => {
  const dir = process.env.E2E_SHOTS_DIR
  if (!dir) return
  mkdirSync(dir, { recursive: true })
  // The whole page in one viewport (a full-page shot would cut the fixed side navigation short).
  const size = page.viewportSize()!
  const height = await page.evaluate(() => document.documentElement.scrollHeight)
  await page.setViewportSize({ width: size.width, height })
  await page.waitForTimeout(400)
  await page.screenshot({ path: join(dir, `${name}.png`) })
  await page.setViewportSize(size)
}

async function inviteFromSettings(page: Page, email: string) {
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('First name (optional)').fill('Nia')
  await page.getByRole('button', { name: 'Invite', exact: true }).click()
}

test('an admin sees the members, invites someone, and revokes the pending invitation', async ({ page }) => {
  const { admin } = await createOrganization(page.request)
  await signIn(page, admin.email, PASSWORD)
  await expectDashboard(page, 'Grace')
  await page.goto('/settings/employees')

  await expect(page.getByRole('heading', { name: 'Members' })).toBeVisible()
  await expect(page.getByRole('cell', { name: admin.email })).toBeVisible()

  // An address that is not one is refused on submit; the reason goes as soon as the address is fixed.
  const email = page.getByLabel('Email', { exact: true })
  await email.fill('nia.example.com')
  await page.getByRole('button', { name: 'Invite', exact: true }).click()
  const wrong = page.getByText('Enter a valid email address.')
  await expect(wrong).toBeVisible()
  const invitee = `${unique('agent')}@example.com`
  await email.fill(invitee)
  await expect(wrong).toHaveCount(0)
  await submitHeld(page, {
    url: /\/api\/auth\/employee\/$/,
    method: 'POST',
    submit: page.getByRole('button', { name: 'Invite', exact: true }),
    pendingLabel: 'Inviting…',
    field: email,
  })
  await expect(toast(page, `The invitation for ${invitee} is created.`)).toBeVisible()
  await expect(page.getByText(NOT_SENT(invitee))).toBeVisible()
  // The form is ready for the next invitation.
  await expect(email).toHaveValue('')
  const row = page.getByRole('row').filter({ hasText: invitee })
  await expect(row.getByText('pending')).toBeVisible()

  await row.getByRole('button', { name: 'Revoke' }).click()
  const confirm = page.getByRole('dialog')
  if (await confirm.isVisible().catch(() => false)) await confirm.getByRole('button', { name: /revoke/i }).click()
  await expect(row.getByText('revoked')).toBeVisible()

  // The server agrees: the invitation can no longer be accepted.
  const token = await page.evaluate(() => localStorage.getItem('token'))
  const list = await page.request.get('/api/staff/invitations/?status=revoked', {
    headers: { Authorization: `Token ${token}` },
  })
  expect((await list.json()).data.map((i: { email: string }) => i.email)).toContain(invitee)
})

test('without mail, an admin copies the invitation link and the invitee joins with it in another browser', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two browsers and four full page loads of the dashboard.
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! })
  const { admin, tenant } = await createOrganization(page.request)
  await signIn(page, admin.email, PASSWORD)
  await expectDashboard(page, 'Grace')
  await page.goto('/settings/employees')

  const invitee = `${unique('agent')}@example.com`
  await inviteFromSettings(page, invitee)
  // What happened, and nothing else: no mail went out.
  const notice = page.getByRole('alert').filter({ hasText: NOT_SENT(invitee) })
  await expect(notice).toBeVisible()
  await expect(page.getByText(/invitation (email )?(was )?sent/i)).toHaveCount(0)
  const row = page.getByRole('row').filter({ hasText: invitee })
  await expect(row.getByText('Not sent: mail not configured')).toBeVisible()
  await expect(row.getByRole('button', { name: `Copy invitation link for ${invitee}` })).toBeVisible()

  await notice.getByRole('button', { name: 'Copy link' }).click()
  await expect(notice.getByText('Copied to the clipboard.')).toBeVisible()
  const link = await page.evaluate(() => navigator.clipboard.readText())
  expect(link).toMatch(new RegExp(`^${baseURL}/auth/invitation\\?token=[A-Za-z0-9_-]{20,}$`))
  await expect(notice.getByRole('textbox', { name: `Invitation link for ${invitee}` })).toHaveValue(link)

  expect(await seriousViolations(page)).toEqual([])
  expect(await sidewaysOverflow(page)).toEqual([])
  await shot(page, 'employees-invitation')

  // The invitee opens the link in a browser of their own, creates the account and is signed in.
  const theirs = await browser.newContext()
  try {
    const invited = await theirs.newPage()
    await invited.goto(link)
    await expect(invited.getByRole('heading', { name: `Join ${tenant.tenant_name}` })).toBeVisible()
    await expect(invited.getByText(invitee)).toBeVisible()
    const username = unique('nia')
    await invited.getByLabel('Username').fill(username)
    await invited.getByLabel('First name').fill('Nia')
    await invited.getByLabel('Last name').fill('Newcomer')
    await invited.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await invited.getByLabel('Confirm password').fill(PASSWORD)
    await invited.getByRole('button', { name: 'Accept invitation' }).click()
    await expectDashboard(invited, 'Nia')
    // Their address is confirmed by the link itself: no banner asks them to confirm it.
    await expect(invited.getByText('Your email address is not confirmed')).toHaveCount(0)

    // They sign out and back in with the password they chose.
    await invited.getByRole('button', { name: 'Account' }).click()
    await invited.getByRole('menuitem', { name: 'Sign out' }).click()
    await expect(invited).toHaveURL(/\/auth\/login/)
    await signIn(invited, invitee, PASSWORD)
    await expectDashboard(invited, 'Nia')

    // The link worked once: opened again, it is refused.
    await invited.goto(link)
    await expect(invited.getByText('This invitation is invalid or has expired.')).toBeVisible()
  } finally {
    await theirs.close()
  }

  await page.reload()
  await expect(page.getByRole('row').filter({ hasText: invitee }).getByText('accepted')).toBeVisible()
  await expect(page.getByRole('table', { name: 'Members' }).getByRole('cell', { name: invitee })).toBeVisible()
})

test('an admin who no longer has the link creates a new one; the old link stops working', async ({ page, browser }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const { admin } = await createOrganization(page.request)
  await signIn(page, admin.email, PASSWORD)
  await expectDashboard(page, 'Grace')
  await page.goto('/settings/employees')
  const invitee = `${unique('agent')}@example.com`
  await inviteFromSettings(page, invitee)
  const first = await page.getByRole('textbox', { name: `Invitation link for ${invitee}` }).inputValue()

  // After a reload the browser no longer has the link, and the server keeps only its fingerprint.
  await page.reload()
  await page.getByRole('button', { name: `Copy invitation link for ${invitee}` }).click()
  const dialog = page.getByRole('dialog', { name: `Invitation link for ${invitee}` })
  await expect(dialog.getByText(/cannot be shown again/)).toBeVisible()
  await dialog.getByRole('button', { name: 'Create new link' }).click()
  await expect(dialog.getByText(/A new link was created; the previous link no longer works\./)).toBeVisible()
  await expect(dialog.getByText(NOT_SENT(invitee))).toBeVisible()
  const second = await dialog.getByRole('textbox', { name: `Invitation link for ${invitee}` }).inputValue()
  expect(second).not.toBe(first)
  expect(await sidewaysOverflow(page)).toEqual([])
  await dialog.getByRole('button', { name: 'Done' }).click()

  // While the page is open, the row's copy button shows the link it was given, without replacing it again.
  await page.getByRole('button', { name: `Copy invitation link for ${invitee}` }).click()
  await expect(dialog.getByRole('textbox', { name: `Invitation link for ${invitee}` })).toHaveValue(second)
  await dialog.getByRole('button', { name: 'Done' }).click()

  const theirs = await browser.newContext()
  try {
    const invited = await theirs.newPage()
    await invited.goto(first)
    await expect(invited.getByText('This invitation is invalid or has expired.')).toBeVisible()
    await invited.goto(second)
    await expect(invited.getByRole('button', { name: 'Accept invitation' })).toBeVisible()
  } finally {
    await theirs.close()
  }
})
