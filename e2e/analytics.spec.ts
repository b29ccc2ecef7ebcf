import { expect, test, type Page } from '@playwright/test'
import {
  createOrganization,
  customerWithChat,
  docsImage,
  expectDashboard,
  pageErrors,
  PASSWORD,
  seriousViolations,
  sidewaysOverflow,
  signIn,
} from './helpers.js'

const PAGES = [
  { path: 'chats', tab: 'Chats & channels' },
  { path: 'response', tab: 'Response & satisfaction' },
  { path: 'topics', tab: 'Topics' },
  { path: 'customers', tab: 'Customers' },
  { path: 'community', tab: 'Community' },
  { path: 'voice', tab: 'Voice' },
  { path: 'surveys', tab: 'Surveys' },
]
const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]

/** Every metric card has left its loading state (loaded, empty, failed or asking for a choice). */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle')
  await expect(page.locator('[data-status="pending"]')).toHaveCount(0)
}

async function layoutProblems(page: Page, label: string) {
  const problems: string[] = []
  const wide = await sidewaysOverflow(page)
  if (wide.length > 0) problems.push(`${label}: ${wide.join(', ')}`)
  for (const fault of await seriousViolations(page)) problems.push(`${label}: axe ${fault}`)
  return problems
}

test('the analytics pages show a chat that came in, follow the filters in the URL, and fit a phone', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000)
  const errors = pageErrors(page)
  const { tenant, admin } = await createOrganization(request)
  // A customer writes twice in the mobile app (a signed-in customer's chats are on the mobile channel).
  const customer = await customerWithChat(request, tenant.tenant_id as number)
  await customer.say('Hello, is my order on its way?')
  await customer.say('It is order #1207.')

  await signIn(page, admin.email as string, PASSWORD)
  await expectDashboard(page, 'Grace')

  // The home's figures at a glance count the chat and open the analytics pages.
  const glance = page.getByRole('list', { name: 'At a glance' })
  await expect(glance.getByTestId('glance-chats')).toHaveText('1')
  await expect(glance.getByTestId('glance-last-hour')).toHaveText('1')

  const problems: string[] = []
  for (const size of SIZES) {
    await page.setViewportSize(size)
    await page.goto('/')
    await expect(glance.getByTestId('glance-chats')).toHaveText('1')
    await settled(page)
    problems.push(...(await layoutProblems(page, `home at ${size.width}`)))
    if (size.width === 1440)
      await docsImage(page.getByRole('region', { name: 'At a glance', exact: true }), 'analytics-at-a-glance')
    for (const { path, tab } of PAGES) {
      await page.goto(`/analytics/${path}`)
      await expect(page.getByRole('tab', { name: tab, selected: true })).toBeVisible()
      await settled(page)
      problems.push(...(await layoutProblems(page, `/analytics/${path} at ${size.width}`)))
      if (size.width === 1440 && (path === 'chats' || path === 'response'))
        await docsImage(page.getByRole('main'), `analytics-${path}`)
    }
  }
  expect(problems, problems.join('\n')).toEqual([])

  // The surveys page asks for a survey before showing ratings, instead of failing.
  await expect(page.getByTestId('metric-surveyratings')).toContainText('Choose a survey.')

  // Chats: the headline number, then the channel chart read through its table view.
  await page.setViewportSize(SIZES[0]!)
  await page.getByRole('tab', { name: 'Chats & channels' }).click()
  await expect(page).toHaveURL(/\/analytics\/chats$/)
  await expect(page.getByTestId('metric-countchats').getByText('1', { exact: true })).toBeVisible()
  const channels = page.getByRole('region', { name: 'Channels', exact: true })
  await channels.getByRole('button', { name: 'Table' }).click()
  const table = channels.getByRole('table', { name: 'Chats and messages by channel' })
  const mobile = table.getByRole('row', { name: /^Mobile app/ })
  await expect(mobile.getByRole('cell').nth(0)).toHaveText('1')
  await expect(mobile.getByRole('cell').nth(1)).toHaveText('2')
  await expect(mobile.getByRole('cell').nth(2)).toHaveText('100%')

  // Changing the period and the time zone goes to the URL, and a reload keeps them.
  await page.getByRole('combobox', { name: 'Period', exact: true }).click()
  await page.getByRole('option', { name: 'Last 7 days' }).click()
  await expect(page).toHaveURL(/period=7d/)
  await page.getByRole('combobox', { name: 'Time zone', exact: true }).fill('Kolkata')
  await page
    .getByRole('option', { name: /Asia\/Kolkata|Asia\/Calcutta|Kolkata/ })
    .first()
    .click()
  await expect(page).toHaveURL(/timezone=Asia%2F(Kolkata|Calcutta)/)
  await page.reload()
  await expect(page.getByRole('combobox', { name: 'Period', exact: true })).toHaveText('Last 7 days')
  await expect(page.getByRole('combobox', { name: 'Time zone', exact: true })).toHaveValue(/Kolkata/)
  await settled(page)
  await expect(page.getByTestId('metric-countchats').getByText('1', { exact: true })).toBeVisible()

  // Hourly chats read through the table: one chat in one of the hours.
  await page.getByRole('combobox', { name: 'Period', exact: true }).click()
  await page.getByRole('option', { name: 'Last 24 hours' }).click()
  await expect(page).toHaveURL(/period=24h/)
  await settled(page)
  const overTime = page.getByRole('region', { name: 'Chats over time', exact: true })
  await overTime.getByRole('button', { name: 'Table' }).click()
  const hours = overTime.getByRole('table', { name: 'Chats over time', exact: true })
  await expect(hours.getByRole('row')).not.toHaveCount(0)
  const counts = await hours.locator('tbody td').allTextContents()
  expect(counts.map(Number).reduce((a, b) => a + b, 0)).toBe(1)

  expect(errors).toEqual([])
})
