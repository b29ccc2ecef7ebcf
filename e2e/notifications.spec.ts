import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import {
  createOrganization,
  customerWithChat,
  expectDashboard,
  fullyShown,
  PASSWORD,
  realtimeReady,
  seriousViolations,
  sidewaysOverflow,
  signIn,
  unique,
} from './helpers.js'

const auth = (token: string) => ({ Authorization: `Token ${token}` })

/** Screenshots for the documentation, when E2E_SHOTS_DIR names a folder. */
const shot = async (page: Page, name: string) => {
  const dir = process.env.E2E_SHOTS_DIR
  if (!dir) return
  mkdirSync(dir, { recursive: true })
  // Away from the content, so that no row shows its hover colour; open popovers stay open.
  await page.mouse.move(1, page.viewportSize()!.height - 1)
  await page.waitForTimeout(400)
  await page.screenshot({ path: join(dir, `${name}.png`) })
}

/** A member of the organisation's community who raises `count` issues there through the app's API. */
async function raiseIssues(request: APIRequestContext, adminToken: string, count: number) {
  const communities = await request.get('/api/community/community/', { headers: auth(adminToken) })
  expect(communities.status()).toBe(200)
  const communityId = (await communities.json()).data[0].community_id as number
  const username = unique('member')
  const registered = await request.post('/api/auth/client/', {
    data: {
      username,
      email: `${username}@example.com`,
      first_name: 'Lin',
      last_name: 'Chen',
      password: PASSWORD,
      confirm_password: PASSWORD,
    },
  })
  expect(registered.status()).toBe(201)
  const headers = auth((await registered.json()).token)
  expect(
    (await request.post('/api/community/joincommunity/', { headers, data: { community_id: communityId } })).status(),
  ).toBe(200)
  const ids: number[] = []
  for (let i = 1; i <= count; i++) {
    const raised = await request.post('/api/community/issue/', {
      headers,
      data: { community_id: communityId, issue: `Question number ${i}`, description: 'How do I reset my device?' },
    })
    expect(raised.status()).toBe(201)
    ids.push((await raised.json()).issue_id as number)
  }
  return ids
}

test('an admin sees notifications arrive live in the bell, opens one, filters them and marks them all read', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000)
  const { tenant, admin } = await createOrganization(request)
  const adminContext = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  const customerContext = await browser.newContext()
  const page = await adminContext.newPage()
  const errors: Error[] = []
  page.on('pageerror', (e) => errors.push(e))

  const ready = realtimeReady(page)
  await signIn(page, admin.email, PASSWORD)
  await expectDashboard(page, 'Grace')
  await ready
  // Out of the pictures' way: the banner about the unconfirmed address (this server sends no mail).
  await page
    .getByRole('alert')
    .filter({ hasText: 'Your email address is not confirmed' })
    .getByRole('button', { name: 'Dismiss' })
    .click()

  // Nothing yet: the bell has no count, the tab title none; the dropdown and the page say so.
  const bell = page.getByRole('button', { name: /^Notifications/ })
  await expect(bell).toHaveAccessibleName('Notifications')
  await expect(page).toHaveTitle('Proxima')
  await bell.click()
  const dropdown = page.getByRole('dialog', { name: 'Notifications' })
  await expect(dropdown.getByText('No notifications yet')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dropdown).toBeHidden()
  await page.getByRole('button', { name: 'Account' }).click()
  await page.getByRole('menuitem', { name: 'Notifications' }).click()
  await expect(page).toHaveURL(/\/notifications$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'No notifications yet' })).toBeVisible()
  await page.getByRole('button', { name: 'Unread', exact: true }).click()
  await expect(page.getByRole('heading', { name: "You're all caught up" })).toBeVisible()
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Overview' }).click()
  await expectDashboard(page, 'Grace')

  // A customer starts a chat from another browser: the bell counts it without a reload, within a second.
  const first = await customerWithChat(customerContext.request, tenant.tenant_id)
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 1_000 })
  await expect(page).toHaveTitle('(1) Proxima')

  // A second customer, and the first asks for a person: three unread.
  const second = await customerWithChat(customerContext.request, tenant.tenant_id)
  const escalated = await customerContext.request.post(`/api/chat/chat/${first.chatId}/escalate/`, {
    headers: first.headers,
    data: { reason: 'The parcel is lost' },
  })
  expect(escalated.status()).toBe(200)
  await expect(bell).toHaveAccessibleName('Notifications, 3 unread')
  await expect(page).toHaveTitle('(3) Proxima')

  // The dropdown lists them, newest first.
  await bell.click()
  await fullyShown(dropdown)
  const latest = dropdown.getByRole('list', { name: 'Latest notifications' }).getByRole('link')
  await expect(latest).toHaveCount(3)
  await expect(latest.nth(0)).toContainText('Chat escalated')
  await expect(latest.nth(0)).toContainText('needs a person: The parcel is lost')
  await expect(latest.nth(1)).toContainText(`${second.name} started a chat`)
  await expect(latest.nth(2)).toContainText(`${first.name} started a chat`)
  expect(await seriousViolations(page)).toEqual([])
  await shot(page, 'notifications-bell')

  // Opening one goes to its chat and marks it read.
  await latest.nth(1).click()
  await expect(dropdown).toBeHidden()
  await expect(page).toHaveURL(new RegExp(`/chats/${second.chatId}$`))
  await expect(bell).toHaveAccessibleName('Notifications, 2 unread')
  await expect(page).toHaveTitle('(2) Proxima')

  // "See all" opens the page.
  await bell.click()
  await fullyShown(dropdown)
  await dropdown.getByRole('link', { name: 'See all notifications' }).click()
  await expect(page).toHaveURL(/\/notifications$/)
  await expect(dropdown).toBeHidden()
  const list = page.getByRole('list', { name: 'Notifications' })
  const rows = list.getByRole('listitem')
  await expect(rows).toHaveCount(3)
  await shot(page, 'notifications-page')

  // Filters: unread only, then one type.
  await page.getByRole('button', { name: 'Unread', exact: true }).click()
  await expect(page).toHaveURL(/show=unread/)
  await expect(rows).toHaveCount(2)
  await expect(list).not.toContainText(second.name)
  await page.getByRole('combobox', { name: 'Type' }).click()
  await page.getByRole('option', { name: 'Escalations' }).click()
  await expect(page).toHaveURL(/type=chat\.escalated/)
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText('Chat escalated')

  // Marked read from the page, the escalation leaves the unread list and the bell.
  await rows.first().getByRole('button', { name: 'Mark as read' }).click()
  await expect(page.getByRole('heading', { name: 'No unread notifications of this type' })).toBeVisible()
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread')
  await page.getByRole('button', { name: 'Show all types' }).click()
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText(`${first.name} started a chat`)

  // A second tab of the same person follows what the first one marks read.
  const otherTab = await adminContext.newPage()
  await otherTab.goto('/')
  const otherBell = otherTab.getByRole('button', { name: /^Notifications/ })
  await expect(otherBell).toHaveAccessibleName('Notifications, 1 unread')
  await expect(otherTab).toHaveTitle('(1) Proxima')

  await page.getByRole('button', { name: 'Mark all as read' }).click()
  await expect(page.getByRole('heading', { name: "You're all caught up" })).toBeVisible()
  await expect(bell).toHaveAccessibleName('Notifications')
  await expect(page).toHaveTitle('Proxima')
  await expect(otherBell).toHaveAccessibleName('Notifications')
  await expect(otherTab).toHaveTitle('Proxima')
  await otherTab.close()

  // The server agrees.
  const count = await request.get('/api/notifications/unread-count/', { headers: auth(admin.token) })
  expect(await count.json()).toEqual({ count: 0 })

  // Many more arrive while the page is open; the list pages back with "Load more".
  const issueIds = await raiseIssues(customerContext.request, admin.token, 24)
  await expect(bell).toHaveAccessibleName('Notifications, 24 unread')
  await expect(page).toHaveTitle('(24) Proxima')
  await page.getByRole('button', { name: 'All', exact: true }).click()
  await expect(rows).toHaveCount(20)
  await expect(rows.first()).toContainText('Lin Chen just raised an issue')
  await page.getByRole('button', { name: 'Load more' }).click()
  await expect(rows).toHaveCount(27)
  await expect(rows.last()).toContainText(`${first.name} started a chat`)
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0)

  // An issue notification opens the issue.
  await rows.first().getByRole('link').click()
  await expect(page).toHaveURL(new RegExp(`/community/issues/${issueIds[23]}$`))
  await expect(bell).toHaveAccessibleName('Notifications, 23 unread')
  await page.goBack()
  await expect(page).toHaveURL(/\/notifications/)

  // The page is accessible and fits a desktop and a phone; on a phone the top bar keeps the bell in view.
  await expect(rows).toHaveCount(27)
  expect(await seriousViolations(page)).toEqual([])
  expect(await sidewaysOverflow(page)).toEqual([])
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  expect(await sidewaysOverflow(page)).toEqual([])
  for (const control of [
    page.getByRole('button', { name: 'Open navigation' }),
    page.getByRole('button', { name: 'Search' }),
    bell,
    page.getByRole('button', { name: 'Account' }),
  ]) {
    const box = await control.boundingBox()
    expect(box).not.toBeNull()
    expect(box!.x).toBeGreaterThanOrEqual(0)
    expect(box!.x + box!.width).toBeLessThanOrEqual(390)
  }
  // The organisation's name is not cut short to make room.
  const orgName = page.getByRole('banner').getByTitle(tenant.tenant_name)
  await expect(orgName).toHaveText(tenant.tenant_name)
  expect(await orgName.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
  await bell.click()
  await fullyShown(dropdown)
  const panel = await dropdown.boundingBox()
  expect(panel!.x).toBeGreaterThanOrEqual(0)
  expect(panel!.x + panel!.width).toBeLessThanOrEqual(390)
  expect(await seriousViolations(page)).toEqual([])
  await page.keyboard.press('Escape')
  await expect(dropdown).toBeHidden()

  expect(errors).toEqual([])
  await adminContext.close()
  await customerContext.close()
})
