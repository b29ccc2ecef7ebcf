import { expect, test, type Page } from '@playwright/test'
import { DEMO } from './demo-organization.mjs'
import {
  createOrganization,
  docsImage,
  expectDashboard,
  pageErrors,
  PASSWORD,
  seriousViolations,
  sidewaysOverflow,
  signIn,
} from './helpers.js'

/*
 * Analytics → Forecasts on the demo organization e2e/serve.mjs generates: every forecast loads at 1440 and 390 px
 * (no sideways scroll, no serious axe fault), the period and horizon go to the address, and a band value read from a
 * chart's table is the one the API answers for the same request.
 */

const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]
const CARDS = [
  'forecast-interactions',
  'forecast-escalated',
  'forecast-topics',
  'forecast-genders',
  'forecast-unique',
  'forecast-growth',
  'forecast-involvements',
]

async function settled(page: Page) {
  await page.waitForLoadState('networkidle')
  for (const id of CARDS) await expect(page.getByTestId(id)).toHaveAttribute('data-status', 'fulfilled')
}

type Forecast = {
  forecast: {
    start_time: string
    value: number
    lower_80: number
    upper_80: number
    lower_95: number
    upper_95: number
  }[]
  timezone: string
}

test('the forecasts page of the demo organization: every forecast on a desktop and a phone, and a band read from a table equal to the API', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const errors = pageErrors(page)
  await signIn(page, DEMO.admin, DEMO.password)
  await expectDashboard(page, 'Dana')
  const token = (await page.evaluate(() => localStorage.getItem('token'))) as string

  const problems: string[] = []
  for (const size of SIZES) {
    await page.setViewportSize(size)
    await page.goto('/analytics/chats')
    await page.getByRole('tab', { name: 'Forecasts' }).click()
    await expect(page).toHaveURL(/\/analytics\/forecasts$/)
    await settled(page)
    const wide = await sidewaysOverflow(page)
    if (wide.length > 0) problems.push(`forecasts at ${size.width}: ${wide.join(', ')}`)
    for (const fault of await seriousViolations(page, undefined, { sameOrigin: true }))
      problems.push(`forecasts at ${size.width}: axe ${fault}`)
    await docsImage(page, size.width < 600 ? 'forecasts-phone' : 'forecasts', { fullPage: size.width > 600 })
  }
  expect(problems, problems.join('\n')).toEqual([])

  // Weekly, 4 weeks ahead: kept in the address, and still there after a reload.
  await page.setViewportSize(SIZES[0]!)
  await page.getByRole('button', { name: 'Weekly' }).click()
  await page.getByRole('combobox', { name: 'Forecast ahead' }).click()
  await page.getByRole('option', { name: '4 weeks' }).click()
  await expect(page).toHaveURL(/g=week&h=4/)
  await page.reload()
  await settled(page)
  await expect(page.getByRole('button', { name: 'Weekly' })).toHaveAttribute('aria-pressed', 'true')

  // The chats forecast's table shows the API's bands for the same request.
  const res = await request.post('/api/predictive/chat/interactions/', {
    headers: { Authorization: `Token ${token}` },
    data: { granularity: 'week', horizon: 4, measure: 'chats' },
  })
  expect(res.status()).toBe(200)
  const api = (await res.json()) as Forecast
  expect(api.forecast).toHaveLength(4)
  const card = page.getByTestId('forecast-interactions')
  await card.getByRole('button', { name: 'Table' }).click()
  const rows = card.getByRole('table', { name: 'Chats', exact: true }).locator('tbody tr')
  const last = rows.last()
  const cells = await last.locator('td').allTextContents()
  // Actual, Forecast, 80% low, 80% high, 95% low, 95% high.
  const end = api.forecast.at(-1)!
  const count = (n: number) => Math.round(n).toLocaleString('en-US')
  expect(cells.slice(1)).toEqual([end.value, end.lower_80, end.upper_80, end.lower_95, end.upper_95].map(count))

  // The history can start later than its default: every forecast is asked from that day, and the chats history
  // begins with the first whole week on or after it.
  const from = new Date(Date.now() - 140 * 86_400_000).toISOString().slice(0, 10)
  const historyFrom = page.getByLabel('History from')
  await expect(page.getByText('Empty: the last 104 weeks.')).toBeVisible()
  const asked = page.waitForResponse(
    (r) =>
      r.url().endsWith('/api/predictive/chat/interactions/') &&
      (r.request().postDataJSON() as { from?: string }).from === from,
  )
  await historyFrom.fill(from)
  const reply = (await (await asked).json()) as { history: { start_time: string }[] }
  await expect(page).toHaveURL(new RegExp(`from=${from}`))
  expect(reply.history.length).toBeGreaterThan(0)
  expect(reply.history.length).toBeLessThanOrEqual(20)
  expect(Date.parse(reply.history[0]!.start_time)).toBeGreaterThanOrEqual(Date.parse(`${from}T00:00:00Z`) - 86_400_000)
  await settled(page)

  // A start after today is not asked for: the field says which dates it takes, and the view keeps its start.
  const later = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10)
  await historyFrom.fill(later)
  await expect(page.getByText(/^Choose a date from \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}\.$/)).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`from=${from}`))
  for (const fault of await seriousViolations(page, undefined, { sameOrigin: true }))
    problems.push(`forecasts with a bad start: axe ${fault}`)
  expect(problems, problems.join('\n')).toEqual([])

  // A start written into the address by hand that the server would refuse is not asked for: the field says so.
  const refused: string[] = []
  page.on('response', (r) => {
    if (r.url().includes('/api/predictive/') && r.status() === 400) refused.push(r.url())
  })
  await page.goto('/analytics/forecasts?g=week&from=1990-01-01')
  await settled(page)
  await expect(page.getByText(/^Choose a date from /)).toBeVisible()
  expect(refused).toEqual([])

  // Emptied, the default history is back.
  await historyFrom.fill('')
  await expect(page).not.toHaveURL(/from=/)
  await expect(page.getByText('Empty: the last 104 weeks.')).toBeVisible()
  expect(errors).toEqual([])
})

test('on the Basic plan the forecasts page says they are not part of it and leads to Plan & billing', async ({
  page,
  request,
}) => {
  const { admin } = await createOrganization(request, { plan: 'basic' })
  await signIn(page, admin.email, PASSWORD)
  await expectDashboard(page, 'Grace')
  await page.goto('/analytics/forecasts')
  const message = page.getByTestId('forecasts-plan')
  await expect(message).toContainText('Predictive analytics are not part of your plan.')
  await expect(message.getByRole('link', { name: 'Settings → Plan & billing' })).toHaveAttribute(
    'href',
    '/settings/plan',
  )
  await expect(page.getByTestId('forecast-interactions')).toHaveCount(0)
})
