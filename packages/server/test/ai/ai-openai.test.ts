import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../app.js'
import { createTenantWithAdmin } from '../factories.js'
import { createVisitor, send, startChat } from '../chat/helpers.js'
import { addVoiceMessage, chatWithTalk, post, usageOf } from './ai-helpers.js'
import { startFakeOpenAi, type FakeOpenAi, type FakeRequest } from './fake-openai.js'

let fake: FakeOpenAi
let app: TestApp
beforeAll(async () => {
  fake = await startFakeOpenAi()
  app = await buildTestApp({
    env: { AI_PROVIDER: 'openai', AI_BASE_URL: fake.baseUrl, AI_API_KEY: 'sk-test-key', AI_MODEL: 'test-model' },
  })
})
afterAll(async () => {
  await app.shutdown()
  await fake.close()
})
beforeEach(() => {
  fake.reset()
})

const system = (r: FakeRequest) => r.body.messages.find((m) => m.role === 'system')?.content ?? ''
const user = (r: FakeRequest) => r.body.messages.find((m) => m.role === 'user')?.content ?? ''
const only = () => {
  expect(fake.requests).toHaveLength(1)
  return fake.requests[0] as FakeRequest
}

describe('the openai provider', () => {
  it('summarises a chat: the model gets the transcript, the key and JSON mode; the reply names it', async () => {
    const w = await chatWithTalk(app)
    await addVoiceMessage(app, w, w.chatId, null)
    await addVoiceMessage(app, w, w.chatId, 'Please hurry.')
    await app.db.updateTable('tenant_settings').set({ locale: 'de' }).where('tenant_id', '=', w.tenantId).execute()
    const res = await post(app, w.adminToken, '/api/summarize/summarize', { chat_id: w.chatId, max_key_points: 2 })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      summary: 'The customer was charged twice and wants a refund.',
      intent: 'Get a refund for a double charge.',
      key_points: ['Charged twice', 'Refund requested'],
      open_questions: ['When will the refund arrive?'],
      sentiment: 'negative',
      sentiment_score: -0.6,
      language: 'en',
      chat_id: w.chatId,
      message_count: 5,
      provider: 'openai',
      model: 'test-model',
      fallback: false,
    })
    const req = only()
    expect(req.path).toBe('/v1/chat/completions')
    expect(req.headers.authorization).toBe('Bearer sk-test-key')
    expect(req.body.model).toBe('test-model')
    expect(req.body.response_format).toEqual({ type: 'json_object' })
    expect(user(req).split('\n')).toEqual([
      'Cora Client: Hello, I was charged twice for order 1042.',
      'Ada Admin: Sorry about that, I am checking the payment now.',
      'Cora Client: When will the refund arrive?',
      'Cora Client: [voice message]',
      'Cora Client: Please hurry.',
    ])
    expect(res.json().usage.input_chars).toBe(user(req).length)
    expect(system(req)).toContain('at most 2 short strings')
    expect(system(req)).toContain('"de"')
    expect(await usageOf(app, w.adminToken)).toBe(1)
  })

  it('names a widget visitor in the transcript by the name they gave', async () => {
    const org = await createTenantWithAdmin(app)
    const visitor = await createVisitor(app, org.token, 'Vera Visitor')
    const chat = await startChat(app, visitor.token, {})
    await send(app, visitor.token, chat.chat_id, 'Is the shop open on Sunday?')
    await send(app, org.token, chat.chat_id, 'Yes, from ten to four.')
    const res = await post(app, org.token, '/api/summarize/summarize', { chat_id: chat.chat_id })
    expect(res.statusCode).toBe(200)
    expect(user(only()).split('\n')).toEqual([
      'Vera Visitor: Is the shop open on Sunday?',
      `${org.admin.first_name} ${org.admin.last_name}: Yes, from ten to four.`,
    ])
  })

  it('paraphrases: drops a variant equal to the text and keeps at most n', async () => {
    const { token } = await createTenantWithAdmin(app)
    const text = 'Thanks for waiting.'
    const res = await post(app, token, '/api/paraphrase/paraphrase', { paraphrase_context: text, n: 2, tone: 'formal' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      variants: ['We are looking into it now.', 'We are checking this right away.'],
      paraphrase: 'We are looking into it now.',
      tone: 'formal',
      provider: 'openai',
    })
    const req = only()
    expect(user(req)).toBe(text)
    expect(system(req)).toContain('formal and polite')
  })

  it('generates plain text with a chat as context, reporting a cut as finish_reason length', async () => {
    const w = await chatWithTalk(app)
    const res = await post(app, w.adminToken, '/api/generation/generation', {
      prompt: 'Draft a reply.',
      context: 'Refunds take 3 days.',
      chat_id: w.chatId,
      max_length: 40,
      temperature: 0.3,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      generated_text: 'Thank you for your patience: your…',
      finish_reason: 'length',
      provider: 'openai',
      model: 'test-model',
    })
    const req = only()
    expect(req.body.response_format).toBeUndefined()
    expect(req.body.temperature).toBe(0.3)
    expect(req.body.max_tokens).toBeGreaterThan(0)
    expect(user(req)).toBe('Draft a reply.')
    expect(system(req)).toContain('Refunds take 3 days.')
    expect(system(req)).toContain('Cora Client: When will the refund arrive?')

    fake.queue({ content: 'Short.', finish_reason: 'length' })
    const cut = await post(app, w.adminToken, '/generation/generation', { prompt: 'Say it.' })
    expect(cut.json()).toMatchObject({ generated_text: 'Short.', finish_reason: 'length' })
  })

  it('generates survey questions: shaped to §6.1 with ids, stored with the provider', async () => {
    const { token } = await createTenantWithAdmin(app)
    const res = await post(app, token, '/api/survey/generate/', {
      survey_topic: 'Checkout',
      survey_context: 'Shoppers who abandoned a cart.',
      no_of_questions: 2,
      question_types: ['rating', 'single_choice'],
      language: 'fr',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().questions).toEqual([
      { id: 'q1', type: 'rating', title: 'How satisfied are you with part 1?', required: true },
      {
        id: 'q2',
        type: 'single_choice',
        title: 'Which option fits best (2)?',
        required: true,
        options: [
          { id: 'o1', label: 'Yes' },
          { id: 'o2', label: 'No' },
          { id: 'o3', label: 'Maybe' },
        ],
      },
    ])
    const req = only()
    expect(system(req)).toContain('exactly 2 survey questions')
    expect(system(req)).toContain('one of: rating, single_choice')
    expect(system(req)).toContain('"fr"')
    expect(user(req)).toContain('Shoppers who abandoned a cart.')
    const row = await app.db
      .selectFrom('ai_generations')
      .selectAll()
      .where('id', '=', res.json().generation_id)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ provider: 'openai', model: 'test-model', fallback: false, topic: 'Checkout' })
  })

  it('reads JSON inside a code fence or with prose around it without a repair', async () => {
    const { token } = await createTenantWithAdmin(app)
    fake.queue({ content: 'Here you are:\n```json\n{"variants": ["Fenced one."]}\n```' })
    const fenced = await post(app, token, '/api/aiapp/paraphrase', { text: 'Hi there.' })
    expect([fenced.statusCode, fenced.json().variants]).toEqual([200, ['Fenced one.']])
    fake.queue({ content: 'Sure! {"variants": ["Prose one."]} Hope it helps.' })
    const prose = await post(app, token, '/api/aiapp/paraphrase', { text: 'Hi there.' })
    expect([prose.statusCode, prose.json().variants]).toEqual([200, ['Prose one.']])
    expect(fake.requests).toHaveLength(2)
  })

  it('sends no Authorization header when no key is configured', async () => {
    const keyless = await buildTestApp({ env: { AI_PROVIDER: 'openai', AI_BASE_URL: `${fake.baseUrl}/` } })
    try {
      const { token } = await createTenantWithAdmin(keyless)
      const res = await post(keyless, token, '/api/aiapp/paraphrase', { text: 'Hello.' })
      expect([res.statusCode, res.json().model]).toEqual([200, 'gpt-4o-mini'])
      expect(only().headers.authorization).toBeUndefined()
    } finally {
      await keyless.shutdown()
    }
  })

  it('asks again without JSON mode when the server refuses response_format', async () => {
    // JSON mode stays off for the provider afterwards: a separate app.
    const plain = await buildTestApp({ env: { AI_PROVIDER: 'openai', AI_BASE_URL: fake.baseUrl } })
    try {
      const { token } = await createTenantWithAdmin(plain)
      fake.queue({ status: 400, message: "Unsupported parameter: 'response_format'" })
      const res = await post(plain, token, '/api/summarize/summarize', { text: 'The customer is angry.' })
      expect(res.statusCode).toBe(200)
      await post(plain, token, '/api/summarize/summarize', { text: 'The customer is angry.' })
      expect(fake.requests.map((r) => r.body.response_format?.type ?? null)).toEqual(['json_object', null, null])
    } finally {
      await plain.shutdown()
    }
  })
})
