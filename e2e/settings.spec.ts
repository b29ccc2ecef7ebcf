import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { submitHeld, toast } from './forms.js'
import {
  createOrganization,
  customerWithChat,
  expectDashboard,
  PASSWORD,
  realtimeReady,
  seriousViolations,
  sidewaysOverflow,
  signIn,
  unique,
} from './helpers.js'
import { startWidgetHost } from './widget-host.js'

const DESKTOP = { width: 1440, height: 900 }
const PHONE = { width: 390, height: 844 }
const auth = (token: string) => ({ Authorization: `Token ${token}` })

/** A new organisation whose admin is signed in to the dashboard (each journey has its own, so none collide). */
async function signedInAdmin(page: Page, request: APIRequestContext) {
  const { tenant, admin } = await createOrganization(request)
  await signIn(page, admin.email, PASSWORD)
  await expectDashboard(page, 'Grace')
  return {
    tenantId: tenant.tenant_id as number,
    tenantName: tenant.tenant_name as string,
    token: admin.token as string,
  }
}

/** Axe-clean and no sideways scrolling, on a desktop and on a phone; ends at the desktop size. */
async function checkLayouts(page: Page, ready: Locator) {
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size)
    await expect(ready).toBeVisible()
    expect(await sidewaysOverflow(page), `sideways scroll at ${size.width}px`).toEqual([])
    expect(await seriousViolations(page), `axe at ${size.width}px`).toEqual([])
  }
}

/** Screenshots for the documentation, when E2E_SHOTS_DIR names a folder (docs/images). */
const shot = async (page: Page, name: string) => {
  const dir = process.env.E2E_SHOTS_DIR
  if (!dir) return
  mkdirSync(dir, { recursive: true })
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.waitForTimeout(400)
  await page.screenshot({ path: join(dir, `${name}.png`) })
}

const openSettings = async (page: Page, item: string) => {
  const nav = page.getByRole('navigation', { name: 'Main' })
  await nav.getByRole('link', { name: 'Settings' }).click()
  await nav.getByRole('link', { name: item, exact: true }).click()
  await expect(page.getByRole('heading', { name: item, level: 1 })).toBeVisible()
}

test('an admin sets up topics, and a customer whose message has a keyword gets the topic', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const errors: Error[] = []
  page.on('pageerror', (e) => errors.push(e))
  await page.setViewportSize(DESKTOP)
  const org = await signedInAdmin(page, request)

  // Settings → Topics starts empty, and says what topics are for.
  await openSettings(page, 'Topics')
  await expect(page.getByRole('heading', { name: 'No topics yet' })).toBeVisible()
  await expect(page.getByText(/Topics tag chats so that/)).toBeVisible()
  await checkLayouts(page, page.getByRole('button', { name: 'Create a topic' }))

  // A category, then a topic in it with two keywords.
  await page.getByRole('button', { name: 'New category' }).click()
  let dialog = page.getByRole('dialog', { name: 'New category' })
  await dialog.getByLabel('Name').fill('Billing')
  await dialog.getByRole('button', { name: 'Create category' }).click()
  await expect(dialog).toBeHidden()
  await expect(toast(page, 'Billing is created.')).toBeVisible()

  await page.getByRole('button', { name: 'Create a topic' }).click()
  dialog = page.getByRole('dialog', { name: 'New topic' })
  // A topic needs a name: said on submit, and gone as soon as one is typed.
  await dialog.getByRole('button', { name: 'Create topic' }).click()
  const nameRequired = dialog.getByText('Name is required.')
  await expect(nameRequired).toBeVisible()
  await dialog.getByLabel('Name').fill('Refunds')
  await expect(nameRequired).toHaveCount(0)
  await dialog.getByRole('combobox', { name: 'Category' }).click()
  await page.getByRole('option', { name: 'Billing' }).click()
  const keywords = dialog.getByRole('combobox', { name: 'Keywords (optional)' })
  await keywords.fill('refund')
  await keywords.press('Enter')
  await keywords.fill('money back,')
  await expect(dialog.getByRole('button', { name: 'money back' })).toBeVisible()
  await submitHeld(page, {
    url: /\/api\/chat\/topics\/$/,
    method: 'POST',
    submit: dialog.getByRole('button', { name: 'Create topic' }),
    pendingLabel: 'Saving…',
    field: dialog.getByLabel('Name'),
  })
  await expect(dialog).toBeHidden()
  await expect(toast(page, 'Refunds is created.')).toBeVisible()
  const topics = page.getByRole('list', { name: 'Topics' })
  const refunds = topics.getByRole('listitem').filter({ hasText: 'Refunds' })
  await expect(refunds.getByText('Billing')).toBeVisible()
  await expect(refunds.getByLabel('Keywords of Refunds').getByText('refund', { exact: true })).toBeVisible()
  await expect(refunds.getByLabel('Keywords of Refunds').getByText('money back')).toBeVisible()
  await expect(page.getByRole('list', { name: 'Categories' }).getByText('1 topic')).toBeVisible()

  // The same name again (in another case) is refused on the name field.
  await page.getByRole('button', { name: 'New topic' }).click()
  dialog = page.getByRole('dialog', { name: 'New topic' })
  await dialog.getByLabel('Name').fill('refunds')
  await dialog.getByRole('button', { name: 'Create topic' }).click()
  await expect(dialog.getByText('A topic with this name already exists.')).toBeVisible()
  await expect(dialog.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true')
  await dialog.getByLabel('Name').fill('Old promotion')
  await dialog.getByRole('button', { name: 'Create topic' }).click()
  await expect(dialog).toBeHidden()

  // Archiving asks first; the archived topic is shown only on request.
  await page.getByRole('button', { name: 'Actions for Old promotion' }).click()
  await page.getByRole('menuitem', { name: 'Archive' }).click()
  const confirm = page.getByRole('dialog', { name: 'Archive Old promotion?' })
  await expect(confirm.getByText(/can no longer pick it/)).toBeVisible()
  await confirm.getByRole('button', { name: 'Archive' }).click()
  await expect(confirm).toBeHidden()
  await expect(topics.getByText('Old promotion')).toHaveCount(0)
  await page.getByLabel('Show archived (1)').check()
  await expect(topics.getByRole('listitem').filter({ hasText: 'Old promotion' }).getByText('Archived')).toBeVisible()

  await checkLayouts(page, refunds)
  await shot(page, 'topics')

  // A customer writes about a refund: the chat gets the topic by itself, and the inbox shows it.
  const customer = await customerWithChat(request, org.tenantId)
  await customer.say('Hello, I would like a refund for order 1042.')
  const chat = await (await request.get(`/api/chat/chat/${customer.chatId}/`, { headers: auth(org.token) })).json()
  expect(chat.topic).toMatchObject({ name: 'Refunds' })
  await page.goto(`/chats/${customer.chatId}`)
  await expect(page.getByRole('combobox', { name: 'Topic' })).toHaveText(/Refunds/)
  expect(errors).toEqual([])
})

test('the chat widget page copies the snippet and previews the colour, and the widget says when the team is away', async ({
  page,
  browser,
  request,
  context,
}) => {
  test.setTimeout(150_000)
  const errors: Error[] = []
  page.on('pageerror', (e) => errors.push(e))
  await page.setViewportSize(DESKTOP)
  const org = await signedInAdmin(page, request)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin })

  // Settings → Chat widget is in the navigation; Copy puts the snippet on the clipboard.
  await openSettings(page, 'Chat widget')
  const snippet = (await page.getByTestId('widget-snippet').textContent()) ?? ''
  expect(snippet).toContain('data-tenant=')
  await page.getByRole('button', { name: 'Copy' }).click()
  await expect(page.getByText('Copied to clipboard.')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippet)

  // The preview follows the form before anything is saved.
  const header = page.getByTestId('widget-preview-header')
  await expect(header).toHaveCSS('background-color', 'rgb(0, 121, 107)')
  await page.getByLabel('Brand colour', { exact: true }).fill('#c62828')
  await expect(header).toHaveCSS('background-color', 'rgb(198, 40, 40)')
  await page.getByLabel('Greeting').fill('Ahoy! Ask us anything about ropes.')
  await expect(header.getByText('Ahoy! Ask us anything about ropes.')).toBeVisible()
  const away = 'The harbour office is closed; leave a note and we will answer in the morning.'
  await page.getByLabel('Offline message').fill(away)
  await page.getByRole('button', { name: 'Outside business hours' }).click()
  await expect(page.getByTestId('widget-preview-away')).toHaveText(away)
  await page.getByLabel('Brand colour', { exact: true }).fill('teal')
  const save = page.getByRole('button', { name: 'Save changes' })
  await save.click()
  const colourError = page.getByText('Enter a colour as #RRGGBB, such as #00796b.')
  await expect(colourError).toBeVisible()
  await page.getByLabel('Brand colour', { exact: true }).fill('#c62828')
  await expect(colourError).toHaveCount(0)
  await submitHeld(page, {
    url: /\/api\/tenantmanagement\/settings\/$/,
    method: 'PATCH',
    submit: save,
    pendingLabel: 'Saving…',
    field: page.getByLabel('Greeting'),
  })
  await expect(toast(page, 'Widget settings are saved.')).toBeVisible()
  // Saved: the form keeps the saved values, the preview too, and there is nothing left to save.
  await expect(page.getByLabel('Brand colour', { exact: true })).toHaveValue('#c62828')
  await expect(header).toHaveCSS('background-color', 'rgb(198, 40, 40)')
  await expect(save).toBeDisabled()
  await checkLayouts(page, header)
  await shot(page, 'chat-widget')

  // Business hours: Monday to Friday 09:00–17:00 in a time zone where it is now night or the weekend.
  const zone = zoneOutsideOfficeHours(new Date())
  await openSettings(page, 'Business hours')
  await page.getByLabel('Time zone').fill(zone.replace(/_/g, ' '))
  await page.getByRole('option', { name: new RegExp(`^${zone.replace(/_/g, ' ')} \\(`) }).click()
  await page.getByLabel('Use business hours').check()
  // A closing time before the opening time is refused on its row.
  const monday = page.getByRole('group', { name: 'Monday' })
  await monday.getByLabel('Closes').fill('08:00')
  await save.click()
  const order = monday.getByText('close must be after open.')
  await expect(order).toBeVisible()
  await monday.getByLabel('Closes').fill('17:00')
  await expect(order).toHaveCount(0)
  await submitHeld(page, {
    url: /\/api\/tenantmanagement\/settings\/$/,
    method: 'PATCH',
    submit: save,
    pendingLabel: 'Saving…',
    field: monday.getByLabel('Closes'),
  })
  await expect(toast(page, 'Business hours are saved.')).toBeVisible()
  await expect(monday.getByLabel('Closes')).toHaveValue('17:00')
  await expect(save).toBeDisabled()
  await expect(page.getByRole('status').filter({ hasText: 'Right now the chat widget shows visitors' })).toContainText(
    away,
  )
  await checkLayouts(page, monday)
  await shot(page, 'business-hours')

  const settings = await (await request.get('/api/tenantmanagement/settings/', { headers: auth(org.token) })).json()
  expect(settings).toMatchObject({ timezone: zone, business_hours: { enabled: true }, widget: { color: '#c62828' } })

  // A visitor on the organisation's website sees its colour, its greeting and that the team is away.
  const scriptSrc = new URL('/widget.js', page.url()).toString()
  const host = await startWidgetHost(scriptSrc, settings.widget.widget_key)
  const visitor = await browser.newContext()
  try {
    const site = await visitor.newPage()
    await site.goto(host.url)
    const launcher = site.getByRole('button', { name: 'Open chat' })
    await expect(launcher).toHaveCSS('background-color', 'rgb(198, 40, 40)')
    await launcher.click()
    const panel = site.getByRole('dialog', { name: `Chat with ${org.tenantName}` })
    await expect(panel.getByText('Ahoy! Ask us anything about ropes.')).toBeVisible()
    await expect(panel.getByRole('status').filter({ hasText: away })).toBeVisible()
  } finally {
    await visitor.close()
    await host.close()
  }
  expect(errors).toEqual([])
})

test('an admin changes the organization, their profile and their password, and each form says what it is doing', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const errors: Error[] = []
  page.on('pageerror', (e) => errors.push(e))
  await page.setViewportSize(DESKTOP)
  const org = await signedInAdmin(page, request)
  const other = await createOrganization(request)

  // Organization: nothing to save before a change; a too short name is refused on submit, and the reason goes as
  // soon as the name is fixed.
  await openSettings(page, 'Organization')
  const save = page.getByRole('button', { name: 'Save changes' })
  await expect(save).toBeDisabled()
  const name = page.getByLabel('Organization name')
  await name.fill('A')
  await save.click()
  const tooShort = page.getByText('Organization name must be at least 2 characters.')
  await expect(tooShort).toBeVisible()
  // The name of another organization: the server's reason is shown under the name, and goes when it changes.
  await name.fill(other.tenant.tenant_name as string)
  await expect(tooShort).toHaveCount(0)
  await save.click()
  await expect(name).toHaveAttribute('aria-invalid', 'true')
  const renamed = unique('Harbour Ropes ')
  await name.fill(renamed)
  await expect(name).toHaveAttribute('aria-invalid', 'false')
  await submitHeld(page, {
    url: /\/api\/tenantmanagement\/tenant\/$/,
    method: 'PATCH',
    submit: save,
    pendingLabel: 'Saving…',
    field: name,
  })
  await expect(toast(page, 'Organization details are saved.')).toBeVisible()
  await expect(name).toHaveValue(renamed)
  await expect(save).toBeDisabled()
  const tenant = await (await request.get('/api/tenantmanagement/tenant/', { headers: auth(org.token) })).json()
  expect(tenant.tenant_name).toBe(renamed)

  // Profile: a first name is required; the saved name stays in the form and greets the admin.
  await page.getByRole('button', { name: 'Account' }).click()
  await page.getByRole('menuitem', { name: 'Profile' }).click()
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible()
  const first = page.getByLabel('First name')
  const saveProfile = page.getByRole('button', { name: 'Save profile' })
  await expect(saveProfile).toBeDisabled()
  await first.fill('')
  await saveProfile.click()
  const firstRequired = page.getByText('First name is required.')
  await expect(firstRequired).toBeVisible()
  await first.fill('Amelia')
  await expect(firstRequired).toHaveCount(0)
  await submitHeld(page, {
    url: /\/api\/auth\/me\/$/,
    method: 'PATCH',
    submit: saveProfile,
    pendingLabel: 'Saving…',
    field: first,
  })
  await expect(toast(page, 'Your profile is saved.')).toBeVisible()
  await expect(first).toHaveValue('Amelia')
  await expect(saveProfile).toBeDisabled()

  // Password: the confirmation must match, and the server's reason about the current password goes under it.
  const current = page.getByLabel('Current password')
  const confirm = page.getByLabel('Confirm new password')
  await current.fill('Not-my-password-9')
  await page.getByLabel('New password', { exact: true }).fill('Green-anchor-42')
  await confirm.fill('Green-anchor-43')
  const change = page.getByRole('button', { name: 'Change password' })
  await change.click()
  const mismatch = page.getByText("The two password fields didn't match.")
  await expect(mismatch).toBeVisible()
  await confirm.fill('Green-anchor-42')
  await expect(mismatch).toHaveCount(0)
  await change.click()
  const wrong = page.getByText('The current password is incorrect.')
  await expect(wrong).toBeVisible()
  await expect(current).toHaveAttribute('aria-invalid', 'true')
  await current.fill(PASSWORD)
  await expect(wrong).toHaveCount(0)
  await submitHeld(page, {
    url: /\/api\/auth\/changepassword\/$/,
    method: 'POST',
    submit: change,
    pendingLabel: 'Changing…',
    field: current,
  })
  await expect(toast(page, 'Your password is changed. You have been signed out on your other devices.')).toBeVisible()
  await expect(current).toHaveValue('')
  await checkLayouts(page, first)
  expect(errors).toEqual([])
})

test('the overview counts chats and issues live as customers write', async ({ page, request }) => {
  test.setTimeout(120_000)
  const errors: Error[] = []
  page.on('pageerror', (e) => errors.push(e))
  await page.setViewportSize(DESKTOP)
  const org = await signedInAdmin(page, request)
  const ready = realtimeReady(page)
  await page.reload()
  await ready
  const count = (id: string) => page.getByTestId(`count-${id}`)
  await expect(count('waiting')).toHaveText('0')
  await expect(count('open')).toHaveText('0')
  await expect(count('mine')).toHaveText('0')
  await expect(count('issues-today')).toHaveText('0')
  await expect(page.getByText('No activity yet. New chats and community issues show up here')).toBeVisible()

  // A customer starts a chat: the counts and the recent activity change without a reload.
  const customer = await customerWithChat(request, org.tenantId)
  await customer.say('Hello, is anyone there?')
  await expect(count('waiting')).toHaveText('1')
  await expect(count('open')).toHaveText('1')
  const activity = page.getByRole('list', { name: 'Recent activity' })
  await expect(activity.getByRole('link', { name: new RegExp(customer.name) })).toBeVisible()

  // Taking the chat makes it "mine"; answering it ends the wait.
  const me = await (await request.get('/api/auth/me/', { headers: auth(org.token) })).json()
  const assigned = await request.post(`/api/chat/chat/${customer.chatId}/assign/`, {
    headers: auth(org.token),
    data: { assignee_id: me.id },
  })
  expect(assigned.status()).toBe(200)
  await expect(count('mine')).toHaveText('1')
  const reply = await request.post('/api/chat/message/', {
    headers: auth(org.token),
    data: { chat_id: customer.chatId, text_content: 'Yes, how can I help?' },
  })
  expect(reply.status()).toBe(201)
  await expect(count('waiting')).toHaveText('0')

  // A member raises an issue in the community: today's issues go up.
  const communities = await (await request.get('/api/community/community/', { headers: auth(org.token) })).json()
  const communityId = communities.data[0].community_id as number
  const member = await request.post('/api/auth/client/', {
    data: {
      username: unique('member'),
      email: `${unique('member')}@example.com`,
      first_name: 'Ada',
      last_name: 'Member',
      password: PASSWORD,
      confirm_password: PASSWORD,
    },
  })
  const memberToken = (await member.json()).token as string
  await request.post('/api/community/joincommunity/', {
    headers: auth(memberToken),
    data: { community_id: communityId },
  })
  const issue = await request.post('/api/community/issue/', {
    headers: auth(memberToken),
    data: { community_id: communityId, issue: 'The mooring rope frayed', description: 'After two weeks.' },
  })
  expect(issue.status()).toBe(201)
  await expect(count('issues-today')).toHaveText('1')
  await expect(activity.getByRole('link', { name: /The mooring rope frayed/ })).toBeVisible()

  // Each entry opens where it is handled.
  await activity.getByRole('link', { name: new RegExp(customer.name) }).click()
  await expect(page).toHaveURL(new RegExp(`/chats/${customer.chatId}$`))
  await page.goBack()
  await checkLayouts(page, count('open'))
  await shot(page, 'overview')
  expect(errors).toEqual([])
})

/** A time zone where, now, it is more than an hour outside Monday–Friday 09:00–17:00. */
function zoneOutsideOfficeHours(now: Date): string {
  const zones = [
    'Pacific/Kiritimati',
    'Pacific/Auckland',
    'Asia/Tokyo',
    'Asia/Kolkata',
    'Europe/Berlin',
    'America/Sao_Paulo',
    'America/New_York',
    'America/Los_Angeles',
    'Pacific/Honolulu',
    'Pacific/Pago_Pago',
  ]
  for (const zone of zones) {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      weekday: 'short',
      hour: 'numeric',
      hourCycle: 'h23',
    }).formatToParts(now)
    const weekday = parts.find((p) => p.type === 'weekday')?.value ?? ''
    const hour = Number(parts.find((p) => p.type === 'hour')?.value)
    if (['Sat', 'Sun'].includes(weekday) || hour < 8 || hour >= 18) return zone
  }
  throw new Error('No time zone is outside office hours now')
}
