import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../app.js'
import { auth, unique } from '../factories.js'
import { audioPart, filesUnder, multipart, wav } from '../media/helpers.js'
import { chatWorld, createVisitor, startChat } from './helpers.js'

const dataDir = mkdtempSync(join(tmpdir(), 'proxima-idem-'))
let app: TestApp
beforeAll(async () => {
  app = await buildTestApp({ env: { DATA_DIR: dataDir } })
})
afterAll(async () => {
  await app.shutdown()
})

const post = (url: string, token: string, payload: object, key: string) =>
  app.inject({ method: 'POST', url, headers: { ...auth(token), 'idempotency-key': key }, payload })

const messagesOf = (chatId: number) =>
  app.db.selectFrom('chat_messages').select(['id', 'text_content']).where('chat_id', '=', chatId).execute()

describe('Idempotency-Key on POST /api/chat/chat/', () => {
  it('replays the first answer to a retry with the same key and body, starting one chat', async () => {
    const w = await chatWorld(app)
    const key = unique('chat-')
    const first = await post('/api/chat/chat/', w.clientToken, { tenant_id: w.tenantId }, key)
    expect(first.statusCode).toBe(201)
    expect(first.headers['idempotent-replayed']).toBeUndefined()
    const again = await post('/api/chat/chat/', w.clientToken, { tenant_id: w.tenantId }, key)
    expect(again.statusCode).toBe(201)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.json()).toEqual(first.json())
    const chats = await app.db.selectFrom('chats').select('id').where('tenant_id', '=', w.tenantId).execute()
    expect(chats).toHaveLength(1)
  })

  it('answers 422 when the key comes back with another body, and starts nothing', async () => {
    const w = await chatWorld(app)
    const key = unique('chat-')
    expect((await post('/api/chat/chat/', w.clientToken, { tenant_id: w.tenantId }, key)).statusCode).toBe(201)
    const res = await post('/api/chat/chat/', w.clientToken, { tenant_id: w.tenantId, channel: 'website' }, key)
    expect(res.statusCode).toBe(422)
    expect(res.json().code).toBe('idempotency.mismatch')
    const chats = await app.db.selectFrom('chats').select('channel').where('tenant_id', '=', w.tenantId).execute()
    expect(chats.map((c) => c.channel)).toEqual(['mobile'])
  })

  it('keeps the keys of different callers apart', async () => {
    const w = await chatWorld(app)
    const v = await createVisitor(app, w.adminToken)
    const key = unique('chat-')
    const mine = await post('/api/chat/chat/', w.clientToken, { tenant_id: w.tenantId }, key)
    const theirs = await post('/api/chat/chat/', v.token, {}, key)
    expect(theirs.statusCode).toBe(201)
    expect(theirs.headers['idempotent-replayed']).toBeUndefined()
    expect(theirs.json().chat_id).not.toBe(mine.json().chat_id)
  })
})

describe('Idempotency-Key on POST /api/chat/message/', () => {
  it('replays a customer message to a retry, on the path with or without its trailing slash', async () => {
    const w = await chatWorld(app)
    const chat = await startChat(app, w.clientToken, { tenant_id: w.tenantId })
    const key = unique('msg-')
    const body = { chat_id: chat.chat_id, text_content: 'Where is my parcel?' }
    const first = await post('/api/chat/message/', w.clientToken, body, key)
    expect(first.statusCode).toBe(201)
    for (const url of ['/api/chat/message/', '/api/chat/message']) {
      const again = await post(url, w.clientToken, body, key)
      expect(again.statusCode, url).toBe(201)
      expect(again.headers['idempotent-replayed'], url).toBe('true')
      expect(again.json(), url).toEqual(first.json())
    }
    expect(await messagesOf(chat.chat_id)).toHaveLength(1)
  })

  it('replays a staff reply to a retry', async () => {
    const w = await chatWorld(app)
    const chat = await startChat(app, w.clientToken, { tenant_id: w.tenantId })
    const key = unique('msg-')
    const body = { chat_id: chat.chat_id, text_content: 'On its way.' }
    const first = await post('/api/chat/message/', w.adminToken, body, key)
    expect(first.statusCode).toBe(201)
    const again = await post('/api/chat/message/', w.adminToken, body, key)
    expect(again.statusCode).toBe(201)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.json()).toEqual(first.json())
    expect(await messagesOf(chat.chat_id)).toHaveLength(1)
  })

  it('answers 422 when the key comes back with another text, and sends nothing', async () => {
    const w = await chatWorld(app)
    const chat = await startChat(app, w.clientToken, { tenant_id: w.tenantId })
    const key = unique('msg-')
    await post('/api/chat/message/', w.clientToken, { chat_id: chat.chat_id, text_content: 'first' }, key)
    const res = await post('/api/chat/message/', w.clientToken, { chat_id: chat.chat_id, text_content: 'second' }, key)
    expect(res.statusCode).toBe(422)
    expect(res.json().code).toBe('idempotency.mismatch')
    expect((await messagesOf(chat.chat_id)).map((m) => m.text_content)).toEqual(['first'])
  })
})

describe('Idempotency-Key on POST /api/chat/voice/', () => {
  // Each call writes a fresh multipart body (a new boundary), as a client retrying an upload would.
  const upload = (token: string, fields: Record<string, string | number>, audio: Buffer, key: string) => {
    const { payload, contentType } = multipart(fields, [audioPart(audio)])
    return app.inject({
      method: 'POST',
      url: '/api/chat/voice/',
      headers: { ...auth(token), 'content-type': contentType, 'idempotency-key': key },
      payload,
    })
  }

  it('replays the first upload to a retry with the same fields and recording, storing it once', async () => {
    const w = await chatWorld(app)
    const chat = await startChat(app, w.clientToken, { tenant_id: w.tenantId })
    const key = unique('voice-')
    const audio = wav(0.4)
    const first = await upload(w.clientToken, { chat_id: chat.chat_id, text_content: 'listen' }, audio, key)
    expect(first.statusCode).toBe(201)
    const again = await upload(w.clientToken, { chat_id: chat.chat_id, text_content: 'listen' }, audio, key)
    expect(again.statusCode).toBe(201)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.headers.location).toBe(first.headers.location)
    expect(again.json()).toEqual(first.json())
    expect(await messagesOf(chat.chat_id)).toHaveLength(1)
    expect(filesUnder(join(dataDir, 'media', 'voice', String(w.tenantId)))).toHaveLength(1)
  })

  it('answers 422 when the key comes back with another recording or another caption', async () => {
    const w = await chatWorld(app)
    const chat = await startChat(app, w.clientToken, { tenant_id: w.tenantId })
    const key = unique('voice-')
    const audio = wav(0.4)
    expect((await upload(w.clientToken, { chat_id: chat.chat_id }, audio, key)).statusCode).toBe(201)
    const otherBytes = await upload(w.clientToken, { chat_id: chat.chat_id }, wav(0.5), key)
    expect(otherBytes.statusCode).toBe(422)
    expect(otherBytes.json().code).toBe('idempotency.mismatch')
    const otherCaption = await upload(w.clientToken, { chat_id: chat.chat_id, text_content: 'hi' }, audio, key)
    expect(otherCaption.statusCode).toBe(422)
    expect(await messagesOf(chat.chat_id)).toHaveLength(1)
    expect(filesUnder(join(dataDir, 'media', 'voice', String(w.tenantId)))).toHaveLength(1)
  })
})
