import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/config.js'
import { createLocalStorage } from '../../src/features/media/local-storage.js'
import { parseRange } from '../../src/features/media/media.service.js'
import { createS3Storage } from '../../src/features/media/s3-storage.js'
import { assertSafeKey } from '../../src/features/media/storage.js'
import { createVoiceStorage } from '../../src/features/media/voice-storage.js'
import { buildTestApp } from '../app.js'
import { auth } from '../factories.js'
import { chatWorld, startChat } from '../chat/helpers.js'
import { audioPart, localPath, multipart, wav } from './helpers.js'

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer))
  return Buffer.concat(chunks)
}

/** Just enough of S3's REST API on path-style URLs: PUT, GET (with Range) and DELETE of `/<bucket>/<key>`. */
function fakeS3(bucket: string) {
  const objects = new Map<string, { body: Buffer; contentType: string }>()
  const requests: { method: string; path: string; authorized: boolean }[] = []
  const notFound = (res: ServerResponse) => {
    res.writeHead(404, { 'content-type': 'application/xml' })
    res.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>No such key</Message></Error>')
  }
  const server: Server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://s3.local')
      const path = decodeURIComponent(url.pathname)
      requests.push({
        method: req.method ?? '',
        path,
        authorized: /^AWS4-HMAC-SHA256 Credential=test-key\//.test(req.headers.authorization ?? ''),
      })
      const prefix = `/${bucket}/`
      if (!path.startsWith(prefix)) return notFound(res)
      const key = path.slice(prefix.length)
      if (req.method === 'PUT') {
        objects.set(key, {
          body: Buffer.concat(chunks),
          contentType: req.headers['content-type'] ?? 'application/octet-stream',
        })
        res.writeHead(200, { etag: '"1"' })
        return res.end()
      }
      if (req.method === 'DELETE') {
        objects.delete(key)
        res.writeHead(204)
        return res.end()
      }
      const obj = objects.get(key)
      if (!obj) return notFound(res)
      const m = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '')
      if (m) {
        const start = Number(m[1])
        const end = Math.min(Number(m[2]), obj.body.length - 1)
        res.writeHead(206, {
          'content-type': obj.contentType,
          'content-length': String(end - start + 1),
          'content-range': `bytes ${start}-${end}/${obj.body.length}`,
        })
        return res.end(obj.body.subarray(start, end + 1))
      }
      res.writeHead(200, { 'content-type': obj.contentType, 'content-length': String(obj.body.length) })
      return res.end(obj.body)
    })
  })
  return { server, objects, requests }
}

describe('storage keys', () => {
  it('accepts keys of safe segments only', () => {
    expect(assertSafeKey('voice/12/3f2a-b.wav')).toBe('voice/12/3f2a-b.wav')
    for (const bad of ['', '/voice/a', 'voice/../x', 'voice//a', 'Voice/A', 'voice/a b', 'voice/.hidden', 'a\\b']) {
      expect(() => assertSafeKey(bad), bad).toThrow('Unsafe storage key.')
    }
  })
})

describe('local storage', () => {
  const dir = mkdtempSync(join(tmpdir(), 'proxima-local-'))
  const storage = createLocalStorage(dir)

  it('writes under DATA_DIR/media through a temporary file, reads wholes and ranges, and deletes', async () => {
    const bytes = Buffer.from('0123456789abcdef')
    await storage.put('voice/1/a.wav', bytes, 'audio/wav')
    expect(readdirSync(join(dir, 'media', 'voice', '1'))).toEqual(['a.wav'])
    expect(readFileSync(join(dir, 'media', 'voice', '1', 'a.wav')).equals(bytes)).toBe(true)

    const whole = (await storage.read('voice/1/a.wav'))!
    expect(whole.size).toBe(16)
    expect((await bytesOf(whole.stream)).equals(bytes)).toBe(true)
    const part = (await storage.read('voice/1/a.wav', { start: 4, end: 7 }))!
    expect(part.size).toBe(16)
    expect((await bytesOf(part.stream)).toString()).toBe('4567')

    await storage.delete('voice/1/a.wav')
    expect(await storage.read('voice/1/a.wav')).toBeUndefined()
    await expect(storage.delete('voice/1/a.wav')).resolves.toBeUndefined()
  })

  it('replaces an existing object whole', async () => {
    await storage.put('voice/2/b.wav', Buffer.from('first version'), 'audio/wav')
    await storage.put('voice/2/b.wav', Buffer.from('second'), 'audio/wav')
    expect(readFileSync(join(dir, 'media', 'voice', '2', 'b.wav')).toString()).toBe('second')
    expect(readdirSync(join(dir, 'media', 'voice', '2'))).toEqual(['b.wav'])
  })

  it('refuses keys that would leave its folder', async () => {
    await expect(storage.put('../escape.wav', Buffer.from('x'), 'audio/wav')).rejects.toThrow('Unsafe storage key.')
    await expect(storage.read('voice/../../etc/passwd')).rejects.toThrow('Unsafe storage key.')
  })
})

describe('S3 storage', () => {
  const s3 = fakeS3('voice-bucket')
  let endpoint: string
  beforeAll(async () => {
    await new Promise<void>((resolve) => s3.server.listen(0, '127.0.0.1', resolve))
    endpoint = `http://127.0.0.1:${(s3.server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    await new Promise((resolve) => s3.server.close(resolve))
  })
  const storageAt = () =>
    createS3Storage({
      kind: 's3',
      endpoint,
      bucket: 'voice-bucket',
      region: 'eu-central-1',
      accessKeyId: 'test-key',
      secretAccessKey: 'test-secret',
      forcePathStyle: true,
    })

  it('puts, reads (whole and ranges) and deletes objects on path-style URLs, signed', async () => {
    const storage = storageAt()
    const bytes = wav(0.2)
    await storage.put('voice/7/x.wav', bytes, 'audio/wav')
    expect(s3.objects.get('voice/7/x.wav')).toEqual({ body: bytes, contentType: 'audio/wav' })

    const whole = (await storage.read('voice/7/x.wav'))!
    expect(whole.size).toBe(bytes.length)
    expect((await bytesOf(whole.stream)).equals(bytes)).toBe(true)
    const part = (await storage.read('voice/7/x.wav', { start: 8, end: 11 }))!
    expect(part.size).toBe(bytes.length)
    expect((await bytesOf(part.stream)).toString('ascii')).toBe('WAVE')

    await storage.delete('voice/7/x.wav')
    expect(s3.objects.has('voice/7/x.wav')).toBe(false)
    expect(await storage.read('voice/7/x.wav')).toBeUndefined()
    expect(s3.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'PUT /voice-bucket/voice/7/x.wav',
      'GET /voice-bucket/voice/7/x.wav',
      'GET /voice-bucket/voice/7/x.wav',
      'DELETE /voice-bucket/voice/7/x.wav',
      'GET /voice-bucket/voice/7/x.wav',
    ])
    expect(s3.requests.every((r) => r.authorized)).toBe(true)
  })

  it('serves voice messages end to end when the server is configured for S3', async () => {
    const app = await buildTestApp({
      env: {
        VOICE_STORAGE: 's3',
        S3_ENDPOINT: endpoint,
        S3_BUCKET: 'voice-bucket',
        S3_REGION: 'eu-central-1',
        S3_ACCESS_KEY_ID: 'test-key',
        S3_SECRET_ACCESS_KEY: 'test-secret',
        S3_FORCE_PATH_STYLE: 'true',
      },
    })
    try {
      const w = await chatWorld(app)
      const chat = await startChat(app, w.clientToken, { tenant_id: w.tenantId })
      const audio = wav(0.5)
      const { payload, contentType } = multipart({ chat_id: chat.chat_id }, [audioPart(audio)])
      const res = await app.inject({
        method: 'POST',
        url: '/api/chat/voice/',
        headers: { ...auth(w.clientToken), 'content-type': contentType },
        payload,
      })
      expect(res.statusCode).toBe(201)
      const m = res.json()
      const key = [...s3.objects.keys()].find((k) => k.startsWith(`voice/${w.tenantId}/`))!
      expect(s3.objects.get(key)?.body.equals(audio)).toBe(true)

      const got = await app.inject({ method: 'GET', url: localPath(m.voice_content) })
      expect(got.statusCode).toBe(200)
      expect(got.rawPayload.equals(audio)).toBe(true)
      const part = await app.inject({ method: 'GET', url: localPath(m.voice_content), headers: { range: 'bytes=0-3' } })
      expect(part.statusCode).toBe(206)
      expect(part.headers['content-range']).toBe(`bytes 0-3/${audio.length}`)
      expect(part.rawPayload.toString('ascii')).toBe('RIFF')

      const del = await app.inject({
        method: 'DELETE',
        url: `/api/chat/message/${m.message_id}/`,
        headers: auth(w.adminToken),
      })
      expect(del.statusCode).toBe(204)
      expect(s3.objects.has(key)).toBe(false)
    } finally {
      await app.shutdown()
    }
  })
})

describe('storage configuration', () => {
  it('defaults to local files and requires bucket, region and keys for S3', () => {
    expect(loadConfig({}).voiceStorage).toEqual({ kind: 'local' })
    expect(() => loadConfig({ VOICE_STORAGE: 's3' })).toThrow(/S3_BUCKET: Required when VOICE_STORAGE is s3/)
    expect(() => loadConfig({ VOICE_STORAGE: 'ftp' })).toThrow(/VOICE_STORAGE/)
    const config = loadConfig({
      VOICE_STORAGE: 's3',
      S3_BUCKET: 'b',
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
    })
    expect(config.voiceStorage).toEqual({
      kind: 's3',
      endpoint: undefined,
      bucket: 'b',
      region: 'us-east-1',
      accessKeyId: 'k',
      secretAccessKey: 's',
      forcePathStyle: false,
    })
    expect(createVoiceStorage(config.voiceStorage, '/tmp')).toHaveProperty('put')
  })
})

describe('Range headers', () => {
  it('reads one plain range, a suffix or an open end, and ignores what it does not understand', () => {
    expect(parseRange(undefined, 100)).toBe('all')
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 })
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 })
    expect(parseRange('bytes=95-200', 100)).toEqual({ start: 95, end: 99 })
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 })
    expect(parseRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 })
    expect(parseRange('bytes=0-1,5-6', 100)).toBe('all')
    expect(parseRange('items=0-1', 100)).toBe('all')
    expect(parseRange('bytes=9-2', 100)).toBe('all')
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable')
    expect(parseRange('bytes=-0', 100)).toBe('unsatisfiable')
  })
})
