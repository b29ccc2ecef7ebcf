import { expect, test } from '@playwright/test'
import { PASSWORD, createOrganization, signIn, unique } from './helpers.js'

test('an admin sees the members, invites someone, and revokes the pending invitation', async ({ page }) => {
  const { admin } = await createOrganization(page.request)
  await signIn(page, admin.email, PASSWORD)
  await expect(page.getByRole('heading', { name: 'Welcome, Grace' })).toBeVisible()
  await page.goto('/settings/employees')

  await expect(page.getByRole('heading', { name: 'Members' })).toBeVisible()
  await expect(page.getByRole('cell', { name: admin.email })).toBeVisible()

  const invitee = `${unique('agent')}@example.com`
  await page.getByLabel('Email', { exact: true }).fill(invitee)
  await page.getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.getByText(`Invitation sent to ${invitee}.`)).toBeVisible()
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
