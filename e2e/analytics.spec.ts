import { expect, test, type APIRequestContext, type Locator, type Page, type Request } from '@playwright/test'
import { AREAS } from '../packages/web/src/features/analytics/areas.js'
import { BAR_FILTERS, METRIC_FILTERS } from '../packages/web/src/features/analytics/filters.js'
import { DEMO } from './demo-organization.mjs'
import { docsImage, expectDashboard, pageErrors, seriousViolations, sidewaysOverflow, signIn } from './helpers.js'

/*
 * The analytics pages on the demo organization e2e/serve.mjs generates (30 days; 90 with E2E_DOCS_IMAGES, whose
 * pictures show the last 90 days): home and every page at 1440 and 390 px, the filters each page offers, the
 * folded filters on a phone, filters kept in the URL, and chart tables that read what the API answers.
 */

const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]
const DOCS = Boolean(process.env.E2E_DOCS_IMAGES)
const SEARCH = DOCS ? '?period=90d' : ''
/** The bar's filters by the label of their field. */
const FIELD = { channel: 'Channels', topic_id: 'Topic', assignee: 'Assignee' } as const

type Filter = Record<string, unknown>
type Batch = { results: Record<string, Record<string, unknown>>; errors: Record<string, { code: string }> }

/** Every metric card has left its loading state (loaded, empty, failed or asking for a choice). */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle')
  await expect(page.locator('[data-status="pending"]')).toHaveCount(0)
}

async function layoutProblems(page: Page, label: string) {
  const problems: string[] = []
  const wide = await sidewaysOverflow(page)
  if (wide.length > 0) problems.push(`${label}: ${wide.join(', ')}`)
  for (const fault of await seriousViolations(page, undefined, { sameOrigin: true }))
    problems.push(`${label}: axe ${fault}`)
  return problems
}

/** The calendar date (YYYY-MM-DD) in a time zone, `days` from today. */
function dateIn(timeZone: string, days = 0) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date())
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
}

/** The filter of the next batch request the page sends for `metric` with a filter that has `has`. */
async function nextFilter(page: Page, metric: string, has: Filter = {}): Promise<Filter> {
  const body = (r: Request) => r.postDataJSON() as { metrics: string[]; filter: Filter }
  const sent = await page.waitForRequest(
    (r) =>
      r.url().endsWith('/api/analytics/batch/') &&
      body(r).metrics.includes(metric) &&
      Object.entries(has).every(([k, v]) => body(r).filter[k] === v),
  )
  return body(sent).filter
}

async function batch(request: APIRequestContext, token: string, metrics: readonly string[], filter: Filter) {
  const res = await request.post('/api/analytics/batch/', {
    headers: { Authorization: `Token ${token}` },
    data: { metrics, filter },
  })
  expect(res.status()).toBe(200)
  return (await res.json()) as Batch
}

/** The cells of one column of a chart's table (0 is the first column after the row names). */
async function tableColumn(card: Locator, table: string, column: number) {
  await card.getByRole('button', { name: 'Table' }).click()
  const rows = card.getByRole('table', { name: table, exact: true }).locator('tbody tr')
  await expect(rows).not.toHaveCount(0)
  return rows.evaluateAll((trs, i) => trs.map((tr) => tr.querySelectorAll('td')[i]?.textContent ?? ''), column)
}

const count = (n: number) => n.toLocaleString('en-US')

/**
 * On a phone, on the Chats page: the filters open from their button, two channels are chosen, the open bar is
 * checked for layout and accessibility, and Escape folds it again with the button summing the channels up.
 */
async function unfoldFilters(page: Page) {
  const bar = page.getByRole('search', { name: 'Analytics filters' })
  const folded = bar.getByRole('button', { name: /^Filters/ })
  await folded.click()
  await expect(folded).toHaveAttribute('aria-expanded', 'true')
  await expect(bar.getByRole('combobox', { name: 'Period', exact: true })).toBeVisible()
  await expect(bar.getByRole('combobox', { name: 'Topic', exact: true })).toBeVisible()
  await expect(bar.getByRole('combobox', { name: 'Assignee', exact: true })).toHaveCount(0)
  await bar.getByRole('combobox', { name: 'Channels', exact: true }).click()
  await page.getByRole('option', { name: 'Website' }).click()
  await page.getByRole('option', { name: 'Email' }).click()
  await page.keyboard.press('Escape')
  await expect(page).toHaveURL(/channel=website%2Cemail/)
  await settled(page)
  const problems = await layoutProblems(page, '/analytics/chats at 390 with the filters open')
  await page.mouse.move(0, 0)
  await docsImage(page, 'analytics-filters-phone-open')
  await bar.getByRole('combobox', { name: 'Period', exact: true }).focus()
  await page.keyboard.press('Escape')
  await expect(folded).toBeFocused()
  await expect(folded).toHaveAttribute('aria-expanded', 'false')
  await expect(folded).toContainText(`${DOCS ? 'Last 90 days' : 'Last 30 days'} · New York · 2 channels`)
  if (DOCS) {
    // Without the focus ring's pulse.
    await folded.blur()
    await page.waitForTimeout(600)
    await docsImage(page, 'analytics-filters-phone')
  }
  return problems
}

test('the analytics pages of the demo organization: every page on a desktop and a phone, the filters each offers, and chart tables equal to the API', async ({
  page,
  request,
}) => {
  test.setTimeout(DOCS ? 300_000 : 120_000)
  const errors = pageErrors(page)
  await signIn(page, DEMO.admin, DEMO.password)
  await expectDashboard(page, 'Dana')
  const token = (await page.evaluate(() => localStorage.getItem('token'))) as string

  // The server applies to each metric the filters the pages think it does (the rest come back as ignored).
  const topics = (await (
    await request.get('/api/chat/topics/', { headers: { Authorization: `Token ${token}` }, params: { limit: 100 } })
  ).json()) as { data: { topic_id: number; name: string }[] }
  const staff = (await (
    await request.get('/api/staff/', { headers: { Authorization: `Token ${token}` }, params: { limit: 100 } })
  ).json()) as { data: { id: number; first_name: string; last_name: string }[] }
  const everything = await batch(request, token, Object.keys(METRIC_FILTERS), {
    channel: ['website'],
    topic_id: topics.data[0]!.topic_id,
    assignee: staff.data[0]!.id,
  })
  for (const [metric, uses] of Object.entries(METRIC_FILTERS)) {
    const reply = everything.results[metric] as { meta: { ignored_filters: string[] } } | undefined
    if (!reply) continue // surveyratings needs a survey
    const applied = BAR_FILTERS.filter((f) => !reply.meta.ignored_filters.includes(f))
    expect(applied, metric).toEqual(BAR_FILTERS.filter((f) => uses.includes(f)))
  }

  // The home's chats at a glance (last 7 days in the organization's time zone) are the API's count.
  const glance = page.getByRole('list', { name: 'At a glance' })
  const week = { from: dateIn(DEMO.timezone, -6), to: dateIn(DEMO.timezone), granularity: 'day' }
  const chats = (await batch(request, token, ['countchats'], week)).results.countchats as { chat_count: number }
  await expect(glance.getByTestId('glance-chats')).toHaveText(count(chats.chat_count))

  const problems: string[] = []
  for (const size of SIZES) {
    const phone = size.width < 600
    await page.setViewportSize(size)
    await page.goto('/')
    await settled(page)
    problems.push(...(await layoutProblems(page, `home at ${size.width}`)))
    if (!phone) await docsImage(page.getByRole('region', { name: 'At a glance', exact: true }), 'analytics-at-a-glance')
    // The first page by its address, the others by their tabs (which keep the filters).
    await page.goto(`/analytics/${AREAS[0].path}${SEARCH}`)
    for (const area of AREAS) {
      await page.getByRole('tab', { name: area.label }).click()
      await expect(page).toHaveURL(new RegExp(`/analytics/${area.path}(\\?|$)`))
      const bar = page.getByRole('search', { name: 'Analytics filters' })
      const folded = bar.getByRole('button', { name: /^Filters/ })
      if (phone) {
        // Folded behind one button that sums them up; the fields are out of reach until it opens.
        await expect(folded).toHaveAttribute('aria-expanded', 'false')
        await expect(folded).toContainText(`${DOCS ? 'Last 90 days' : 'Last 30 days'} · New York`)
        await expect(bar.getByRole('combobox', { name: 'Period', exact: true })).toBeHidden()
      } else {
        // The period and time zone everywhere; channels, topic and assignee where a metric of the page uses them.
        await expect(folded).toHaveCount(0)
        await expect(bar.getByRole('combobox', { name: 'Period', exact: true })).toBeVisible()
        await expect(bar.getByRole('combobox', { name: 'Time zone', exact: true })).toBeVisible()
        for (const filter of BAR_FILTERS)
          await expect(bar.getByRole('combobox', { name: FIELD[filter], exact: true })).toHaveCount(
            area.filters.includes(filter) ? 1 : 0,
          )
      }
      await settled(page)
      if (phone && area === AREAS[0]) problems.push(...(await unfoldFilters(page)))
      else problems.push(...(await layoutProblems(page, `/analytics/${area.path} at ${size.width}`)))
      if (!phone && ['chats', 'response', 'customers', 'community'].includes(area.path))
        await docsImage(page, `analytics-${area.path}`, { fullPage: true })
      if (phone && area.path === 'response') await docsImage(page, 'analytics-response-phone')
    }
  }
  expect(problems, problems.join('\n')).toEqual([])

  // The surveys page asks for a survey before showing ratings, instead of failing.
  await expect(page.getByTestId('metric-surveyratings')).toContainText('Choose a survey.')

  // On a desktop: a period and a time zone go to the URL and stay there after a reload; the chart of chats per day
  // then shows in its table what the API answers for the same filter.
  await page.setViewportSize(SIZES[0]!)
  await page.goto('/analytics/chats')
  await page.getByRole('combobox', { name: 'Period', exact: true }).click()
  await page.getByRole('option', { name: 'Last 7 days' }).click()
  await expect(page).toHaveURL(/period=7d/)
  await page.getByRole('combobox', { name: 'Time zone', exact: true }).fill('Kolkata')
  await page
    .getByRole('option', { name: /Asia\/Kolkata|Asia\/Calcutta|Kolkata/ })
    .first()
    .click()
  await expect(page).toHaveURL(/timezone=Asia%2F(Kolkata|Calcutta)/)
  const zone = new URL(page.url()).searchParams.get('timezone')!
  const sent = nextFilter(page, 'counthourlychats')
  await page.reload()
  await expect(page.getByRole('combobox', { name: 'Period', exact: true })).toHaveText('Last 7 days')
  await expect(page.getByRole('combobox', { name: 'Time zone', exact: true })).toHaveValue(/Kolkata/)
  const filter = await sent
  expect(filter).toEqual({ from: dateIn(zone, -6), to: dateIn(zone), granularity: 'day', timezone: zone })
  await settled(page)
  const perDay = (await batch(request, token, ['counthourlychats'], filter)).results.counthourlychats as {
    series: { count: number }[]
  }
  expect(perDay.series).toHaveLength(7)
  const overTime = page.getByRole('region', { name: 'Chats over time', exact: true })
  expect(await tableColumn(overTime, 'Chats over time', 0)).toEqual(perDay.series.map((s) => count(s.count)))

  // Response: a topic and an assignee go to the URL and the request; the replies per day in the table are the API's,
  // and satisfaction, which does not depend on the topic, says so. The busiest topic of the week, and the staff
  // member who answered most of it, so that the chart has replies to show.
  const busiest = (await batch(request, token, ['populartopics'], filter)).results.populartopics as {
    data: { topic_id: number; topic: string }[]
  }
  const topic = busiest.data[0]!
  let person = staff.data[0]!
  let most = -1
  for (const member of staff.data) {
    const narrow = { ...filter, topic_id: topic.topic_id, assignee: member.id }
    const got = (await batch(request, token, ['averageresponsetime'], narrow)).results.averageresponsetime as {
      response_count: number
    }
    if (got.response_count > most) [person, most] = [member, got.response_count]
  }
  await page.getByRole('tab', { name: 'Response & satisfaction' }).click()
  await settled(page)
  const narrowed = nextFilter(page, 'hourlyaverageresponsetime', { topic_id: topic.topic_id })
  await page.getByRole('combobox', { name: 'Topic', exact: true }).click()
  await page.getByRole('option', { name: topic.topic, exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`topic=${topic.topic_id}`))
  expect(await narrowed).toMatchObject({ topic_id: topic.topic_id })
  const withAssignee = nextFilter(page, 'hourlyaverageresponsetime', { assignee: person.id })
  await page.getByRole('combobox', { name: 'Assignee', exact: true }).click()
  await page.getByRole('option', { name: `${person.first_name} ${person.last_name}`, exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`assignee=${person.id}`))
  const responseFilter = await withAssignee
  expect(responseFilter).toMatchObject({ topic_id: topic.topic_id, assignee: person.id, timezone: zone })
  await settled(page)
  await expect(page.getByRole('region', { name: 'Satisfied customers', exact: true })).toContainText(
    'Not narrowed by topic.',
  )
  const replies = (await batch(request, token, ['hourlyaverageresponsetime'], responseFilter)).results
    .hourlyaverageresponsetime as { series: { response_count: number }[] }
  const responses = page.getByRole('region', { name: 'Response time over time', exact: true })
  expect(await tableColumn(responses, 'Response time over time', 2)).toEqual(
    replies.series.map((s) => count(s.response_count)),
  )

  expect(errors).toEqual([])
})
