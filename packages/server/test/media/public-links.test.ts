import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../app.js'
import { auth } from '../factories.js'
import { chatWorld, startChat } from '../chat/helpers.js'
import { audioPart, multipart, wav } from './helpers.js'

// The API's public address differs from the dashboard's, as when it is served under its own host name.
const PUBLIC_API_URL = 'https://api.example.com/'
let app: TestApp
let w: Awaited<ReturnType<typeof chatWorld>>
let chatId: number

beforeAll(async () => {
  app = await buildTestApp({
    env: { PUBLIC_API_URL, DATA_DIR: mkdtempSync(join(tmpdir(), 'proxima-links-')) },
  })
  w = await chatWorld(app)
  chatId = (await startChat(app, w.clientToken, { tenant_id: w.tenantId })).chat_id
})
afterAll(async () => {
  await app.shutdown()
})

async function postVoice() {
  const { payload, contentType } = multipart({ chat_id: chatId }, [audioPart(wav(0.5))])
  const res = await app.inject({
    method: 'POST',
    url: '/api/chat/voice/',
    headers: { ...auth(w.clientToken), 'content-type': contentType },
    payload,
  })
  expect(res.statusCode).toBe(201)
  return res.json<{ message_id: number; voice_content: string }>()
}

describe('voice links', () => {
  it('are absolute URLs on PUBLIC_API_URL, the address the mobile app and widgets on other sites reach', async () => {
    const m = await postVoice()
    expect(m.voice_content).toMatch(
      new RegExp(`^https://api\\.example\\.com/api/media/voice/${m.message_id}\\?exp=\\d+&sig=[\\w-]+$`),
    )
    const listed = await app.inject({
      method: 'GET',
      url: `/api/chat/message/?chat_id=${chatId}`,
      headers: auth(w.adminToken),
    })
    const again = listed.json().data.find((x: { message_id: number }) => x.message_id === m.message_id)
    expect(new URL(again.voice_content).origin).toBe('https://api.example.com')
  })

  it('play from whichever host name reaches the server, since the signature covers only message and expiry', async () => {
    const m = await postVoice()
    const link = new URL(m.voice_content)
    for (const host of ['127.0.0.1:3000', 'localhost:3000', 'support-box.lan:3000']) {
      const res = await app.inject({ method: 'GET', url: link.pathname + link.search, headers: { host } })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('audio/wav')
    }
    const tampered = `${link.pathname}?exp=${link.searchParams.get('exp')}&sig=${'A'.repeat(43)}`
    expect((await app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403)
  })
})
