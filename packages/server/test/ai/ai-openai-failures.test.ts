import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../app.js'
import { createTenantWithAdmin } from '../factories.js'
import { chatWithTalk, post, usageOf } from './ai-helpers.js'
import { startFakeOpenAi, type FakeOpenAi } from './fake-openai.js'

let fake: FakeOpenAi
let app: TestApp
let fallbackApp: TestApp
let hastyApp: TestApp
const env = () => ({ AI_PROVIDER: 'openai', AI_BASE_URL: fake.baseUrl, AI_API_KEY: 'sk-test', AI_MODEL: 'm1' })
beforeAll(async () => {
  fake = await startFakeOpenAi()
  app = await buildTestApp({ env: env() })
  fallbackApp = await buildTestApp({ env: { ...env(), AI_FALLBACK_LOCAL: 'true', AI_TIMEOUT_SECONDS: '0.5' } })
  hastyApp = await buildTestApp({ env: { ...env(), AI_TIMEOUT_SECONDS: '0.5' } })
})
afterAll(async () => {
  await Promise.all([app.shutdown(), fallbackApp.shutdown(), hastyApp.shutdown()])
  await fake.close()
})
beforeEach(() => {
  fake.reset()
})

const NOT_JSON = { content: 'I am sorry, I cannot help with that.' }
const summarize = (a: TestApp, token: string) =>
  post(a, token, '/api/summarize/summarize', { text: 'The customer wants a refund for order 1042.' })

describe('repairing invalid output', () => {
  it('sends the problems back once and uses the corrected answer', async () => {
    const { token } = await createTenantWithAdmin(app)
    fake.queue({ content: JSON.stringify({ summary: 'Refund wanted.', sentiment: 'furious', sentiment_score: 4 }) })
    const res = await summarize(app, token)
    expect([res.statusCode, res.json().provider]).toEqual([200, 'openai'])
    expect(fake.requests).toHaveLength(2)
    const repair = fake.requests[1]?.body.messages ?? []
    expect(repair.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user'])
    expect(repair[2]?.content).toContain('furious')
    expect(repair[3]?.content).toContain('intent')
    expect(repair[3]?.content).toContain('sentiment')
    expect(repair[3]?.content).toContain('Answer again with only the corrected JSON object.')
  })

  it('repairs an answer that is not JSON, and survey questions that break §6.1', async () => {
    const { token } = await createTenantWithAdmin(app)
    fake.queue(NOT_JSON)
    expect((await summarize(app, token)).statusCode).toBe(200)
    fake.reset()
    fake.queue({
      content: JSON.stringify({ questions: [{ type: 'single_choice', title: 'Pick one', options: ['Only one'] }] }),
    })
    const survey = await post(app, token, '/api/survey/generate/', {
      survey_topic: 'Support',
      survey_context: 'Recent customers.',
      no_of_questions: 1,
    })
    expect([survey.statusCode, survey.json().questions?.length]).toEqual([200, 1])
    expect(fake.requests[1]?.body.messages[3]?.content).toContain('A choice question needs 2 to 20 options.')
  })

  it('answers 502 ai.provider_error when the repaired answer is still invalid, and does not count it', async () => {
    const { token } = await createTenantWithAdmin(app)
    fake.respond(() => NOT_JSON)
    const res = await summarize(app, token)
    expect([res.statusCode, res.json()]).toEqual([
      502,
      { message: 'The AI service failed to answer. Try again.', code: 'ai.provider_error' },
    ])
    expect(fake.requests).toHaveLength(2)
    fake.respond(() => ({ content: JSON.stringify({ variants: ['Same text.'] }) }))
    expect((await post(app, token, '/api/aiapp/paraphrase', { text: 'Same text.' })).statusCode).toBe(502)
    expect(await usageOf(app, token)).toBe(0)
  })
})

describe('a failing or slow server', () => {
  it('is retried on 500 errors, then answers 502', async () => {
    const { token } = await createTenantWithAdmin(app)
    fake.respond(() => ({ status: 500 }))
    const res = await post(app, token, '/api/generation/generation', { prompt: 'Say hello.' })
    expect([res.statusCode, res.json().code]).toEqual([502, 'ai.provider_error'])
    // The request and the client's two retries.
    expect(fake.requests).toHaveLength(3)
  })

  it('recovers when a retry succeeds', async () => {
    const { token } = await createTenantWithAdmin(app)
    fake.queue({ status: 503 }, { status: 429 })
    const res = await post(app, token, '/api/generation/generation', { prompt: 'Say hello.' })
    expect([res.statusCode, res.json().provider]).toEqual([200, 'openai'])
    expect(fake.requests).toHaveLength(3)
  })

  it('does not retry a refused key: 502 at once', async () => {
    const { token } = await createTenantWithAdmin(app)
    fake.respond(() => ({ status: 401, message: 'Invalid API key' }))
    expect((await summarize(app, token)).statusCode).toBe(502)
    expect(fake.requests).toHaveLength(1)
  })

  it('answers 504 ai.timeout at the time limit, without waiting for the server', async () => {
    const { token } = await createTenantWithAdmin(hastyApp)
    fake.respond(() => ({ delayMs: 5000, then: { content: 'late' } }))
    const started = Date.now()
    const res = await post(hastyApp, token, '/api/generation/generation', { prompt: 'Say hello.' })
    expect([res.statusCode, res.json()]).toEqual([
      504,
      { message: 'The AI service took too long to answer. Try again.', code: 'ai.timeout' },
    ])
    expect(Date.now() - started).toBeLessThan(2500)
    expect(await usageOf(hastyApp, token)).toBe(0)
  })

  it('answers 502 when the server cannot be reached', async () => {
    const gone = await buildTestApp({
      env: { AI_PROVIDER: 'openai', AI_BASE_URL: 'http://127.0.0.1:9/v1', AI_MAX_RETRIES: '0' },
    })
    try {
      const { token } = await createTenantWithAdmin(gone)
      expect((await summarize(gone, token)).json().code).toBe('ai.provider_error')
    } finally {
      await gone.shutdown()
    }
  })
})

describe('falling back to the local engine (AI_FALLBACK_LOCAL=true)', () => {
  it('answers with local and fallback: true when the server fails, and counts the answer', async () => {
    const w = await chatWithTalk(fallbackApp)
    fake.respond(() => ({ status: 500 }))
    const res = await post(fallbackApp, w.adminToken, '/api/summarize/summarize', { chat_id: w.chatId })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ provider: 'local', model: 'local-v1', fallback: true, message_count: 3 })
    expect(await usageOf(fallbackApp, w.adminToken)).toBe(1)
  })

  it('answers with local when the server is too slow or its output stays invalid', async () => {
    const { token } = await createTenantWithAdmin(fallbackApp)
    fake.respond(() => ({ delayMs: 5000, then: { content: 'late' } }))
    const slow = await post(fallbackApp, token, '/api/aiapp/paraphrase', { text: 'We will call you back today.' })
    expect(slow.json()).toMatchObject({ provider: 'local', fallback: true })
    fake.respond(() => NOT_JSON)
    const survey = await post(fallbackApp, token, '/api/survey/generate/', {
      survey_topic: 'Support',
      survey_context: 'Recent customers.',
    })
    expect(survey.json()).toMatchObject({ provider: 'local', fallback: true })
    const row = await fallbackApp.db
      .selectFrom('ai_generations')
      .select(['provider', 'fallback'])
      .where('id', '=', survey.json().generation_id)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ provider: 'local', fallback: true })
  })
})

describe('choosing the provider', () => {
  it('answers 503 ai.unavailable when AI_PROVIDER is openai without AI_BASE_URL, counting nothing', async () => {
    const unset = await buildTestApp({ env: { AI_PROVIDER: 'openai' } })
    try {
      const { token } = await createTenantWithAdmin(unset)
      const res = await summarize(unset, token)
      expect([res.statusCode, res.json()]).toEqual([
        503,
        { message: 'AI features are not available right now.', code: 'ai.unavailable' },
      ])
      expect(await usageOf(unset, token)).toBe(0)
    } finally {
      await unset.shutdown()
    }
  })

  it('uses the local engine for a tenant that turned external processing off', async () => {
    const { token, tenant } = await createTenantWithAdmin(app)
    await app.db
      .updateTable('tenant_settings')
      .set({ ai_external_processing: false })
      .where('tenant_id', '=', tenant.tenant_id)
      .execute()
    const res = await summarize(app, token)
    expect(res.json()).toMatchObject({ provider: 'local', model: 'local-v1', fallback: false })
    expect(fake.requests).toHaveLength(0)

    const unset = await buildTestApp({ env: { AI_PROVIDER: 'openai' } })
    try {
      expect((await summarize(unset, token)).json()).toMatchObject({ provider: 'local', fallback: false })
    } finally {
      await unset.shutdown()
    }
  })
})
