import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../app.js'
import { listen } from '../realtime/ws-client.js'

let app: TestApp
let port: number
beforeAll(async () => {
  app = await buildTestApp()
  port = Number(new URL(await listen(app)).port)
})
afterAll(async () => {
  await app.shutdown()
})

type Answer = { status: number; headers: Record<string, string>; body: string }

/** Splits the raw bytes of one or more HTTP/1.1 answers (Content-Length framed or chunked). */
function parseAnswers(raw: string): Answer[] {
  const answers: Answer[] = []
  let rest = raw
  while (rest.startsWith('HTTP/1.1 ')) {
    const end = rest.indexOf('\r\n\r\n')
    if (end < 0) break
    const [statusLine = '', ...lines] = rest.slice(0, end).split('\r\n')
    const headers: Record<string, string> = {}
    for (const line of lines) {
      const i = line.indexOf(':')
      headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim()
    }
    rest = rest.slice(end + 4)
    let body = ''
    if (headers['transfer-encoding'] === 'chunked') {
      for (;;) {
        const lineEnd = rest.indexOf('\r\n')
        const size = parseInt(rest.slice(0, lineEnd), 16)
        rest = rest.slice(lineEnd + 2)
        if (!size) {
          rest = rest.slice(2)
          break
        }
        body += rest.slice(0, size)
        rest = rest.slice(size + 2)
      }
    } else {
      const length = Number(headers['content-length'] ?? 0)
      body = rest.slice(0, length)
      rest = rest.slice(length)
    }
    answers.push({ status: Number(statusLine.split(' ')[1]), headers, body })
  }
  return answers
}

/** Writes raw bytes to the server and collects what it answers until it closes the connection (or a pause). */
function exchange(chunks: string[], { waitMs = 150, gapMs = 0 } = {}): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    let out = ''
    let timer: NodeJS.Timeout | undefined
    const finish = () => {
      clearTimeout(timer)
      socket.destroy()
      resolve(out)
    }
    const idle = () => {
      clearTimeout(timer)
      timer = setTimeout(finish, waitMs)
    }
    socket.on('data', (d: Buffer) => {
      out += d.toString('latin1')
      idle()
    })
    socket.on('close', finish)
    socket.on('error', finish)
    const writeChunks = async () => {
      for (const chunk of chunks) {
        socket.write(chunk, 'latin1')
        if (gapMs) await new Promise((r) => setTimeout(r, gapMs))
      }
      idle()
    }
    socket.on('connect', () => void writeChunks())
  })
}

const H = 'Host: localhost\r\n'

/** Every framework-level failure, as a hostile client would write it on the wire. */
const CASES: [string, string, number, string][] = [
  [
    'a query string over the header limit',
    `GET /api/tenantmanagement/product/?q=${'a'.repeat(20_000)} HTTP/1.1\r\n${H}\r\n`,
    431,
    'request.headers_too_large',
  ],
  [
    'a header over the limit',
    `GET /api/auth/me/ HTTP/1.1\r\n${H}X-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    431,
    'request.headers_too_large',
  ],
  [
    'a control character in a header value',
    `GET /api/auth/me/ HTTP/1.1\r\n${H}X-Bad: a\x01b\r\n\r\n`,
    400,
    'request.malformed',
  ],
  ['an unknown method', `BREW /api/auth/me/ HTTP/1.1\r\n${H}\r\n`, 400, 'request.malformed'],
  ['an unknown HTTP version', `GET /api/auth/me/ HTTP/9.9\r\n${H}\r\n`, 400, 'request.malformed'],
  ['bytes that are not HTTP', '\x00\x01\x02 nonsense\r\n\r\n', 400, 'request.malformed'],
  [
    'a Content-Length that is not a number',
    `POST /api/auth/signin/ HTTP/1.1\r\n${H}Content-Length: abc\r\n\r\n`,
    400,
    'request.malformed',
  ],
  [
    'both Content-Length and Transfer-Encoding',
    `POST /api/auth/signin/ HTTP/1.1\r\n${H}Content-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
    400,
    'request.malformed',
  ],
  [
    'a broken chunk',
    `POST /api/auth/signin/ HTTP/1.1\r\n${H}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n\r\n`,
    400,
    'request.malformed',
  ],
  ['HTTP/1.1 without Host', 'GET /api/auth/me/ HTTP/1.1\r\n\r\n', 400, 'request.missing_host'],
  [
    'an unknown Expect',
    `POST /api/auth/signin/ HTTP/1.1\r\n${H}Expect: teapot\r\nContent-Length: 2\r\n\r\n{}`,
    417,
    'request.expectation_failed',
  ],
  ['a malformed percent-encoding', `GET /api/%E0%A4%A HTTP/1.1\r\n${H}\r\n`, 400, 'request.invalid_url'],
  [
    'a path parameter over the length limit',
    `GET /api/tenantmanagement/product/${'1'.repeat(120)}/ HTTP/1.1\r\n${H}\r\n`,
    404,
    'not_found',
  ],
  ['an unknown path', `GET /api/nothing/here/ HTTP/1.1\r\n${H}\r\n`, 404, 'not_found'],
  ['a method the path does not take', `DELETE /api/auth/signin/ HTTP/1.1\r\n${H}\r\n`, 405, 'method_not_allowed'],
  [
    'a body over the limit',
    `POST /api/auth/signin/ HTTP/1.1\r\n${H}Content-Type: application/json\r\nContent-Length: 2000000\r\n\r\n{}`,
    413,
    'request.too_large',
  ],
  [
    'a media type without a parser',
    `POST /api/auth/signin/ HTTP/1.1\r\n${H}Content-Type: text/csv\r\nContent-Length: 2\r\n\r\n{}`,
    415,
    'request.unsupported_media_type',
  ],
  [
    'an empty media type',
    `POST /api/auth/signin/ HTTP/1.1\r\n${H}Content-Type: \r\nContent-Length: 2\r\n\r\n{}`,
    415,
    'request.unsupported_media_type',
  ],
  [
    'malformed JSON',
    `POST /api/auth/signin/ HTTP/1.1\r\n${H}Content-Type: application/json\r\nContent-Length: 3\r\n\r\n{x}`,
    400,
    'request.malformed_json',
  ],
  ['the WebSocket path without an upgrade', `GET /api/ws HTTP/1.1\r\n${H}\r\n`, 404, 'not_found'],
  [
    'a WebSocket upgrade without a key',
    `GET /api/ws HTTP/1.1\r\n${H}Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    400,
    'request.invalid_upgrade',
  ],
  [
    'a WebSocket upgrade of an unknown version',
    `GET /api/ws HTTP/1.1\r\n${H}Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 7\r\n\r\n`,
    400,
    'request.invalid_upgrade',
  ],
]

describe('framework-level failures', () => {
  it.each(CASES)('answer %s with {message, code} JSON', async (_name, request, status, code) => {
    const [answer, ...more] = parseAnswers(await exchange([request]))
    expect(more).toEqual([])
    expect(answer?.status).toBe(status)
    expect(answer?.headers['content-type']).toMatch(/^application\/json/)
    const body = JSON.parse(answer?.body ?? '') as Record<string, unknown>
    expect(body.code).toBe(code)
    // The three legacy-form routes keep their `message.error` array; every other answer has a text message.
    if (!request.includes('/api/auth/signin/')) expect(body.message).toEqual(expect.any(String))
    else expect(body.message).toEqual(expect.anything())
  })

  it('closes the connection of an upgrade request that no WebSocket route takes, once answered', async () => {
    const socket = connect(port, '127.0.0.1')
    let out = ''
    socket.on('data', (d: Buffer) => (out += d.toString('latin1')))
    const closed = new Promise<boolean>((resolve) => {
      socket.on('close', () => resolve(true))
      setTimeout(() => resolve(false), 2_000)
    })
    socket.write(
      `GET /api/nothing/ HTTP/1.1\r\n${H}Connection: Upgrade\r\nUpgrade: websocket\r\n` +
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
    )
    // Node hands upgrade sockets over and no longer times them out: left open, they would pile up.
    expect(await closed).toBe(true)
    socket.destroy()
    expect(parseAnswers(out).map((a) => [a.status, JSON.parse(a.body).code])).toEqual([[404, 'not_found']])
  })

  it('answers 503 with {message, code} to a request that arrives while the server is closing', async () => {
    const closing = await buildTestApp()
    const closingPort = Number(new URL(await listen(closing)).port)
    // A WebSocket peer that never answers the close handshake holds the close open (up to a second).
    const silent = connect(closingPort, '127.0.0.1')
    let upgraded = ''
    await new Promise<void>((resolve) => {
      silent.on('data', (d: Buffer) => {
        upgraded += d.toString('latin1')
        if (upgraded.includes('\r\n\r\n')) resolve()
      })
      silent.write(
        `GET /api/ws HTTP/1.1\r\n${H}Connection: Upgrade\r\nUpgrade: websocket\r\n` +
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
      )
    })
    expect(upgraded).toMatch(/^HTTP\/1.1 101 /)
    const closed = closing.shutdown()
    await new Promise((r) => setTimeout(r, 100))
    const previousPort = port
    port = closingPort
    const raw = await exchange([`GET /api/auth/me/ HTTP/1.1\r\n${H}\r\n`]).finally(() => {
      port = previousPort
    })
    silent.destroy()
    await closed
    const [answer] = parseAnswers(raw)
    expect(answer?.status).toBe(503)
    expect(answer?.headers['content-type']).toMatch(/^application\/json/)
    expect(JSON.parse(answer?.body ?? '')).toEqual({ message: expect.any(String), code: 'service.unavailable' })
  })
})
