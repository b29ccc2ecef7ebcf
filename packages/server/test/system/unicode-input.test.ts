import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../app.js'
import { auth } from '../factories.js'
import { chatWorld, startChat } from '../chat/helpers.js'

let app: TestApp
let adminToken: string
let chatId: number
beforeAll(async () => {
  app = await buildTestApp()
  const w = await chatWorld(app)
  adminToken = w.adminToken
  chatId = (await startChat(app, w.clientToken, { tenant_id: w.tenantId })).chat_id
})
afterAll(async () => {
  await app.shutdown()
})

const INVALID_TEXT = 'Text must be valid Unicode: it holds an unpaired surrogate (\\uD800–\\uDFFF).'

/** Raw JSON bodies, so that the `\uXXXX` escapes reach the server exactly as a hostile client writes them. */
const post = (url: string, raw: string) =>
  app.inject({
    method: 'POST',
    url,
    headers: { ...auth(adminToken), 'content-type': 'application/json' },
    payload: raw,
  })

describe('unpaired UTF-16 surrogates', () => {
  it('are refused with 400 and the field path, in values, keys and array items, on every route', async () => {
    const cases: [string, string, string][] = [
      ['/api/tenantmanagement/metadata/', '{"key":"plain","value":"\\ud800"}', 'value'],
      ['/api/tenantmanagement/metadata/', '{"key":"as_key","value":{"\\ud800":1}}', 'value'],
      ['/api/tenantmanagement/metadata/', '{"key":"in_array","value":["ok",{"a":"x\\udfff"}]}', 'value.1.a'],
      ['/api/tenantmanagement/metadata/', '{"key":"deep_key","value":{"a":{"\\udc00b":"v"}}}', 'value.a'],
      ['/api/tenantmanagement/metadata/', '{"\\ud800":"k"}', 'non_field_errors'],
      ['/api/chat/topics/', '{"name":"Refunds","keywords":["ok","refund\\ud800"]}', 'keywords.1'],
      [`/api/chat/chat/${0}/escalate/`, '{"reason":"Angry \\ud83d customer"}', 'reason'],
      ['/api/generation/generation', '{"prompt":"Thank \\udc00 them"}', 'prompt'],
      ['/api/survey/generate/', '{"survey_topic":"\\udbff","survey_context":"Parcels."}', 'survey_topic'],
    ]
    for (const [rawUrl, raw, field] of cases) {
      const url = rawUrl.replace('/0/', `/${chatId}/`)
      const res = await post(url, raw)
      expect([url, raw, res.statusCode, res.json()]).toEqual([
        url,
        raw,
        400,
        { message: INVALID_TEXT, code: 'validation.failed', errors: { [field]: [INVALID_TEXT] } },
      ])
    }
  })

  it('cannot be smuggled in through a query string', async () => {
    // UTF-8 cannot encode a lone surrogate: its CESU-8 bytes and the `%u` form stay literal text (or are refused).
    for (const search of ['%ED%A0%80', '%uD800', 'a%ED%B0%80b']) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/tenantmanagement/product/?search=${search}`,
        headers: auth(adminToken),
      })
      expect([search, res.statusCode]).toEqual([search, 200])
    }
  })

  it('leave well-formed text alone, surrogate pairs included', async () => {
    const res = await post('/api/tenantmanagement/metadata/', '{"key":"emoji","value":{"\\ud83d\\ude00":"ok 😀"}}')
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ key: 'emoji', value: { '😀': 'ok 😀' } })
  })
})
