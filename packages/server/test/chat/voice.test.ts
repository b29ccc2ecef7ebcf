import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Texts } from '@proxima/contracts'
import { createVoiceLinks } from '../../src/features/media/voice-links.js'
import { DEFAULT_LIMITS } from '../../src/http/rate-limit.js'
import { sharedSecret } from '../../src/db/secrets.js'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import { auth, createClient, createTenantWithAdmin } from '../factories.js'
import { audioPart, filesUnder, localPath, mp3, multipart, PNG, wav, type FilePart } from '../media/helpers.js'
import { chatWorld, createVisitor, send, startChat } from './helpers.js'

const MINUTE = 60_000
const dataDir = mkdtempSync(join(tmpdir(), 'proxima-voice-'))
const voiceDir = join(dataDir, 'media', 'voice')
const clock = testClock()
let app: TestApp
let w: Awaited<ReturnType<typeof chatWorld>>
let chatId: number

beforeAll(async () => {
  app = await buildTestApp({ clock, env: { DATA_DIR: dataDir } })
  w = await chatWorld(app)
  chatId = (await startChat(app, w.clientToken, { tenant_id: w.tenantId })).chat_id
})
afterAll(async () => {
  await app.shutdown()
})

function postVoice(token: string | undefined, fields: Record<string, string | number>, files: FilePart[] = []) {
  const { payload, contentType } = multipart(fields, files)
  return app.inject({
    method: 'POST',
    url: '/api/chat/voice/',
    headers: { ...(token ? auth(token) : {}), 'content-type': contentType },
    payload,
  })
}
const download = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  app.inject({ method, url: localPath(url), headers })
const storedFiles = () => filesUnder(voiceDir)

describe('POST /api/chat/voice/', () => {
  it('answers 401 without a session', async () => {
    const res = await postVoice(undefined, { chat_id: chatId }, [audioPart(wav(0.5))])
    expect(res.statusCode).toBe(401)
    expect(res.json().code).toBe('auth.required')
  })

  it('answers 400 when the audio file is missing', async () => {
    const res = await postVoice(w.clientToken, { chat_id: chatId })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      message: 'An audio file is required.',
      code: 'validation.failed',
      errors: { audio: ['An audio file is required.'] },
    })
  })

  it('answers 400 for an empty file', async () => {
    const res = await postVoice(w.clientToken, { chat_id: chatId }, [audioPart(Buffer.alloc(0))])
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toEqual({ audio: ['The audio file is empty.'] })
  })

  it('answers 400 for a missing or malformed chat_id and other bad fields', async () => {
    const missing = await postVoice(w.clientToken, {}, [audioPart(wav(0.5))])
    expect(missing.statusCode).toBe(400)
    expect(missing.json().errors).toEqual({ chat_id: ['This field is required.'] })
    const bad = await postVoice(w.clientToken, { chat_id: 'abc', duration_ms: '-4', text_content: 'x'.repeat(4001) }, [
      audioPart(wav(0.5)),
    ])
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(bad.json().errors).sort()).toEqual(['chat_id', 'duration_ms', 'text_content'])
    expect(storedFiles()).toEqual([])
  })

  it('answers 415 to a body that is not multipart, and keeps multipart refused on other routes', async () => {
    const json = await app.inject({
      method: 'POST',
      url: '/api/chat/voice/',
      headers: auth(w.clientToken),
      payload: { chat_id: chatId },
    })
    expect(json.statusCode).toBe(415)
    expect(json.json().code).toBe('request.unsupported_media_type')
    const { payload, contentType } = multipart({ chat_id: chatId, text_content: 'hello' })
    const text = await app.inject({
      method: 'POST',
      url: '/api/chat/message/',
      headers: { ...auth(w.clientToken), 'content-type': contentType },
      payload,
    })
    expect(text.statusCode).toBe(415)
    expect(text.json().code).toBe('request.unsupported_media_type')
  })

  it("answers 404 for another tenant's chat", async () => {
    const stranger = await createTenantWithAdmin(app)
    const res = await postVoice(stranger.token, { chat_id: chatId }, [audioPart(wav(0.5))])
    expect(res.statusCode).toBe(404)
    expect(res.json().code).toBe('not_found')
  })

  it("answers 404 to a client posting into another client's chat", async () => {
    const other = await createClient(app)
    const res = await postVoice(other.token, { chat_id: chatId }, [audioPart(wav(0.5))])
    expect(res.statusCode).toBe(404)
    expect(storedFiles()).toEqual([])
  })

  it('answers 415 for content that is not audio, whatever the declared type and name', async () => {
    for (const data of [PNG, Buffer.from('just some text, not a recording\n')]) {
      const res = await postVoice(w.clientToken, { chat_id: chatId }, [audioPart(data, 'audio/webm', 'note.webm')])
      expect(res.statusCode).toBe(415)
      expect(res.json()).toEqual({ message: Texts.voiceTypeNotAllowed, code: 'chat.voice_type_not_allowed' })
    }
    expect(Texts.voiceTypeNotAllowed).toBe('Voice messages must be WebM, Ogg, MP3, M4A/AAC, WAV or 3GPP audio.')
    expect(storedFiles()).toEqual([])
  })

  it('answers 413 for a file over 10 MiB', async () => {
    const big = Buffer.concat([wav(1), Buffer.alloc(10 * 1024 * 1024)])
    const res = await postVoice(w.clientToken, { chat_id: chatId }, [audioPart(big)])
    expect(res.statusCode).toBe(413)
    expect(res.json().code).toBe('request.too_large')
    expect(storedFiles()).toEqual([])
  })

  it('answers 422 for a recording over 5 minutes, whatever the client claims', async () => {
    const long = wav(301, { rate: 1000, bits: 8 })
    const res = await postVoice(w.clientToken, { chat_id: chatId, duration_ms: 1000 }, [audioPart(long)])
    expect(res.statusCode).toBe(422)
    expect(res.json().code).toBe('chat.voice_too_long')
    expect(storedFiles()).toEqual([])
  })

  it('answers 422 to staff voice on a WhatsApp chat and keeps nothing', async () => {
    const c = await createClient(app)
    const other = await startChat(app, c.token, { tenant_id: w.tenantId })
    await app.db.updateTable('chats').set({ channel: 'whatsapp' }).where('id', '=', other.chat_id).execute()
    const res = await postVoice(w.adminToken, { chat_id: other.chat_id }, [audioPart(wav(0.5))])
    expect(res.statusCode).toBe(422)
    expect(res.json().code).toBe('chat.voice_not_supported_on_channel')
    expect(storedFiles()).toEqual([])
  })

  it('creates a voice message whose signed link downloads the same bytes', async () => {
    const audio = wav(1.5)
    const res = await postVoice(w.clientToken, { chat_id: chatId, duration_ms: 999, text_content: '  Listen  ' }, [
      audioPart(audio, 'application/octet-stream', 'blob'),
    ])
    expect(res.statusCode).toBe(201)
    const m = res.json()
    expect(res.headers.location).toBe(`/api/chat/message/${m.message_id}/`)
    expect(m).toMatchObject({
      chat_id: chatId,
      message_sender: 'client',
      text_content: 'Listen',
      // The duration comes from the file, not from the client's figure.
      voice: { mime_type: 'audio/wav', size_bytes: audio.length, duration_ms: 1500, transcript: null },
    })
    expect(m.voice_content).toMatch(
      new RegExp(`^http://localhost:3000/api/media/voice/${m.message_id}\\?exp=\\d+&sig=[\\w-]+$`),
    )
    const files = storedFiles()
    expect(files).toHaveLength(1)
    expect(readFileSync(join(voiceDir, files[0]!)).equals(audio)).toBe(true)

    const got = await download(m.voice_content)
    expect(got.statusCode).toBe(200)
    expect(got.rawPayload.equals(audio)).toBe(true)
    expect(got.headers['content-type']).toBe('audio/wav')
    expect(got.headers['content-length']).toBe(String(audio.length))
    expect(got.headers['accept-ranges']).toBe('bytes')
    expect(got.headers['cross-origin-resource-policy']).toBe('cross-origin')
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(got.headers['cache-control']))?.[1])
    const exp = Number(new URL(m.voice_content).searchParams.get('exp'))
    expect(maxAge).toBeGreaterThan(0)
    expect(maxAge).toBeLessThanOrEqual(exp - clock.now().getTime() / 1000)

    const listed = await app.inject({
      method: 'GET',
      url: `/api/chat/message/?chat_id=${chatId}`,
      headers: auth(w.adminToken),
    })
    const again = listed.json().data.find((x: { message_id: number }) => x.message_id === m.message_id)
    expect((await download(again.voice_content)).rawPayload.equals(audio)).toBe(true)
  })

  it('uses the client duration only when the file does not tell, and reads MP3 frames', async () => {
    const frames = mp3(40)
    const res = await postVoice(w.adminToken, { chat_id: chatId }, [audioPart(frames, 'audio/mpeg', 'a.mp3')])
    expect(res.statusCode).toBe(201)
    expect(res.json().voice.mime_type).toBe('audio/mpeg')
    expect(res.json().voice.duration_ms).toBeGreaterThan(900)
    expect(res.json().voice.duration_ms).toBeLessThan(1200)
    // A WAV header without any sample data: the sniffer accepts it, the file states no duration.
    const headerOnly = wav(0).subarray(0, 36)
    const told = await postVoice(w.adminToken, { chat_id: chatId, duration_ms: 4200 }, [audioPart(headerOnly)])
    expect(told.statusCode).toBe(201)
    expect(told.json().voice.duration_ms).toBe(4200)
  })

  it('serves byte ranges with 206, suffix ranges, HEAD, and 416 outside the file', async () => {
    const audio = wav(1)
    const m = (await postVoice(w.clientToken, { chat_id: chatId }, [audioPart(audio)])).json()
    const part = await download(m.voice_content, { range: 'bytes=10-109' })
    expect(part.statusCode).toBe(206)
    expect(part.headers['content-range']).toBe(`bytes 10-109/${audio.length}`)
    expect(part.headers['content-length']).toBe('100')
    expect(part.rawPayload.equals(audio.subarray(10, 110))).toBe(true)

    const tail = await download(m.voice_content, { range: 'bytes=-16' })
    expect(tail.statusCode).toBe(206)
    expect(tail.rawPayload.equals(audio.subarray(audio.length - 16))).toBe(true)
    const open = await download(m.voice_content, { range: `bytes=${audio.length - 4}-` })
    expect(open.rawPayload.equals(audio.subarray(audio.length - 4))).toBe(true)

    const outside = await download(m.voice_content, { range: `bytes=${audio.length}-` })
    expect(outside.statusCode).toBe(416)
    expect(outside.headers['content-range']).toBe(`bytes */${audio.length}`)
    expect(outside.json().code).toBe('media.range_not_satisfiable')

    const head = await download(m.voice_content, {}, 'HEAD')
    expect(head.statusCode).toBe(200)
    expect(head.headers['content-length']).toBe(String(audio.length))
    expect(head.headers['content-type']).toBe('audio/wav')
    expect(head.rawPayload.length).toBe(0)
  })

  it('answers 403 media.link_expired for a tampered or expired link, and 404 for a message without audio', async () => {
    const m = (await postVoice(w.clientToken, { chat_id: chatId }, [audioPart(wav(0.2))])).json()
    const url = new URL(m.voice_content)
    const sig = url.searchParams.get('sig')!
    url.searchParams.set('sig', (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1))
    const tampered = await download(url.toString())
    expect(tampered.statusCode).toBe(403)
    expect(tampered.json().code).toBe('media.link_expired')
    const other = await download(m.voice_content.replace(`/voice/${m.message_id}?`, `/voice/${m.message_id + 1}?`))
    expect(other.statusCode).toBe(403)
    const unsigned = await app.inject({ method: 'GET', url: `/api/media/voice/${m.message_id}` })
    expect(unsigned.statusCode).toBe(403)

    const text = await send(app, w.clientToken, chatId, 'plain text')
    const textLink = (
      await app.inject({ method: 'GET', url: `/api/chat/message/${text.message_id}/`, headers: auth(w.clientToken) })
    ).json()
    expect(textLink.voice_content).toBeNull()

    // A correctly signed link to a message without audio names nothing.
    const links = createVoiceLinks({
      key: await sharedSecret(app.db, 'media_links'),
      baseUrl: 'http://localhost:3000',
      clock,
    })
    const none = await download(links.url(text.message_id))
    expect(none.statusCode).toBe(404)
    expect(none.json().code).toBe('not_found')

    clock.advance(61 * MINUTE)
    const expired = await download(m.voice_content)
    expect(expired.statusCode).toBe(403)
    expect(expired.json()).toEqual({
      message: 'This link has expired or is not valid. Reload the conversation.',
      code: 'media.link_expired',
    })
    // A fresh read issues a fresh link.
    const fresh = await app.inject({
      method: 'GET',
      url: `/api/chat/message/${m.message_id}/`,
      headers: auth(w.clientToken),
    })
    expect((await download(fresh.json().voice_content)).statusCode).toBe(200)
  })

  it('lets a widget visitor send voice and answers CORS preflights from any site', async () => {
    const visitor = await createVisitor(app, w.adminToken)
    const chat = await startChat(app, visitor.token, {})
    const res = await postVoice(visitor.token, { chat_id: chat.chat_id }, [audioPart(mp3(10), 'audio/mpeg', 'v.mp3')])
    expect(res.statusCode).toBe(201)
    expect(res.json().message_sender).toBe('client')
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/chat/voice/',
      headers: {
        origin: 'https://shop.example.org',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    })
    expect(preflight.headers['access-control-allow-origin']).toBe('https://shop.example.org')
    const media = await download(res.json().voice_content, { origin: 'https://shop.example.org' })
    expect(media.headers['access-control-allow-origin']).toBe('https://shop.example.org')
  })

  it('answers a repeated client_message_id with 200 and the first message, keeping one file', async () => {
    const before = storedFiles().length
    const first = await postVoice(w.clientToken, { chat_id: chatId, client_message_id: 'rec-1' }, [audioPart(wav(0.3))])
    expect(first.statusCode).toBe(201)
    const again = await postVoice(w.clientToken, { chat_id: chatId, client_message_id: 'rec-1' }, [audioPart(wav(0.4))])
    expect(again.statusCode).toBe(200)
    expect(again.json().message_id).toBe(first.json().message_id)
    expect(again.json().voice.size_bytes).toBe(first.json().voice.size_bytes)
    expect(storedFiles()).toHaveLength(before + 1)
  })
})

describe('removal, usage and limits', () => {
  it('removes the audio when an admin deletes the message, keeping the row and what the recording was', async () => {
    // Half a second of 16-bit mono WAV at 8 kHz: 4,000 samples of 2 bytes after a 44-byte header.
    const m = (
      await postVoice(w.clientToken, { chat_id: chatId, text_content: 'Caption' }, [audioPart(wav(0.5))])
    ).json()
    const row = await app.db
      .selectFrom('chat_messages')
      .select('voice_key')
      .where('id', '=', m.message_id)
      .executeTakeFirstOrThrow()
    const file = join(dataDir, 'media', row.voice_key!)
    expect(readFileSync(file).length).toBe(8044)
    await app.db
      .updateTable('chat_messages')
      .set({ voice_transcript: 'Hello there' })
      .where('id', '=', m.message_id)
      .execute()

    const del = await app.inject({
      method: 'DELETE',
      url: `/api/chat/message/${m.message_id}/`,
      headers: auth(w.adminToken),
    })
    expect(del.statusCode).toBe(204)
    expect(storedFiles().some((f) => row.voice_key!.endsWith(f))).toBe(false)
    const after = await app.db
      .selectFrom('chat_messages')
      .selectAll()
      .where('id', '=', m.message_id)
      .executeTakeFirstOrThrow()
    // The caption, the audio and its transcript go; the type, length and size stay, so the analytics keep
    // counting it as a voice message (contract §4.5).
    expect(after).toMatchObject({
      text_content: null,
      voice_key: null,
      voice_transcript: null,
      voice_mime_type: 'audio/wav',
      voice_duration_ms: 500,
      voice_size_bytes: 8044,
    })
    expect(after.deleted_at).not.toBeNull()
    const got = await app.inject({
      method: 'GET',
      url: `/api/chat/message/${m.message_id}/`,
      headers: auth(w.adminToken),
    })
    // The API still shows a deleted message without text or voice.
    expect(got.json()).toMatchObject({ deleted: true, text_content: null, voice_content: null, voice: null })
    expect((await download(m.voice_content)).statusCode).toBe(404)
  })

  it('reports the stored bytes in the subscription usage and refuses uploads beyond the plan', async () => {
    const org = await createTenantWithAdmin(app)
    const c = await createClient(app)
    const chat = await startChat(app, c.token, { tenant_id: org.tenant.tenant_id })
    const a = (await postVoice(c.token, { chat_id: chat.chat_id }, [audioPart(wav(0.5))])).json()
    const b = (await postVoice(c.token, { chat_id: chat.chat_id }, [audioPart(wav(0.25))])).json()
    const usage = async () =>
      (await app.inject({ method: 'GET', url: '/api/tenantmanagement/subscription/', headers: auth(org.token) })).json()
        .usage.voice_storage_bytes
    expect(await usage()).toBe(a.voice.size_bytes + b.voice.size_bytes)

    // Basic allows 2 GB: make the first recording count as just under it.
    const full = 2 * 1024 ** 3 - b.voice.size_bytes - 10
    await app.db.updateTable('chat_messages').set({ voice_size_bytes: full }).where('id', '=', a.message_id).execute()
    expect(await usage()).toBe(full + b.voice.size_bytes)
    const before = storedFiles().length
    const refused = await postVoice(c.token, { chat_id: chat.chat_id }, [audioPart(wav(0.1))])
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toEqual({
      message: 'Your plan allows at most 2 GB of voice messages.',
      code: 'plan.limit_reached',
      errors: { limit: ['voice_storage_gb'] },
    })
    expect(storedFiles()).toHaveLength(before)

    // Deleted messages no longer count.
    await app.inject({ method: 'DELETE', url: `/api/chat/message/${a.message_id}/`, headers: auth(org.token) })
    expect(await usage()).toBe(b.voice.size_bytes)
    expect((await postVoice(c.token, { chat_id: chat.chat_id }, [audioPart(wav(0.1))])).statusCode).toBe(201)
  })

  it('keeps voice replies possible on both sides once the subscription has ended (customers keep being answered)', async () => {
    const org = await createTenantWithAdmin(app)
    const c = await createClient(app)
    const chat = await startChat(app, c.token, { tenant_id: org.tenant.tenant_id })
    await app.db
      .updateTable('tenants')
      .set({ trial_ends_at: new Date(clock.now().getTime() - MINUTE) })
      .where('id', '=', org.tenant.tenant_id)
      .execute()
    const staff = await postVoice(org.token, { chat_id: chat.chat_id }, [audioPart(wav(0.1))])
    expect(staff.statusCode).toBe(201)
    const customer = await postVoice(c.token, { chat_id: chat.chat_id }, [audioPart(wav(0.1))])
    expect(customer.statusCode).toBe(201)
  })
})

describe('rate limit', () => {
  it('allows 10 voice messages a minute per sender by default, and answers 429 beyond', async () => {
    expect(DEFAULT_LIMITS.voice).toEqual({ max: 10, window: 60_000 })
    const limited = await buildTestApp({
      clock,
      env: { DATA_DIR: dataDir },
      limits: { ...DEFAULT_LIMITS, voice: { max: 2, window: 60_000 } },
    })
    try {
      const world = await chatWorld(limited)
      const chat = await startChat(limited, world.clientToken, { tenant_id: world.tenantId })
      const post = (token: string) => {
        const { payload, contentType } = multipart({ chat_id: chat.chat_id }, [audioPart(wav(0.1))])
        return limited.inject({
          method: 'POST',
          url: '/api/chat/voice/',
          headers: { ...auth(token), 'content-type': contentType },
          payload,
        })
      }
      const first = await post(world.clientToken)
      expect(first.statusCode).toBe(201)
      expect(first.headers['ratelimit-limit']).toBe('2')
      expect((await post(world.clientToken)).statusCode).toBe(201)
      const third = await post(world.clientToken)
      expect(third.statusCode).toBe(429)
      expect(third.json().code).toBe('rate_limited')
      // Another sender has its own count.
      expect((await post(world.adminToken)).statusCode).toBe(201)
    } finally {
      await limited.shutdown()
    }
  })
})
