import { expect, test } from '@playwright/test'
import {
  createOrganization,
  customerWithChat,
  expectDashboard,
  FIRST_ADMIN,
  PASSWORD,
  signIn,
  unique,
} from './helpers.js'

test('an admin answers a customer live in the inbox, assigns the chat to themself and resolves it', async ({
  page,
  request,
}) => {
  await signIn(page, FIRST_ADMIN.email, FIRST_ADMIN.password)
  await expect(page).not.toHaveURL(/\/auth\//)
  const session = await page.evaluate(() => JSON.parse(localStorage.getItem('proxima_admin_details') ?? '{}'))
  const tenantId = session.tenant_id.tenant_id as number
  const adminId = session.id as number

  await page.goto('/chats')
  await expect(page.getByRole('tab', { name: 'Open' })).toHaveAttribute('aria-selected', 'true')
  // Live updates are connected before the customer writes.
  await expect(page.getByText(/live updates/i)).toHaveCount(0)

  const customer = await customerWithChat(request, tenantId)
  const first = `Where is my parcel? ${unique('#')}`
  await customer.say(first)

  // The chat appears without a reload.
  const list = page.getByRole('navigation', { name: 'Chats' })
  const row = list.getByRole('link').filter({ hasText: customer.name })
  await expect(row).toBeVisible()
  await expect(row).toContainText(first)

  await row.click()
  await expect(page).toHaveURL(new RegExp(`/chats/${customer.chatId}$`))
  const log = page.getByRole('log', { name: 'Messages' })
  await expect(log.getByText(first)).toBeVisible()

  // The reply reaches the customer.
  const reply = `It left our warehouse this morning. ${unique('#')}`
  await page.getByRole('textbox', { name: 'Reply' }).fill(reply)
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(log.getByText(reply)).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Reply' })).toHaveValue('')
  await expect
    .poll(async () => (await customer.messages()).map((m) => [m.message_sender, m.text_content]))
    .toContainEqual(['tenant', reply])

  // The customer's next message shows up in the open window.
  const second = `Thank you! ${unique('#')}`
  await customer.say(second)
  await expect(log.getByText(second)).toBeVisible()

  // Below 1366 px the chat's details (assignee, topic) open in a drawer rather than beside the conversation.
  await page.getByRole('button', { name: 'Customer details' }).click()
  const details = page.getByRole('dialog')
  await details.getByRole('button', { name: 'Assign to me' }).click()
  await expect(details.getByRole('button', { name: 'Unassign me' })).toBeVisible()
  await details.getByRole('button', { name: 'Close details' }).click()
  await expect(details).toBeHidden()

  await page.getByRole('button', { name: 'Resolve' }).click()
  await expect(page.getByRole('button', { name: 'Reopen' })).toBeVisible()
  // Resolved chats leave the "Open" tab.
  await expect(row).toHaveCount(0)

  const token = await page.evaluate(() => localStorage.getItem('token'))
  const chat = await (
    await request.get(`/api/chat/chat/${customer.chatId}/`, { headers: { Authorization: `Token ${token}` } })
  ).json()
  expect(chat.status).toBe('resolved')
  expect(chat.assignee?.id).toBe(adminId)
  expect(chat.unread_count).toBe(0)
})

test('an empty inbox says what is missing under the chosen status and filters, and what to do next', async ({
  page,
  request,
}) => {
  const { admin } = await createOrganization(request)
  await signIn(page, admin.email, PASSWORD)
  await expectDashboard(page, 'Grace')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Chats' }).click()

  // The Open tab is a filter too: it does not claim that there are no chats at all.
  await expect(page.getByRole('heading', { name: 'No open chats' })).toBeVisible()
  await page.getByRole('button', { name: 'Show all chats' }).click()
  await expect(page.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('heading', { name: 'No chats yet' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Set up the chat widget' })).toHaveAttribute('href', '/settings/widget')

  // A search that finds nothing says so, and clearing it goes back to the whole list.
  await page.getByLabel('Search chats').fill('nobody here')
  await expect(page.getByRole('heading', { name: 'No chats match these filters' })).toBeVisible()
  await page.getByRole('button', { name: 'Clear filters' }).click()
  await expect(page.getByLabel('Search chats')).toHaveValue('')
  await expect(page.getByRole('heading', { name: 'No chats yet' })).toBeVisible()
})
