import type { Duplex } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import websocket from '@fastify/websocket'
import { hashToken } from '../../lib/crypto.js'
import { AppError } from '../../lib/errors.js'
import { answerOnSocket } from '../../http/errors.js'
import type { Database } from '../../db/database.js'
import { SESSIONS_CHANNEL } from '../auth/session-cache.js'
import type { EventBus } from './bus.js'
import { CLOSE } from './frames.js'
import type { RealtimeHub } from './hub.js'

export type RealtimeRoutesOptions = {
  hub: RealtimeHub
  /** Awaited before the route opens, so this process hears other processes' events from the start. */
  bus: EventBus & { ready?: () => Promise<void> }
  /** True once graceful shutdown has begun: new sockets are then closed at once with 1001. */
  isShuttingDown: () => boolean
  /**
   * Where the database's `proxima_sessions` notices are heard (every process hears every change to what a token
   * resolves to): sockets whose session ended are closed at once rather than at the next periodic check.
   */
  sessionNotices?: Pick<Database, 'listen'>
}

/** Largest client frame accepted; bigger ones close the socket (1009). */
const MAX_FRAME_BYTES = 16 * 1024

function queryToken(query: unknown): string | undefined {
  const raw = (query as Record<string, unknown> | undefined)?.token
  if (typeof raw === 'string') return raw
  return Array.isArray(raw) && typeof raw[0] === 'string' ? raw[0] : undefined
}

/** `GET /api/ws` (contract §4.9). Authentication is the socket's own (query or first frame), so the route is public. */
export async function realtimeRoutes(app: FastifyInstance, opts: RealtimeRoutesOptions) {
  const { hub, bus } = opts
  await bus.ready?.()
  if (opts.sessionNotices) {
    const stopListening = await opts.sessionNotices.listen(SESSIONS_CHANNEL, (payload) => hub.sessionsChanged(payload))
    app.addHook('onClose', stopListening)
  }
  await app.register(websocket, {
    options: { maxPayload: MAX_FRAME_BYTES },
    // Unclean disconnects are routine for sockets; drop the socket without an error log.
    errorHandler: (err, socket, request) => {
      request.log.debug({ err }, 'websocket error')
      socket.terminate()
    },
    // On app close: refuse new sockets and close the open ones with 1001 before the server stops.
    preClose: async () => {
      await hub.shutdown()
      app.websocketServer.close()
    },
  })

  // A handshake the WebSocket server refuses (no key, unknown version…) answers 400 JSON like any other request.
  app.websocketServer.on('wsClientError', (err: Error, socket: Duplex) => {
    const versionHeader = /version/i.test(err.message) ? { 'Sec-WebSocket-Version': '13, 8' } : undefined
    answerOnSocket(socket, new AppError(400, 'request.invalid_upgrade', `${err.message}.`), versionHeader)
  })

  app.route({
    method: 'GET',
    url: '/api/ws',
    // A plain HTTP request names nothing here.
    handler: (_request, reply) => reply.callNotFound(),
    wsHandler: (socket, request) => {
      if (opts.isShuttingDown()) {
        socket.close(CLOSE.goingAway, 'The server is shutting down.')
        return
      }
      hub.accept(socket, queryToken(request.query))
    },
    schema: { hide: true },
    config: {
      public: true,
      // The default bucket (contract §1.9), keyed by the query token like other routes key by the header token.
      rateLimit: {
        keyGenerator: (req) => {
          const token = queryToken(req.query)
          return token ? `ws:${hashToken(token).slice(0, 32)}` : `ws-ip:${req.ip}`
        },
      },
    },
  })

  // The bus itself is closed by its owner, the app.
  app.addHook('onClose', async () => {
    await hub.close()
  })
}
