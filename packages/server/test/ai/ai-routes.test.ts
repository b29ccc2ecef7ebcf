import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../app.js'
import { createClient, createEmployee, createTenantWithAdmin } from '../factories.js'
import { createVisitor, setSettings } from '../chat/helpers.js'
import { addVoiceMessage, chatWithTalk, META_KEYS, post, usageOf } from './ai-helpers.js'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(async () => {
  await app.shutdown()
})

const ROUTES = [
  ['/api/summarize/summarize', { text: 'The customer wants a refund.' }],
  ['/api/aiapp/paraphrase', { text: 'We are looking into it.' }],
  ['/api/generation/generation', { prompt: 'Thank the customer.' }],
  ['/api/survey/generate/', { survey_topic: 'Delivery', survey_context: 'Customers who got a parcel last week.' }],
] as const

describe('AI routes: who may call them', () => {
  it('answer 401 without a token', async () => {
    for (const [url, payload] of ROUTES)
      expect([url, (await post(app, undefined, url, payload)).statusCode]).toEqual([url, 401])
  })

  it('reject bad bodies with 400 and field errors', async () => {
    const { token } = await createTenantWithAdmin(app)
    const cases = [
      ['/api/summarize/summarize', {}, 'text'],
      ['/api/summarize/summarize', { chat_id: 'x' }, 'chat_id'],
      ['/api/summarize/summarize', { text: 'Hi', max_key_points: 11 }, 'max_key_points'],
      ['/api/summarize/summarize', { text: 'Hi', language: 'not a tag' }, 'language'],
      ['/api/summarize/summarize', { text: '   ' }, 'text'],
      ['/api/aiapp/paraphrase', {}, 'text'],
      ['/api/aiapp/paraphrase', { text: 'Hi', tone: 'angry' }, 'tone'],
      ['/api/aiapp/paraphrase', { text: 'Hi', n: 6 }, 'n'],
      ['/api/generation/generation', {}, 'prompt'],
      ['/api/generation/generation', { prompt: 'Hi', temperature: 2 }, 'temperature'],
      ['/api/generation/generation', { prompt: 'Hi', max_length: 4001 }, 'max_length'],
      ['/api/survey/generate/', { survey_context: 'About delivery.' }, 'survey_topic'],
      ['/api/survey/generate/', { survey_topic: 'Delivery' }, 'survey_context'],
      [
        '/api/survey/generate/',
        { survey_topic: 'D', survey_context: 'C', question_types: ['poll'] },
        'question_types.0',
      ],
      ['/api/survey/generate/', { survey_topic: 'D', survey_context: 'C', no_of_questions: 21 }, 'no_of_questions'],
    ] as const
    for (const [url, payload, field] of cases) {
      const res = await post(app, token, url, payload)
      expect([url, field, res.statusCode, res.json().code, Object.keys(res.json().errors ?? {})]).toEqual([
        url,
        field,
        400,
        'validation.failed',
        [field],
      ])
    }
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/aiapp/paraphrase',
      headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
      payload: '{"text":',
    })
    expect([malformed.statusCode, malformed.json().code]).toEqual([400, 'request.malformed_json'])
  })

  it('answer 404 for a chat of another organization or one that does not exist', async () => {
    const w = await chatWithTalk(app)
    const stranger = await createTenantWithAdmin(app)
    for (const url of ['/api/summarize/summarize', '/api/generation/generation']) {
      for (const chatId of [w.chatId, 999_999_999]) {
        const res = await post(app, stranger.token, url, { chat_id: chatId, prompt: 'Draft a reply.' })
        expect([url, res.statusCode, res.json().code]).toEqual([url, 404, 'not_found'])
      }
    }
  })

  it('answer 403 to customers and visitors', async () => {
    const org = await createTenantWithAdmin(app)
    const customer = await createClient(app)
    const visitor = await createVisitor(app, org.token)
    for (const [url, payload] of ROUTES) {
      expect((await post(app, customer.token, url, payload)).statusCode).toBe(403)
      expect((await post(app, visitor.token, url, payload)).statusCode).toBe(403)
    }
  })

  it('keep an employee limited to assigned chats out of a colleague’s chat', async () => {
    const w = await chatWithTalk(app)
    const employee = await createEmployee(app, w.adminToken)
    await app.db.updateTable('chats').set({ assignee_id: w.adminId }).where('id', '=', w.chatId).execute()
    expect((await post(app, employee.token, '/api/summarize/summarize', { chat_id: w.chatId })).statusCode).toBe(200)
    await setSettings(app, w.tenantId, { chat_visibility: 'assigned' })
    const res = await post(app, employee.token, '/api/summarize/summarize', { chat_id: w.chatId })
    expect([res.statusCode, res.json().code]).toEqual([404, 'not_found'])
    expect((await post(app, w.adminToken, '/api/summarize/summarize', { chat_id: w.chatId })).statusCode).toBe(200)
  })
})

describe('AI routes with the local engine', () => {
  it('summarise a chat: shape, provider local-v1, message count and chat id', async () => {
    const w = await chatWithTalk(app)
    await addVoiceMessage(app, w, w.chatId, null)
    await addVoiceMessage(app, w, w.chatId, 'Please hurry, I need the money back.')
    const res = await post(app, w.adminToken, '/api/summarize/summarize', { chat_id: w.chatId, max_key_points: 2 })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(Object.keys(body)).toEqual(expect.arrayContaining([...META_KEYS, 'summary', 'intent', 'open_questions']))
    expect(body).toMatchObject({ provider: 'local', model: 'local-v1', fallback: false, chat_id: w.chatId })
    expect(body.message_count).toBe(5)
    expect(body.summary.length).toBeLessThanOrEqual(1000)
    expect(body.key_points.length).toBeLessThanOrEqual(2)
    expect(['positive', 'neutral', 'negative', 'mixed']).toContain(body.sentiment)
    expect(body.sentiment_score).toBeGreaterThanOrEqual(-1)
    expect(body.sentiment_score).toBeLessThanOrEqual(1)
    expect(body.usage.input_chars).toBeGreaterThan(100)
    expect(body.usage.output_chars).toBeGreaterThan(0)
    expect(Date.parse(body.generated_at)).not.toBeNaN()
  })

  it('summarise a text, under its legacy name too, at the root alias', async () => {
    const { token } = await createTenantWithAdmin(app)
    const text = 'My parcel arrived broken. The box was crushed and the glass is cracked. I want a replacement.'
    for (const [url, payload] of [
      ['/api/summarize/summarize', { text }],
      ['/summarize/summarize', { summarize_context: text }],
    ] as const) {
      const res = await post(app, token, url, payload)
      expect([url, res.statusCode]).toEqual([url, 200])
      expect(res.json()).toMatchObject({ chat_id: null, message_count: 0, provider: 'local', model: 'local-v1' })
      expect(res.json().usage.input_chars).toBe(text.length)
    }
  })

  it('answer 422 for a chat with nothing to summarise', async () => {
    const w = await chatWithTalk(app)
    await app.db.updateTable('chat_messages').set({ deleted_at: new Date() }).where('chat_id', '=', w.chatId).execute()
    const res = await post(app, w.adminToken, '/api/summarize/summarize', { chat_id: w.chatId })
    expect([res.statusCode, res.json().code]).toEqual([422, 'ai.nothing_to_summarize'])
  })

  it('paraphrase at every path, under the legacy name too: distinct variants, none equal to the text', async () => {
    const { token } = await createTenantWithAdmin(app)
    const text = 'We are sorry for the delay. Your order will arrive tomorrow.'
    for (const [url, payload] of [
      ['/api/aiapp/paraphrase', { text, n: 3, tone: 'Friendly' }],
      ['/aiapp/paraphrase', { paraphrase_context: text, n: 2 }],
      ['/api/paraphrase/paraphrase', { text }],
    ] as const) {
      const res = await post(app, token, url, payload)
      expect([url, res.statusCode]).toEqual([url, 200])
      const body = res.json()
      expect(body).toMatchObject({ provider: 'local', model: 'local-v1', fallback: false })
      expect(body.tone).toBe('tone' in payload ? 'friendly' : 'neutral')
      expect(body.variants.length).toBeGreaterThanOrEqual(1)
      expect(body.variants.length).toBeLessThanOrEqual('n' in payload ? payload.n : 3)
      expect(new Set(body.variants).size).toBe(body.variants.length)
      expect(body.variants).not.toContain(text)
      expect(body.paraphrase).toBe(body.variants[0])
    }
  })

  it('generate text at both paths, with a chat as context', async () => {
    const w = await chatWithTalk(app)
    for (const url of ['/api/generation/generation', '/generation/generation']) {
      const res = await post(app, w.adminToken, url, { prompt: 'Draft a reply.', chat_id: w.chatId, max_length: 300 })
      expect([url, res.statusCode]).toEqual([url, 200])
      const body = res.json()
      expect(body).toMatchObject({ provider: 'local', model: 'local-v1', fallback: false })
      expect(['stop', 'length']).toContain(body.finish_reason)
      expect(body.generated_text.length).toBeGreaterThan(0)
      expect(body.generated_text.length).toBeLessThanOrEqual(300)
      expect(body.usage.input_chars).toBeGreaterThan('Draft a reply.'.length)
    }
  })

  it('treat a generation body with full_context and no prompt as survey generation', async () => {
    const { token, tenant } = await createTenantWithAdmin(app)
    const full = 'Customers who ordered furniture in the last month: delivery speed, assembly and support.'
    const res = await post(app, token, '/generation/generation', { full_context: full, no_of_questions: 3 })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.questions.map((q: { id: string }) => q.id)).toEqual(['q1', 'q2', 'q3'])
    expect(body.survey_topic).toBe(full.slice(0, 80).trim())
    expect(body).toMatchObject({ provider: 'local', model: 'local-v1' })
    const row = await app.db
      .selectFrom('ai_generations')
      .selectAll()
      .where('id', '=', body.generation_id)
      .executeTakeFirstOrThrow()
    expect(row.tenant_id).toBe(tenant.tenant_id)
  })

  it('generate survey questions valid against §6.1 and store the generation', async () => {
    const { token, tenant, admin } = await createTenantWithAdmin(app)
    const res = await post(app, token, '/api/survey/generate/', {
      survey_topic: 'Delivery experience',
      survey_context: 'Customers who received a parcel last week.',
      no_of_questions: 4,
      question_types: ['rating', 'single_choice'],
    })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ survey_topic: 'Delivery experience', provider: 'local', model: 'local-v1' })
    expect(body.questions).toHaveLength(4)
    expect(body.questions.map((q: { id: string }) => q.id)).toEqual(['q1', 'q2', 'q3', 'q4'])
    for (const q of body.questions) expect(['rating', 'single_choice']).toContain(q.type)
    const row = await app.db
      .selectFrom('ai_generations')
      .selectAll()
      .where('id', '=', body.generation_id)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      tenant_id: tenant.tenant_id,
      user_id: admin.id,
      kind: 'survey_questions',
      topic: 'Delivery experience',
      provider: 'local',
      model: 'local-v1',
      fallback: false,
    })
    expect(row.questions).toEqual(body.questions)
  })

  it('count each answer in the subscription’s usage', async () => {
    const { token } = await createTenantWithAdmin(app)
    expect(await usageOf(app, token)).toBe(0)
    await post(app, token, '/api/aiapp/paraphrase', { text: 'We will call you back today.' })
    await post(app, token, '/api/summarize/summarize', { text: 'The customer is happy with the service.' })
    await post(app, token, '/api/aiapp/paraphrase', {})
    expect(await usageOf(app, token)).toBe(2)
  })

  it('serve the root aliases for POST only: a GET falls through to the dashboard', async () => {
    for (const url of ['/summarize/summarize', '/aiapp/paraphrase', '/generation/generation']) {
      const res = await app.inject({ method: 'GET', url })
      expect([url, res.statusCode, res.headers['content-type']]).toEqual([url, 200, 'text/html; charset=utf-8'])
    }
  })

  it('answer another method on the /api paths with 405 and list every path in the API documentation', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/summarize/summarize' })
    expect([res.statusCode, res.headers.allow]).toEqual([405, 'POST'])
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json()
    for (const url of ['/api/summarize/summarize', '/api/aiapp/paraphrase', '/api/generation/generation'])
      expect(doc.paths[url].post.tags).toEqual(['ai'])
    expect(doc.paths['/api/survey/generate/'].post.tags).toContain('surveys')
    expect(doc.paths['/api/paraphrase/paraphrase'].post['x-alias-of']).toBe('/api/aiapp/paraphrase')
    expect(doc.paths['/summarize/summarize'].post['x-alias-of']).toBe('/api/summarize/summarize')
  })
})
