import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { AREAS } from '../packages/web/src/features/analytics/areas.js'
import { BAR_FILTERS, METRIC_FILTERS } from '../packages/web/src/features/analytics/filters.js'
import {
  DOCS,
  FIELD,
  SEARCH,
  SIZES,
  batch,
  count,
  dateIn,
  layoutProblems,
  nextFilter,
  settled,
  tableColumn,
} from './analytics-helpers.js'
import { DEMO } from './demo-organization.mjs'
import { docsImage, expectDashboard, pageErrors, signIn } from './helpers.js'

/*
 * The analytics pages on the demo organization e2e/serve.mjs generates (30 days; 90 with E2E_DOCS_IMAGES, whose
 * pictures show the last 90 days): home and every page at 1440 and 390 px, the filters each page offers, the
 * folded filters on a phone, filters kept in the URL, and chart tables that read what the API answers. A page's PDF:
 * analytics-pdf.spec.ts.
 */

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

/** Signs the demo admin in; the page's errors are collected from then on. */
async function start(page: Page) {
  const errors = pageErrors(page)
  await signIn(page, DEMO.admin, DEMO.password)
  await expectDashboard(page, 'Dana')
  const token = (await page.evaluate(() => localStorage.getItem('token'))) as string
  return { errors, token }
}

async function listOf<T>(request: APIRequestContext, token: string, path: string) {
  const res = await request.get(path, { headers: { Authorization: `Token ${token}` }, params: { limit: 100 } })
  expect(res.status()).toBe(200)
  return ((await res.json()) as { data: T[] }).data
}

type StaffRow = { id: number; first_name: string; last_name: string }

test("the server narrows each metric by the filters its pages offer, and the home's week of chats is the API's", async ({
  page,
  request,
}) => {
  const { errors, token } = await start(page)

  // The server applies to each metric the filters the pages think it does (the rest come back as ignored).
  const topics = await listOf<{ topic_id: number }>(request, token, '/api/chat/topics/')
  const staff = await listOf<StaffRow>(request, token, '/api/staff/')
  const everything = await batch(request, token, Object.keys(METRIC_FILTERS), {
    channel: ['website'],
    topic_id: topics[0]!.topic_id,
    assignee: staff[0]!.id,
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
  expect(errors).toEqual([])
})

for (const size of SIZES) {
  const phone = size.width < 600
  test(`every analytics page at ${size.width} px: the filters it offers, no sideways scroll, no serious accessibility fault`, async ({
    page,
  }) => {
    test.setTimeout(DOCS ? 300_000 : 120_000)
    const { errors } = await start(page)
    const problems: string[] = []
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
    expect(problems, problems.join('\n')).toEqual([])

    // The surveys page (the last) asks for a survey before showing ratings, instead of failing.
    await expect(page.getByTestId('metric-surveyratings')).toContainText('Choose a survey.')
    expect(errors).toEqual([])
  })
}

test("the customers page describes one community's members, chosen by typing its name", async ({ page, request }) => {
  test.setTimeout(90_000)
  const { errors, token } = await start(page)
  // The customers page describes one community's members when one is chosen: the community goes with its metrics,
  // and the count is the API's for the same filter.
  await page.setViewportSize(SIZES[0]!)
  await page.goto('/analytics/customers')
  await settled(page)
  await expect(page.getByRole('region', { name: 'Customers who chatted', exact: true })).toBeVisible()
  const customers = page.getByRole('combobox', { name: 'Customers', exact: true })
  await customers.click()
  const chosen = (await page
    .getByRole('option', { name: /^Members of / })
    .first()
    .textContent())!
  // Typing narrows the list to the communities whose names hold what was typed.
  const typed = chosen.slice('Members of '.length, 'Members of '.length + 4)
  await customers.fill(typed)
  await expect
    .poll(async () => (await page.getByRole('option').allTextContents()).filter((t) => !t.includes(typed)))
    .toEqual([])
  const withCommunity = nextFilter(page, 'clientsaverageage')
  await page.getByRole('option', { name: chosen, exact: true }).click()
  await expect(page).toHaveURL(/community=\d+/)
  const communityFilter = await withCommunity
  expect(communityFilter.community).toBe(Number(new URL(page.url()).searchParams.get('community')))
  await settled(page)
  await expect(customers).toHaveValue(chosen)
  const people = (await batch(request, token, ['clientsaverageage'], communityFilter)).results.clientsaverageage as {
    total_clients: number
  }
  await expect(page.getByRole('region', { name: 'Community members', exact: true })).toContainText(
    people.total_clients.toLocaleString('en-US'),
  )
  const problems = await layoutProblems(page, 'customers of one community at 1440')
  expect(problems, problems.join('\n')).toEqual([])
  expect(errors).toEqual([])
})

test('a period, a time zone, a topic and an assignee go to the address and the requests, and chart tables show what the API answers', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const { errors, token } = await start(page)
  const staff = await listOf<StaffRow>(request, token, '/api/staff/')
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
  let person = staff[0]!
  let most = -1
  for (const member of staff) {
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
