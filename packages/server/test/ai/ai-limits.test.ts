import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import { auth, createEmployee, createTenantWithAdmin } from '../factories.js'
import { DEFAULT_LIMITS } from '../../src/http/rate-limit.js'
import { monthKey, nextMonthStart, secondsUntilNextMonth } from '../../src/features/ai/quota.js'
import { chatWithTalk, post, setUsage, usageOf } from './ai-helpers.js'

// 12:00 UTC on 30 March 2031: already 31 March (01:00, UTC+13) in Auckland.
const clock = testClock(new Date('2031-03-30T12:00:00.000Z'))
let app: TestApp
beforeAll(async () => {
  app = await buildTestApp({ clock })
})
afterAll(async () => {
  await app.shutdown()
})

const paraphrase = (token: string) => post(app, token, '/api/aiapp/paraphrase', { text: 'We will call you back.' })

describe('the monthly AI allowance', () => {
  it('answers 429 ai.quota_exceeded with Retry-After until the month ends in the tenant’s time zone', async () => {
    const org = await createTenantWithAdmin(app, { plan: 'basic' })
    await setUsage(app, org.tenant.tenant_id, '2031-03', 300)
    const res = await paraphrase(org.token)
    expect([res.statusCode, res.json()]).toEqual([
      429,
      { message: "Your plan's AI allowance for this month is used up.", code: 'ai.quota_exceeded' },
    ])
    // 1 April 00:00 UTC is 36 hours away.
    expect(res.headers['retry-after']).toBe(String(36 * 3600))

    await app.db
      .updateTable('tenants')
      .set({ timezone: 'Pacific/Auckland' })
      .where('id', '=', org.tenant.tenant_id)
      .execute()
    // In Auckland it is March still, 23 hours before April: the same month's row counts.
    const there = await paraphrase(org.token)
    expect([there.statusCode, there.headers['retry-after']]).toEqual([429, String(23 * 3600)])
    for (const [url, payload] of [
      ['/api/summarize/summarize', { text: 'A text.' }],
      ['/api/generation/generation', { prompt: 'Say hello.' }],
      ['/api/survey/generate/', { survey_topic: 'Support', survey_context: 'Recent customers.' }],
    ] as const) {
      expect((await post(app, org.token, url, payload)).json().code).toBe('ai.quota_exceeded')
    }
    // Search is not counted against the allowance.
    expect((await post(app, org.token, '/api/search', { query: 'refund' })).statusCode).toBe(200)
  })

  it('lets the last request of the allowance through, counts it, and refuses the next', async () => {
    const org = await createTenantWithAdmin(app, { plan: 'basic' })
    await setUsage(app, org.tenant.tenant_id, '2031-02', 300)
    await setUsage(app, org.tenant.tenant_id, '2031-03', 299)
    expect(await usageOf(app, org.token)).toBe(299)
    expect((await paraphrase(org.token)).statusCode).toBe(200)
    expect(await usageOf(app, org.token)).toBe(300)
    expect((await paraphrase(org.token)).statusCode).toBe(429)
    expect(await usageOf(app, org.token)).toBe(300)
  })

  it('follows the plan: a larger plan has a larger allowance', async () => {
    const org = await createTenantWithAdmin(app, { plan: 'professional' })
    await setUsage(app, org.tenant.tenant_id, '2031-03', 300)
    expect((await paraphrase(org.token)).statusCode).toBe(200)
    await setUsage(app, org.tenant.tenant_id, '2031-03', 3000)
    expect((await paraphrase(org.token)).statusCode).toBe(429)
  })

  it('does not count refused requests', async () => {
    const org = await createTenantWithAdmin(app)
    await post(app, org.token, '/api/aiapp/paraphrase', { text: 'x'.repeat(2001) })
    await post(app, org.token, '/api/summarize/summarize', { chat_id: 999_999_999 })
    await post(app, org.token, '/api/aiapp/paraphrase', { n: 9 })
    expect(await usageOf(app, org.token)).toBe(0)
  })
})

describe('texts over the limit', () => {
  it('answer 422 ai.input_too_long naming the limit', async () => {
    const { token } = await createTenantWithAdmin(app)
    const cases = [
      ['/api/summarize/summarize', { text: 'a'.repeat(20_001) }, 'text', '20,000'],
      ['/summarize/summarize', { summarize_context: 'a'.repeat(20_001) }, 'summarize_context', '20,000'],
      ['/api/aiapp/paraphrase', { text: 'a'.repeat(2001) }, 'text', '2,000'],
      ['/api/generation/generation', { prompt: 'a'.repeat(8001) }, 'prompt', '8,000'],
      ['/api/generation/generation', { prompt: 'Hi', context: 'a'.repeat(20_001) }, 'context', '20,000'],
      ['/api/survey/generate/', { survey_topic: 'T', survey_context: 'a'.repeat(4001) }, 'survey_context', '4,000'],
      ['/api/generation/generation', { full_context: 'a'.repeat(4001) }, 'full_context', '4,000'],
    ] as const
    for (const [url, payload, field, limit] of cases) {
      const res = await post(app, token, url, payload)
      const message = `The text is too long to process. Shorten it to ${limit} characters.`
      expect([url, res.statusCode, res.json()]).toEqual([
        url,
        422,
        { message, code: 'ai.input_too_long', errors: { [field]: [message] } },
      ])
    }
    // At the limit (surrounding spaces trimmed) the text is taken.
    const ok = await post(app, token, '/api/aiapp/paraphrase', { text: `  ${'word '.repeat(400).trim()}  ` })
    expect(ok.statusCode).toBe(200)
  })

  it('keep a long chat’s newest messages: at most 200 and 20,000 characters', async () => {
    const w = await chatWithTalk(app)
    const row = (i: number, text: string) => ({
      tenant_id: w.tenantId,
      chat_id: w.chatId,
      message_sender: 'client' as const,
      sender_kind: 'client' as const,
      sender_user_id: w.clientId,
      text_content: `${i}: ${text}`,
      sent_at: clock.now(),
    })
    await app.db
      .insertInto('chat_messages')
      .values(Array.from({ length: 210 }, (_, i) => row(i, 'Is there any news?')))
      .execute()
    const many = await post(app, w.adminToken, '/api/summarize/summarize', { chat_id: w.chatId })
    expect([many.statusCode, many.json().message_count]).toEqual([200, 200])

    await app.db
      .insertInto('chat_messages')
      .values(Array.from({ length: 8 }, (_, i) => row(i, 'long story '.repeat(300))))
      .execute()
    const long = await post(app, w.adminToken, '/api/summarize/summarize', { chat_id: w.chatId })
    // Each line is "Cora Client: n: …" of about 3,315 characters: six fit in 20,000.
    expect([long.statusCode, long.json().message_count]).toEqual([200, 6])
    expect(long.json().usage.input_chars).toBeLessThanOrEqual(20_000)
    expect(long.json().usage.input_chars).toBeGreaterThan(19_000)
  })
})

describe('the AI rate bucket', () => {
  it('counts every AI route and alias of an organization together and answers 429 rate_limited past it', async () => {
    const limited = await buildTestApp({ clock, limits: { ...DEFAULT_LIMITS, ai: { max: 2, window: 60_000 } } })
    try {
      const org = await createTenantWithAdmin(limited)
      const colleague = await createEmployee(limited, org.token)
      const other = await createTenantWithAdmin(limited)
      const call = (token: string, url = '/api/aiapp/paraphrase') =>
        limited.inject({
          method: 'POST',
          url,
          headers: auth(token),
          payload: { text: 'We will call you back.', query: 'refund' },
        })
      const first = await call(org.token)
      expect([first.statusCode, first.headers['ratelimit-limit']]).toEqual([200, '2'])
      expect(first.headers['ratelimit-remaining']).toBe('1')
      expect((await call(colleague.token, '/aiapp/paraphrase')).statusCode).toBe(200)
      const third = await call(org.token, '/api/summarize/summarize')
      expect([third.statusCode, third.json().code]).toEqual([429, 'rate_limited'])
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0)
      // Search is in the same bucket.
      expect((await call(org.token, '/api/search')).statusCode).toBe(429)
      expect((await call(other.token)).statusCode).toBe(200)
    } finally {
      await limited.shutdown()
    }
  })
})

describe('months in a time zone', () => {
  it('name the month and find when the next one begins, across daylight-saving changes', () => {
    const at = new Date('2031-10-15T12:00:00Z')
    expect(monthKey(at, 'UTC')).toBe('2031-10')
    expect(nextMonthStart(at, 'UTC').toISOString()).toBe('2031-11-01T00:00:00.000Z')
    // New York is on daylight time on 1 November 2031 (it ends on the 2nd): UTC−4.
    expect(nextMonthStart(at, 'America/New_York').toISOString()).toBe('2031-11-01T04:00:00.000Z')
    // London moves to summer time on 30 March 2031: April begins at 23:00 UTC.
    expect(nextMonthStart(new Date('2031-03-15T00:00:00Z'), 'Europe/London').toISOString()).toBe(
      '2031-03-31T23:00:00.000Z',
    )
    expect(monthKey(new Date('2031-12-31T23:30:00Z'), 'Asia/Tokyo')).toBe('2032-01')
    expect(secondsUntilNextMonth(new Date('2031-12-31T23:30:00Z'), 'UTC')).toBe(1800)
    expect(nextMonthStart(new Date('2031-12-31T23:30:00Z'), 'Asia/Kolkata').toISOString()).toBe(
      '2032-01-31T18:30:00.000Z',
    )
    expect(monthKey(at, 'Not/AZone')).toBe('2031-10')
  })
})
