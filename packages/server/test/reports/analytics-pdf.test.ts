import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANALYTICS_AREAS, ANALYTICS_AREA_PAGES, formatDecimal, formatRating } from '@proxima/contracts'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import { auth, createClient, createEmployee, createTenantWithAdmin } from '../factories.js'
import { insertResponse, insertSurvey } from '../analytics/analytics-helpers.js'
import { axisTicks } from '../../src/features/reports/pdf-charts.js'
import { readPdf } from './report-files.js'

/*
 * An analytics page as a one-page PDF (`/api/reports/analyticspdf/`): every page of the dashboard, with its numbers
 * as the analytics endpoints compute them for the same filter, and its charts; the filter's rows checked as on the
 * page (another organization's community is 404), and who may ask.
 */

const NOW = new Date('2026-11-20T12:00:00Z')
const HOUR = 3_600_000

let app: TestApp
let org: Awaited<ReturnType<typeof createTenantWithAdmin>>
let community: number

const get = (query: Record<string, string>, token = org.token) =>
  app.inject({ method: 'GET', url: '/api/reports/analyticspdf/', query, headers: auth(token) })

beforeAll(async () => {
  app = await buildTestApp({ clock: testClock(NOW) })
  org = await createTenantWithAdmin(app)
  const tenantId = org.tenant.tenant_id
  await app.db.updateTable('tenants').set({ timezone: 'UTC', name: 'Trailhead' }).where('id', '=', tenantId).execute()
  const { client } = await createClient(app)
  const at = (hoursAgo: number) => new Date(NOW.getTime() - hoursAgo * HOUR)
  await app.db
    .insertInto('chats')
    .values([
      { tenant_id: tenantId, channel: 'website', status: 'resolved', client_id: client.id, created_at: at(30) },
      { tenant_id: tenantId, channel: 'whatsapp', status: 'open', client_id: client.id, created_at: at(5) },
      { tenant_id: tenantId, channel: 'website', status: 'open', created_at: at(2), escalated: true },
    ])
    .execute()
  const row = await app.db
    .insertInto('communities')
    .values({ tenant_id: tenantId, name: 'Trail Talk' })
    .returning('id')
    .executeTakeFirstOrThrow()
  community = Number(row.id)
})
afterAll(async () => {
  await app.shutdown()
})

describe('analytics PDF', () => {
  it('draws the chats page: its numbers as the endpoints give them, its charts, one page', async () => {
    const res = await get({ area: 'chats', from: '2026-11-14', to: '2026-11-20' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.headers['content-disposition']).toMatch(
      /filename="proxima-analytics-chats-trailhead-20261120-1200\.pdf"/,
    )
    const pages = await readPdf(res.rawPayload)
    expect(pages).toHaveLength(1)
    const text = pages[0]!.text
    expect(text).toContain('Chats & channels analytics')
    expect(text).toContain('Trailhead')
    // The organization's zone is UTC: the moment is said once.
    expect(text).toContain(
      'Generated 2026-11-20T12:00:00+00:00 (UTC) Period 2026-11-14 00:00 to 2026-11-21 00:00 · Times in UTC',
    )
    const count = await app.inject({
      method: 'GET',
      url: '/api/analytics/countchats/',
      query: { from: '2026-11-14', to: '2026-11-20' },
      headers: auth(org.token),
    })
    const chats = count.json<{ chat_count: number; by_status: { open: number } }>()
    expect(chats.chat_count).toBe(3)
    expect(text).toMatch(new RegExp(`Chats ${chats.chat_count}\\b`))
    expect(text).toMatch(new RegExp(`Open ${chats.by_status.open}\\b`))
    expect(text).toContain('Chats over time')
    expect(text).toContain('Chats by channel')
    expect(text).toContain('WhatsApp')
    expect(text).toContain('Page 1 of 1')
  })

  it.each(ANALYTICS_AREAS)('draws the %s page on one page, empty charts saying so', async (area) => {
    const res = await get({ area, community: String(community) })
    expect(res.statusCode, res.body).toBe(200)
    const pages = await readPdf(res.rawPayload)
    expect(pages).toHaveLength(1)
    expect(pages[0]!.text).toContain(`${ANALYTICS_AREA_PAGES[area].label} analytics`)
  })

  it('names the filters it was drawn for in words, with names rather than ids, and only those the page applied', async () => {
    const { employee } = await createEmployee(app, org.token)
    const chats = await readPdf(
      (await get({ area: 'chats', channel: 'whatsapp,website', business_hours: 'true', community: String(community) }))
        .rawPayload,
    )
    expect(chats[0]!.text).toContain('Channels: WhatsApp, Website')
    // The chats page's metrics do not read a community or business hours: the PDF does not claim them.
    expect(chats[0]!.text).not.toContain('Trail Talk')
    expect(chats[0]!.text).not.toContain('Business hours')
    const response = await readPdf(
      (await get({ area: 'response', assignee: String(employee.id), business_hours: 'true' })).rawPayload,
    )
    expect(response[0]!.text).toContain('Assignee: Eli Employee')
    // No metric counts business hours alone yet (each lists it in meta.ignored_filters): not claimed either.
    expect(response[0]!.text).not.toContain('Business hours')
    const customers = await readPdf((await get({ area: 'customers', community: String(community) })).rawPayload)
    expect(customers[0]!.text).toContain('Community: Trail Talk')
    expect(customers[0]!.text).toContain('Community members 0')
    const everyone = await readPdf((await get({ area: 'customers' })).rawPayload)
    expect(everyone[0]!.text).toMatch(/Customers who chatted \d/)
    const communityPage = await readPdf((await get({ area: 'community', community: String(community) })).rawPayload)
    expect(communityPage[0]!.text).toContain('Community: Trail Talk')
    expect(communityPage[0]!.text).not.toMatch(/community: \d/)
  })

  it('draws a chosen survey’s ratings as the Surveys page does, and says when it has nothing to rate', async () => {
    const tenantId = org.tenant.tenant_id
    const surveyId = await insertSurvey(app, tenantId, {
      questions: [
        { id: 'q1', type: 'rating', title: 'Delivery speed' },
        { id: 'q2', type: 'nps', title: 'Would you recommend us?' },
        { id: 'q3', type: 'open_text', title: 'Anything else?' },
      ],
      createdAt: new Date(NOW.getTime() - 72 * HOUR),
      publishedAt: new Date(NOW.getTime() - 71 * HOUR),
    })
    await app.db.updateTable('surveys').set({ topic: 'Winter boots' }).where('id', '=', surveyId).execute()
    for (const [q1, q2] of [
      [5, 10],
      [3, 6],
      [4, 9],
    ])
      await insertResponse(app, tenantId, surveyId, { q1, q2 }, new Date(NOW.getTime() - 24 * HOUR))
    const res = await get({ area: 'surveys', survey: String(surveyId) })
    expect(res.statusCode, res.body).toBe(200)
    const text = (await readPdf(res.rawPayload))[0]!.text
    const ratings = (
      await app.inject({
        method: 'GET',
        url: '/api/analytics/surveyratings/',
        query: { survey: String(surveyId) },
        headers: auth(org.token),
      })
    ).json<{ average_rating: number; nps: { score: number }; questions: { average: number }[] }>()
    expect(ratings.questions.map((q) => q.average)).toEqual([4, 8.33])
    expect(text).toContain('Survey: Winter boots')
    expect(text).toContain(`Average rating ${formatRating(ratings.average_rating)} over 3 responses to this survey`)
    expect(text).toContain(`NPS ${formatDecimal(ratings.nps.score, 0)} 2 promoters, 1 detractor`)
    expect(text).toContain('Average answer per question (ratings 1–5, NPS 0–10)')
    expect(text).toMatch(/Delivery speed 4\b/)
    expect(text).toContain('Would you recommend us? 8.33')
    expect(text).not.toContain('Anything else?')

    const unrated = await insertSurvey(app, tenantId, {
      questions: [{ id: 'q1', type: 'open_text', title: 'Tell us more' }],
      createdAt: new Date(NOW.getTime() - 72 * HOUR),
      publishedAt: new Date(NOW.getTime() - 71 * HOUR),
    })
    const none = (await readPdf((await get({ area: 'surveys', survey: String(unrated) })).rawPayload))[0]!.text
    expect(none).toContain('This survey has no rating or NPS questions.')
    // Every answer 0 is an average of 0, drawn as such, not a survey without responses.
    const unhappy = await insertSurvey(app, tenantId, {
      questions: [{ id: 'q1', type: 'nps', title: 'Would you recommend us?' }],
      createdAt: new Date(NOW.getTime() - 72 * HOUR),
      publishedAt: new Date(NOW.getTime() - 71 * HOUR),
    })
    await insertResponse(app, tenantId, unhappy, { q1: 0 }, new Date(NOW.getTime() - 24 * HOUR))
    const zero = (await readPdf((await get({ area: 'surveys', survey: String(unhappy) })).rawPayload))[0]!.text
    expect(zero).toContain('Would you recommend us? 0')
    expect(zero).not.toContain('No responses to this survey')
    // Without a survey, the page has no ratings card: neither has its PDF.
    const all = (await readPdf((await get({ area: 'surveys' })).rawPayload))[0]!.text
    expect(all).not.toContain('Average answer per question')
  })

  it('refuses a page that does not exist (400), another organization’s community (404) and customers (403)', async () => {
    expect((await get({ area: 'nowhere' })).statusCode).toBe(400)
    const stranger = await createTenantWithAdmin(app)
    expect((await get({ area: 'community', community: String(community) }, stranger.token)).statusCode).toBe(404)
    const { token } = await createClient(app)
    expect((await get({ area: 'chats' }, token)).statusCode).toBe(403)
  })
})

describe('axisTicks', () => {
  it('steps in 1, 2 or 5 × 10ⁿ, at most four intervals, up to the first step at or above the top', () => {
    expect(axisTicks(25, 1)).toEqual([0, 10, 20, 30])
    expect(axisTicks(1, 1)).toEqual([0, 1])
    expect(axisTicks(3, 1)).toEqual([0, 1, 2, 3])
    expect(axisTicks(0.9)).toEqual([0, 0.5, 1])
    expect(axisTicks(7200)).toEqual([0, 2000, 4000, 6000, 8000])
    expect(axisTicks(0, 1)).toEqual([0, 1])
    expect(axisTicks(0)).toEqual([0, 0.5, 1])
  })
})
