import { randomUUID } from 'node:crypto'
import type { WebSocket, RawData } from 'ws'
import type { FastifyBaseLogger } from 'fastify'
import type { Actor } from '../../http/actor.js'
import { isDatabaseUnavailable } from '../../lib/errors.js'
import type { ResolvedToken } from '../auth/sessions.service.js'
import type { EventBus } from './bus.js'
import { CLOSE, errorFrame, frame, parseFrame, type ClientFrame, type ServerFrame } from './frames.js'
import type { RealtimeViews, TopicChannel } from './views.js'

export type HubSettings = {
  /** Server ping control frames; a socket that misses two pongs in a row is dropped. */
  pingIntervalMs: number
  /** How often live tokens are resolved again (revocation, account disable). */
  recheckMs: number
  /** Time allowed for the `auth` frame when no `?token=` was given. */
  authTimeoutMs: number
  maxFramesPerSecond: number
  /** Minimum time between two typing `start` frames of one socket for one chat. */
  typingIntervalMs: number
  maxSubscriptions: number
  /** A socket whose unsent data grows beyond this is closed (1013) rather than buffered without bound. */
  maxBufferedBytes: number
}

/** What a connection needs from its hub. */
export type HubContext = {
  settings: HubSettings
  resolve: (token: string) => Promise<ResolvedToken>
  views: () => RealtimeViews
  bus: EventBus
  log: FastifyBaseLogger
  accepting: () => boolean
  onAuthenticated: (conn: Connection) => void
  subscribe: (conn: Connection, channel: TopicChannel) => void
  unsubscribe: (conn: Connection, channel: TopicChannel) => void
  onClosed: (conn: Connection) => void
}

const TOKEN_MESSAGES = {
  missing: 'Sign in to continue.',
  invalid: 'Your session is not valid. Sign in again.',
  expired: 'Your session has expired. Sign in again.',
  revoked: 'Your session has ended. Sign in again.',
} as const

/** One WebSocket: authentication, the frame protocol and its limits. Frames are handled one at a time, in order. */
export class Connection {
  readonly id = randomUUID()
  actor: Actor | null = null
  token: string | null = null
  expiresAt = 0
  readonly subscriptions = new Set<TopicChannel>()
  missedPongs = 0
  closed = false
  private authStarted = false
  private windowStart = 0
  private framesInWindow = 0
  private readonly typingAt = new Map<number, number>()
  private queue: Promise<void> = Promise.resolve()
  private authTimer: NodeJS.Timeout | undefined
  private killTimer: NodeJS.Timeout | undefined

  constructor(
    readonly socket: WebSocket,
    private readonly hub: HubContext,
    queryToken: string | undefined,
  ) {
    socket.on('message', (data, isBinary) => this.onMessage(data, isBinary))
    socket.on('pong', () => {
      this.missedPongs = 0
    })
    socket.on('close', () => this.onSocketClosed())
    if (queryToken !== undefined) {
      this.authStarted = true
      this.enqueue(() => this.authenticate(queryToken))
    } else {
      this.authTimer = setTimeout(
        () => this.close(CLOSE.unauthorized, TOKEN_MESSAGES.missing),
        hub.settings.authTimeoutMs,
      )
      this.authTimer.unref()
    }
  }

  send(message: ServerFrame | string): void {
    if (this.closed || this.socket.readyState !== this.socket.OPEN) return
    if (this.socket.bufferedAmount > this.hub.settings.maxBufferedBytes) {
      this.close(CLOSE.tryAgainLater, 'The connection is too slow.')
      return
    }
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message))
  }

  /** Closes with a code and reason; the socket is dropped if the peer does not complete the close handshake. */
  close(code: number, reason: string): void {
    if (this.closed) return
    this.markClosed()
    try {
      this.socket.close(code, reason)
    } catch {
      this.socket.terminate()
      return
    }
    this.killTimer = setTimeout(() => this.socket.terminate(), 2_000)
    this.killTimer.unref()
  }

  terminate(): void {
    this.markClosed()
    this.socket.terminate()
  }

  private markClosed() {
    if (this.closed) return
    this.closed = true
    clearTimeout(this.authTimer)
    this.hub.onClosed(this)
  }

  private onSocketClosed() {
    clearTimeout(this.killTimer)
    this.markClosed()
  }

  private enqueue(task: () => Promise<void>) {
    this.queue = this.queue.then(async () => {
      if (this.closed) return
      try {
        await task()
      } catch (err) {
        if (isDatabaseUnavailable(err)) {
          this.hub.log.warn({ err: (err as Error).message, connection: this.id }, 'database unavailable')
          this.send(errorFrame('service.unavailable', 'The service is briefly unavailable. Try again in a moment.'))
          return
        }
        this.hub.log.error({ err, connection: this.id }, 'realtime frame failed')
        this.send(errorFrame('internal', 'Something went wrong. Try again later.'))
      }
    })
  }

  private onMessage(data: RawData, isBinary: boolean) {
    if (this.closed) return
    const now = Date.now()
    if (now - this.windowStart >= 1_000) {
      this.windowStart = now
      this.framesInWindow = 0
    }
    if (++this.framesInWindow > this.hub.settings.maxFramesPerSecond) {
      this.close(CLOSE.tooManyFrames, 'Too many frames.')
      return
    }
    const parsed = isBinary ? 'Frames must be JSON text.' : parseFrame(rawText(data))
    if (!this.authStarted) {
      // Without `?token=` the first frame must be `auth`.
      if (typeof parsed === 'string' || parsed.type !== 'auth') {
        this.close(CLOSE.unauthorized, TOKEN_MESSAGES.missing)
        return
      }
      this.authStarted = true
      clearTimeout(this.authTimer)
      this.enqueue(() => this.authenticate(parsed.token))
      return
    }
    if (typeof parsed === 'string') {
      this.enqueue(async () => this.send(errorFrame('validation.failed', parsed)))
      return
    }
    this.enqueue(() => this.handle(parsed))
  }

  private async authenticate(token: string) {
    let resolved: ResolvedToken
    try {
      resolved = token ? await this.hub.resolve(token) : { status: 'invalid' }
    } catch (err) {
      // The database is away for now: the client retries later, as after any other close.
      if (isDatabaseUnavailable(err)) {
        this.hub.log.warn({ err: (err as Error).message, connection: this.id }, 'database unavailable')
        this.close(CLOSE.tryAgainLater, 'The service is briefly unavailable. Try again in a moment.')
        return
      }
      this.hub.log.error({ err, connection: this.id }, 'realtime authentication failed')
      this.close(CLOSE.serverError, 'Something went wrong. Try again later.')
      return
    }
    if (this.closed) return
    if (resolved.status !== 'ok') {
      this.close(CLOSE.unauthorized, token ? TOKEN_MESSAGES[resolved.status] : TOKEN_MESSAGES.missing)
      return
    }
    if (resolved.actor.kind === 'staff' && resolved.tenant?.status === 'suspended') {
      this.close(CLOSE.forbidden, 'This organization is suspended.')
      return
    }
    if (!this.hub.accepting()) {
      this.close(CLOSE.goingAway, 'The server is shutting down.')
      return
    }
    this.actor = resolved.actor
    this.token = token
    this.expiresAt = resolved.expiresAt.getTime()
    this.hub.onAuthenticated(this)
    this.send(frame('ready', { user_type: resolved.userType, connection_id: this.id }))
  }

  private async handle(f: ClientFrame) {
    const actor = this.actor
    if (!actor) return
    switch (f.type) {
      case 'auth':
        this.send(errorFrame('validation.failed', 'This connection is already authenticated.'))
        return
      case 'ping':
        this.send(frame('pong'))
        return
      case 'unsubscribe':
        this.hub.unsubscribe(this, f.channel)
        return
      case 'subscribe': {
        if (this.subscriptions.has(f.channel)) return
        if (this.subscriptions.size >= this.hub.settings.maxSubscriptions) {
          this.send(
            errorFrame('validation.failed', `At most ${this.hub.settings.maxSubscriptions} channels per connection.`),
          )
          return
        }
        const allowed = await this.hub.views().canSubscribe(actor, f.channel)
        if (this.closed) return
        if (allowed) this.hub.subscribe(this, f.channel)
        else this.send(errorFrame('not_found', 'Not found.'))
        return
      }
      case 'typing': {
        const now = Date.now()
        if (f.state === 'start') {
          const last = this.typingAt.get(f.chat_id)
          if (last !== undefined && now - last < this.hub.settings.typingIntervalMs) return
          this.typingAt.set(f.chat_id, now)
          if (this.typingAt.size > 200) this.typingAt.delete(this.typingAt.keys().next().value!)
        } else {
          this.typingAt.delete(f.chat_id)
        }
        const who = await this.hub.views().typingOf(actor, f.chat_id)
        if (this.closed) return
        if (!who) {
          this.send(errorFrame('not_found', 'Not found.'))
          return
        }
        this.hub.bus.publish({
          type: 'typing',
          tenantId: who.tenantId,
          chatId: f.chat_id,
          sender: who.sender,
          user: who.user,
          state: f.state,
        })
        return
      }
    }
  }
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8')
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8')
  return data.toString('utf8')
}
