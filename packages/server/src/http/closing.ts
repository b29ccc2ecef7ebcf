import type { FastifyInstance } from 'fastify'
import { AppError } from '../lib/errors.js'

/** How often idle keep-alive connections are closed while the server stops. */
const IDLE_SWEEP_MS = 100

export const restarting = () =>
  new AppError(503, 'service.unavailable', 'The server is restarting. Try again in a moment.')

/**
 * What HTTP connections see once `app.close()` has begun (contract §14): new requests answer 503, and every
 * response, including those of requests that were already running, closes its connection. Without that, a request
 * in flight when the stop began answers with keep-alive and leaves its connection open and idle; the server then
 * waits for the client, or for the keep-alive timeout, before it can stop. Connections that are idle meanwhile are
 * closed as soon as they are.
 */
export function registerClosing(app: FastifyInstance) {
  let closing = false
  let sweep: NodeJS.Timeout | undefined
  app.addHook('preClose', (done) => {
    closing = true
    app.server.closeIdleConnections()
    sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS)
    sweep.unref()
    done()
  })
  app.addHook('onClose', (_instance, done) => {
    clearInterval(sweep)
    done()
  })
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return
    void reply.header('Connection', 'close')
    throw restarting()
  })
  app.addHook('onSend', async (_request, reply) => {
    if (closing) void reply.header('Connection', 'close')
  })
}
