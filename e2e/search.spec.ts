import { expect, test, type Page } from '@playwright/test'
import {
  customerRaisesIssue,
  customerWithChat,
  FIRST_ADMIN,
  seriousViolations,
  sidewaysOverflow,
  signIn,
  unique,
} from './helpers.js'

/** Signs the first admin in and answers their organization's id and token. */
async function signInAdmin(page: Page) {
  await signIn(page, FIRST_ADMIN.email, FIRST_ADMIN.password)
  await expect(page).not.toHaveURL(/\/auth\//)
  const session = await page.evaluate(() => JSON.parse(localStorage.getItem('proxima_admin_details') ?? '{}'))
  const token = (await page.evaluate(() => localStorage.getItem('token'))) as string
  return { tenantId: session.tenant_id.tenant_id as number, token }
}

/** Opens the search window with its shortcut, once the top bar is there. */
async function openSearch(page: Page) {
  await expect(page.getByRole('button', { name: /^Search/ })).toBeVisible()
  await page.keyboard.press('Control+K')
  const dialog = page.getByRole('dialog', { name: 'Search' })
  await expect(dialog).toBeVisible()
  const box = dialog.getByRole('searchbox', { name: 'Search' })
  await expect(box).toBeFocused()
  return { dialog, box }
}

test('typing the start of a word in the search window finds the issue and the chat that contain it', async ({
  page,
  request,
}) => {
  const errors: Error[] = []
  page.on('pageerror', (e) => errors.push(e))
  const { tenantId, token } = await signInAdmin(page)

  // A word no other journey uses, in an issue's title and in a customer's message.
  const word = unique('wombat')
  const title = `My ${word} parcel never arrived`
  const issueId = await customerRaisesIssue(
    request,
    token,
    { first_name: 'Hedy', last_name: 'Lamarr' },
    { title, description: 'The tracking page has not changed for a week.' },
  )
  const customer = await customerWithChat(request, tenantId)
  await customer.say(`Hello, where is my ${word} parcel?`)

  const { dialog, box } = await openSearch(page)
  // Typed key by key, stopping three letters before the end of the word.
  await box.pressSequentially(word.slice(0, -3), { delay: 40 })
  const issue = dialog.getByRole('region', { name: 'Issues' }).getByRole('link', { name: new RegExp(title) })
  await expect(issue).toBeVisible()
  // The snippet keeps the title's first word, and the whole matching word is highlighted.
  await expect(issue).toContainText(`${title}. The tracking page`)
  await expect(issue.locator('mark')).toHaveText([word])
  const message = dialog
    .getByRole('region', { name: 'Messages' })
    .getByRole('link', { name: new RegExp(customer.name) })
  await expect(message).toContainText(`Hello, where is my ${word} parcel`)
  await expect(message.locator('mark')).toHaveText([word])
  expect(await seriousViolations(page)).toEqual([])
  expect(await sidewaysOverflow(page)).toEqual([])

  // At phone width the window fills the screen and nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(issue).toBeVisible()
  expect(await sidewaysOverflow(page)).toEqual([])
  await page.setViewportSize({ width: 1440, height: 900 })

  await message.click()
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(new RegExp(`/chats/${customer.chatId}$`))
  await openSearch(page)
  await issue.click()
  await expect(page).toHaveURL(new RegExp(`/community/issues/${issueId}$`))
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  expect(errors).toEqual([])
})

test('the search window finds a community issue by the name of the customer who raised it', async ({
  page,
  request,
}) => {
  const errors: Error[] = []
  page.on('pageerror', (e) => errors.push(e))
  const { token } = await signInAdmin(page)

  const lastName = unique('Featherstonehaugh')
  const title = `Zipper broke ${unique('#')}`
  const issueId = await customerRaisesIssue(
    request,
    token,
    { first_name: 'Wilhelmina', last_name: lastName },
    { title, description: 'The jacket zipper broke on the first day.' },
  )

  const { dialog, box } = await openSearch(page)
  await box.pressSequentially(`wilhelmina ${lastName.slice(0, -2)}`, { delay: 20 })
  const issue = dialog.getByRole('region', { name: 'Issues' }).getByRole('link', { name: new RegExp(title) })
  await expect(issue).toBeVisible()
  await expect(issue).toContainText(`Wilhelmina ${lastName}: ${title}`)
  await expect(issue.locator('mark')).toHaveText(['Wilhelmina', lastName])
  expect(await seriousViolations(page)).toEqual([])

  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(new RegExp(`/community/issues/${issueId}$`))
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  expect(errors).toEqual([])
})

test('the search window finds a survey by a word of its topic and opens its results', async ({ page, request }) => {
  const errors: Error[] = []
  page.on('pageerror', (e) => errors.push(e))
  const { token } = await signInAdmin(page)

  const word = unique('kumquat')
  const topic = `Our ${word} deliveries`
  const headers = { authorization: `Token ${token}` }
  const created = await request.post('/api/survey/survey/', {
    headers,
    data: { survey_topic: topic, survey_questions: [{ type: 'rating', title: 'How was the delivery?' }] },
  })
  expect(created.status()).toBe(201)
  const surveyId = ((await created.json()) as { survey_id: number }).survey_id
  expect((await request.post(`/api/survey/survey/${surveyId}/publish/`, { headers, data: {} })).status()).toBe(200)

  const { dialog, box } = await openSearch(page)
  await box.pressSequentially(word.slice(0, -2), { delay: 20 })
  const survey = dialog.getByRole('region', { name: 'Surveys' }).getByRole('link', { name: new RegExp(topic) })
  await expect(survey).toBeVisible()
  await expect(survey.locator('mark')).toHaveText([word])
  await survey.click()
  await expect(page).toHaveURL(new RegExp(`/surveys/${surveyId}$`))
  await expect(page.getByRole('heading', { level: 1, name: topic })).toBeVisible()
  expect(errors).toEqual([])
})
