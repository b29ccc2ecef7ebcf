import WebSocket from 'ws'
import type { TestApp } from '../app.js'

export type Frame = {
  type: string
  event_id?: string
  occurred_at?: string
  channel?: string
  data?: Record<string, unknown>
  [k: string]: unknown
}

/** A real WebSocket client that records every frame and the close code. */
export class WsClient {
  readonly frames: Frame[] = []
  readonly closed: Promise<{ code: number; reason: string }>
  private waiters: { match: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = []

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const f = JSON.parse(
        (Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data)).toString(),
      ) as Frame
      this.frames.push(f)
      for (const w of [...this.waiters]) {
        if (w.match(f)) {
          this.waiters.splice(this.waiters.indexOf(w), 1)
          w.resolve(f)
        }
      }
    })
    this.closed = new Promise((resolve) =>
      socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
    )
  }

  static async open(baseUrl: string, query = ''): Promise<WsClient> {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/ws${query}`)
    const client = new WsClient(socket)
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve())
      socket.once('error', reject)
    })
    return client
  }

  /** Opens a socket with `?token=` and waits for `ready`. */
  static async ready(baseUrl: string, token: string): Promise<WsClient> {
    const client = await WsClient.open(baseUrl, `?token=${encodeURIComponent(token)}`)
    await client.next((f) => f.type === 'ready')
    return client
  }

  send(value: unknown) {
    this.socket.send(typeof value === 'string' ? value : JSON.stringify(value))
  }

  /** The first recorded or future frame that matches. */
  next(match: (f: Frame) => boolean = () => true, timeoutMs = 5_000): Promise<Frame> {
    const seen = this.frames.find(match)
    if (seen) return Promise.resolve(seen)
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(this.frames)}`)),
        timeoutMs,
      )
      this.waiters.push({
        match,
        resolve: (f) => {
          clearTimeout(timer)
          resolve(f)
        },
      })
    })
  }

  /** Sends `ping` and waits for its `pong`: every frame sent before has then been handled. */
  async roundTrip(): Promise<void> {
    const before = this.frames.filter((f) => f.type === 'pong').length
    this.send({ type: 'ping' })
    await this.next(() => this.frames.filter((f) => f.type === 'pong').length > before)
  }

  close() {
    this.socket.close()
  }
}

/** Listens on an ephemeral loopback port and returns the base URL. */
export async function listen(app: TestApp): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('no address')
  return `http://127.0.0.1:${address.port}`
}

/** A chat of a tenant, written directly so these tests do not depend on the chat endpoints. */
export async function insertChat(app: TestApp, tenantId: number): Promise<number> {
  const row = await app.db
    .insertInto('chats')
    .values({ tenant_id: tenantId, channel: 'website' })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** Stored staff messages in a chat, for publishing events about rows that exist. */
export async function insertMessages(app: TestApp, tenantId: number, chatId: number, count: number): Promise<number[]> {
  const rows = await app.db
    .insertInto('chat_messages')
    .values(
      Array.from({ length: count }, (_, i) => ({
        tenant_id: tenantId,
        chat_id: chatId,
        message_sender: 'tenant' as const,
        sender_kind: 'staff' as const,
        text_content: `Message ${i + 1}`,
      })),
    )
    .returning('id')
    .execute()
  return rows.map((r) => r.id)
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** The close code of a socket and how long after `since` it came; fails when the socket stays open past `withinMs`. */
export async function closedWithin(
  client: WsClient,
  withinMs: number,
  since = Date.now(),
): Promise<{ code: number; afterMs: number }> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`socket still open after ${withinMs} ms`)), withinMs)
  })
  try {
    const { code } = await Promise.race([client.closed, timeout])
    return { code, afterMs: Date.now() - since }
  } finally {
    clearTimeout(timer)
  }
}

/** Signs in again with email and password: a second session of the same account. */
export async function signIn(app: TestApp, email: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/signin/', payload: { email, password } })
  if (res.statusCode !== 200) throw new Error(`signin: ${res.statusCode} ${res.body}`)
  return res.json<{ token: string }>().token
}
