import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { publishedSurvey } from './survey-helpers.js'
import {
  createOrganization,
  customerWithChat,
  docsImage,
  expectDashboard,
  PASSWORD,
  pageErrors,
  realtimeReady,
  seriousViolations,
  sidewaysOverflow,
  signIn,
  unique,
} from './helpers.js'

const auth = (token: string) => ({ Authorization: `Token ${token}` })
const PHONE = { width: 390, height: 844 }

async function signInAsNewAdmin(page: Page, request: APIRequestContext) {
  const { tenant, admin } = await createOrganization(request)
  await signIn(page, admin.email as string, PASSWORD)
  await expectDashboard(page, 'Grace')
  return { tenant, token: admin.token as string }
}

test('an admin generates questions, edits, reorders and deletes them, and publishes the survey', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000)
  const errors = pageErrors(page)
  await signInAsNewAdmin(page, request)

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Surveys' }).click()
  await expect(page.getByRole('heading', { name: 'No surveys yet' })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.getByRole('link', { name: 'Create your first survey' }).click()

  const topic = unique('Store visit ')
  await page.getByLabel('Topic', { exact: true }).fill(topic)
  await page.getByLabel('Context', { exact: true }).fill('Customers who visited our Nairobi store this month.')
  await page.getByRole('combobox', { name: 'Number of questions' }).click()
  await page.getByRole('option', { name: '3', exact: true }).click()
  await page.getByRole('button', { name: 'Generate questions' }).click()
  await expect(page.getByText('3 questions generated.')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('region', { name: /^Question \d/ })).toHaveCount(3)

  // The first generated question gets a new wording.
  const first = page.getByRole('region', { name: /^Question 1/ })
  await first.getByRole('textbox', { name: 'Question', exact: true }).fill('How welcome did you feel in the store?')
  await first.getByRole('combobox', { name: 'Type' }).click()
  await page.getByRole('option', { name: 'Rating (1–5)' }).click()

  // A single-choice question of our own, moved up one place.
  await page.getByRole('button', { name: 'Add a question' }).click()
  await page.getByRole('menuitem', { name: 'Single choice' }).click()
  const added = page.getByRole('region', { name: /^Question 4/ })
  await added.getByRole('textbox', { name: 'Question', exact: true }).fill('Which department did you visit?')
  await added.getByLabel('Option 1', { exact: true }).fill('Phones')
  await added.getByLabel('Option 2', { exact: true }).fill('Laptops')
  await added.getByRole('button', { name: 'Add option' }).click()
  await added.getByLabel('Option 3', { exact: true }).fill('Accessories')
  await page.getByRole('button', { name: 'Move question 4 up' }).click()
  await expect(
    page.getByRole('region', { name: /^Question 3/ }).getByRole('textbox', { name: 'Question', exact: true }),
  ).toHaveValue('Which department did you visit?')

  // The generated second question goes.
  await page.getByRole('button', { name: 'Delete question 2' }).click()
  await expect(page.getByRole('region', { name: /^Question \d/ })).toHaveCount(3)

  // A run period, then save and publish.
  const today = new Date()
  const inAWeek = new Date(today.getTime() + 7 * 86_400_000).toISOString().slice(0, 10)
  await page.getByLabel('Last day').fill(inAWeek)
  await page.getByLabel('Anyone with the link may answer, without an account').check()
  await docsImage(page, 'surveys-editor')
  await page.getByRole('button', { name: 'Save and publish…' }).click()
  const dialog = page.getByRole('dialog', { name: `Publish ${topic}?` })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click()

  await expect(page).toHaveURL(/\/surveys\/\d+$/)
  await expect(page.getByRole('heading', { level: 1, name: topic })).toBeVisible()
  await expect(page.getByLabel(`Public link of ${topic}`)).toHaveValue(/\/s\/[A-Za-z0-9_-]{22}$/)
  await expect(page.getByRole('heading', { name: '2. Which department did you visit?' })).toBeVisible()

  // The list shows it as published, with its link.
  await page.getByRole('link', { name: 'All surveys' }).click()
  const card = page.getByRole('article', { name: topic })
  await expect(card.getByText('Published')).toBeVisible()
  await expect(card.getByRole('button', { name: 'Copy link' })).toBeVisible()
  expect(errors).toEqual([])
})

test('a visitor answers on a phone, the admin sees it arrive live, writes a report and closes the survey', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000)
  const errors = pageErrors(page)
  const ready = realtimeReady(page)
  const { token } = await signInAsNewAdmin(page, request)
  const survey = await publishedSurvey(request, token)
  await page.goto(`/surveys/${survey.id}`)
  await ready
  const responses = page.locator('dl > div', { has: page.getByText('Responses', { exact: true }) })
  await expect(responses.getByRole('definition').first()).toHaveText('0')

  // A visitor without an account, on a phone.
  const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })
  const visitor = await phone.newPage()
  const visitorErrors = pageErrors(visitor)
  await visitor.goto(`/s/${survey.key}`)
  await expect(visitor.getByRole('heading', { level: 1, name: survey.topic })).toBeVisible()
  expect(await sidewaysOverflow(visitor)).toEqual([])
  expect(await seriousViolations(visitor)).toEqual([])
  await visitor.getByRole('button', { name: 'Start' }).click()

  // Rating, by keyboard: arrows move along the scale, Enter goes on.
  await expect(visitor.getByRole('heading', { name: 'How satisfied are you with the delivery speed?' })).toBeFocused()
  await expect(visitor.getByRole('progressbar', { name: 'Question 1 of 5' })).toBeVisible()
  await visitor.getByRole('button', { name: 'Next' }).click()
  await expect(visitor.getByRole('alert')).toHaveText('Answer this question to go on.')
  await visitor.getByRole('radio', { name: /^3/ }).focus()
  await visitor.keyboard.press('ArrowRight')
  await expect(visitor.getByRole('radio', { name: /^4/ })).toBeChecked()
  expect(await sidewaysOverflow(visitor)).toEqual([])
  expect(await seriousViolations(visitor)).toEqual([])
  await visitor.keyboard.press('Enter')

  // NPS: eleven values that wrap on a narrow screen.
  await expect(visitor.getByRole('progressbar', { name: 'Question 2 of 5' })).toBeVisible()
  // A tap lands on the value's box (its label); the radio inside is visually hidden.
  await visitor.getByRole('radio', { name: /^9/ }).locator('xpath=..').click()
  await expect(visitor.getByRole('radio', { name: /^9/ })).toBeChecked()
  expect(await sidewaysOverflow(visitor)).toEqual([])
  await docsImage(visitor, 'surveys-public-page')
  await visitor.getByRole('button', { name: 'Next' }).click()
  await visitor.getByRole('radio', { name: 'Mobile app' }).check()
  await visitor.getByRole('button', { name: 'Next' }).click()
  await visitor.getByRole('checkbox', { name: 'Live tracking' }).check()
  await visitor.getByRole('checkbox', { name: 'Parcel lockers' }).check()
  await visitor.getByRole('button', { name: 'Next' }).click()
  await visitor
    .getByRole('textbox', { name: 'Anything else we should know?' })
    .fill('The courier called ahead, thank you.')
  expect(await seriousViolations(visitor)).toEqual([])
  await visitor.getByRole('button', { name: 'Send answers' }).click()
  await expect(visitor.getByRole('heading', { name: 'Thank you!' })).toBeVisible()
  await expect(visitor.getByText('Thank you for your response.')).toBeVisible()

  // The admin's results follow without a reload.
  await expect(responses.getByRole('definition').first()).toHaveText('1')
  const speed = page.getByRole('region', { name: /How satisfied are you with the delivery speed/ })
  await expect(speed.getByText('1 answered · 0 skipped')).toBeVisible()
  await expect(speed.getByRole('table', { name: /by value/ })).toBeAttached()
  const recommend = page.getByRole('region', { name: /recommend us/ })
  await expect(
    recommend.locator('div', { has: page.getByText('Promoters (9–10)') }).getByRole('definition'),
  ).toHaveText('1')
  await expect(page.getByRole('progressbar', { name: /Mobile app: 1/ })).toBeVisible()
  await expect(page.getByText('The courier called ahead, thank you.')).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await docsImage(page, 'surveys-results')

  // A report about it.
  await page.getByRole('textbox', { name: 'Conclusion' }).fill('Deliveries are fast; customers want live tracking.')
  await page.getByRole('radio', { name: 'Yes' }).check()
  await page.getByRole('button', { name: 'Save report' }).click()
  await expect(page.getByText('The report is saved.')).toBeVisible()
  await expect(page.getByText('Deliveries are fast; customers want live tracking.')).toBeVisible()
  await expect(page.getByText('Succeeded')).toBeVisible()

  // Closing asks first; then the link no longer takes answers.
  await page.getByRole('button', { name: 'Close survey' }).click()
  const confirm = page.getByRole('dialog', { name: `Close ${survey.topic}?` })
  await confirm.getByRole('button', { name: 'Close survey' }).click()
  await expect(confirm).toBeHidden()
  await expect(page.getByText('Closed', { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Close survey' })).toHaveCount(0)

  await visitor.goto(`/s/${survey.key}`)
  await expect(visitor.getByRole('heading', { name: 'This survey is closed' })).toBeVisible()
  expect(errors).toEqual([])
  expect(visitorErrors).toEqual([])
  await phone.close()
})

test('on a phone, the admin extends a published survey, reads a new subgroup’s results and adds it to the audience', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000)
  const errors = pageErrors(page)
  const { tenant, token } = await signInAsNewAdmin(page, request)
  const survey = await publishedSurvey(request, token)
  // Two customers answer through the app; the subgroup will hold only Ada.
  const ada = await customerWithChat(request, tenant.tenant_id as number)
  const bob = await customerWithChat(request, tenant.tenant_id as number, {
    first_name: 'Bob',
    last_name: unique('Builder'),
  })
  for (const customer of [ada, bob]) {
    const answered = await request.post('/api/survey/response/', {
      headers: customer.headers,
      data: { survey_id: survey.id, survey_response: { speed: 4, recommend: 9, channel: 'app', more: 'Quick.' } },
    })
    expect(answered.status()).toBe(201)
  }

  await page.setViewportSize(PHONE)
  await page.goto(`/surveys/${survey.id}`)
  await expect(page.getByRole('heading', { level: 1, name: survey.topic })).toBeVisible()
  const responses = page.locator('dl > div', { has: page.getByText('Responses', { exact: true }) })
  await expect(responses.getByRole('definition').first()).toHaveText('2')
  expect(await sidewaysOverflow(page)).toEqual([])

  // The run gets a last day, a month away; a day already past is refused under the field.
  const day = (fromToday: number) => new Date(Date.now() + fromToday * 86_400_000).toISOString().slice(0, 10)
  await page.getByRole('button', { name: 'Edit', exact: true }).click()
  const edit = page.getByRole('dialog', { name: `Edit ${survey.topic}` })
  await edit.getByLabel('Last day').fill(day(-3))
  await edit.getByRole('button', { name: 'Save changes' }).click()
  await expect(edit.getByText('The end day must not be in the past.')).toBeVisible()
  await edit.getByLabel('Last day').fill(day(30))
  await edit.getByRole('button', { name: 'Save changes' }).click()
  await expect(edit).toBeHidden()
  await expect(page.getByText(`${survey.topic} is saved.`)).toBeVisible()
  await expect(page.locator('header').getByText(/Until /)).toBeVisible()

  // A subgroup of Ada alone, created on the results page, narrows the figures to her answer.
  const subgroups = page.getByRole('region', { name: 'Subgroups' })
  await subgroups.getByRole('button', { name: 'New subgroup' }).click()
  const create = page.getByRole('dialog', { name: 'New subgroup' })
  await create.getByRole('textbox', { name: 'Name' }).fill('Ada only')
  await create.getByRole('combobox', { name: 'Customers' }).fill(ada.name.split(' ')[1] ?? '')
  await page.getByRole('option', { name: new RegExp(ada.name) }).click()
  await create.getByRole('button', { name: 'Create subgroup' }).click()
  await expect(create).toBeHidden()
  await expect(subgroups.getByText('1 customer', { exact: true })).toBeVisible()
  await page.getByRole('combobox', { name: 'Respondents' }).click()
  await page.getByRole('option', { name: 'Subgroup: Ada only' }).click()
  await expect(responses.getByRole('definition').first()).toHaveText('1')
  expect(await sidewaysOverflow(page)).toEqual([])

  // Added to the audience, the subgroup stays there: deleting it is refused, with the reason.
  await page.getByRole('button', { name: 'Edit', exact: true }).click()
  await edit.getByRole('combobox', { name: 'Subgroups' }).click()
  await page.getByRole('option', { name: 'Ada only' }).click()
  await edit.getByRole('button', { name: 'Save changes' }).click()
  await expect(edit).toBeHidden()
  await expect(subgroups.getByText('In the audience')).toBeVisible()
  await subgroups.getByRole('button', { name: 'Delete subgroup Ada only' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete subgroup Ada only?' })
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(confirm.getByText(/part of the published survey’s audience, which can only grow/)).toBeVisible()
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirm).toBeHidden()

  // Renamed, it keeps filtering the figures; in the audience it is a fixed choice that Backspace does not remove.
  await subgroups.getByRole('button', { name: 'Edit subgroup Ada only' }).click()
  const rename = page.getByRole('dialog', { name: 'Edit subgroup Ada only' })
  await rename.getByRole('textbox', { name: 'Name' }).fill('Ada alone')
  await rename.getByRole('button', { name: 'Save subgroup' }).click()
  await expect(rename).toBeHidden()
  await expect(subgroups.getByText('Ada alone')).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Respondents' })).toHaveText(/Subgroup: Ada alone/)
  await expect(responses.getByRole('definition').first()).toHaveText('1')
  await page.getByRole('button', { name: 'Edit', exact: true }).click()
  await edit.getByRole('combobox', { name: 'Subgroups' }).focus()
  await page.keyboard.press('Backspace')
  await expect(edit.getByText('Ada alone')).toBeVisible()
  await edit.getByRole('button', { name: 'Cancel' }).click()
  await expect(edit).toBeHidden()
  expect(await sidewaysOverflow(page)).toEqual([])
  expect(await seriousViolations(page)).toEqual([])
  expect(errors).toEqual([])
})

/**
 * The public survey page is a light page of its own (survey.html), opened on phones from an email or a message:
 * React, MUI's core and the page, measured at 123.3 KB of Brotli-compressed JavaScript in 18 files.
 */
const SURVEY_JS_BUDGET_BYTES = 130 * 1024

test('the light public page explains a survey that needs an invitation, and a link that does not work', async ({
  page,
  request,
}) => {
  const { admin } = await createOrganization(request)
  const created = await request.post('/api/survey/survey/', {
    headers: auth(admin.token as string),
    data: { survey_topic: unique('Members only '), survey_questions: [{ type: 'rating', title: 'How are we doing?' }] },
  })
  expect(created.status()).toBe(201)
  const published = await request.post(`/api/survey/survey/${(await created.json()).survey_id}/publish/`, {
    headers: auth(admin.token as string),
    data: {},
  })
  const { public_key: key } = await published.json()
  const scripts: number[] = []
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script')
      scripts.push((await response.request().sizes()).responseBodySize)
  })
  await page.setViewportSize(PHONE)
  await page.goto(`/s/${key}`)
  await expect(page.getByRole('heading', { name: 'This survey is by invitation' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  const total = scripts.reduce((sum, bytes) => sum + bytes, 0)
  test.info().annotations.push({ type: 'survey page JavaScript', description: `${(total / 1024).toFixed(1)} KB` })
  expect(total).toBeGreaterThan(0)
  expect(total).toBeLessThanOrEqual(SURVEY_JS_BUDGET_BYTES)

  await page.goto('/s/NoSuchSurveyKeyAtAll00')
  await expect(page.getByRole('heading', { name: 'This survey link does not work' })).toBeVisible()
  expect(await sidewaysOverflow(page)).toEqual([])
  expect(await seriousViolations(page)).toEqual([])
})
