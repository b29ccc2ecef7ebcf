import type { FastifyInstance } from 'fastify'
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import type { Executor } from '../../db/database.js'
import { countOutboxMailsByStatus } from './metrics.queries.js'

export type RealtimeStats = { connections: number; authenticated: number; channels: number }

/** Prometheus metrics: HTTP traffic by route, WebSocket connections, the outbox by status, and process figures. */
export function registerMetrics(
  app: FastifyInstance,
  deps: {
    db: Executor
    token: string | undefined
    realtime?: () => RealtimeStats
    pool?: () => { total: number; idle: number; waiting: number } | null
  },
) {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const requests = new Counter({
    name: 'proxima_http_requests_total',
    help: 'HTTP requests by route, method and status',
    labelNames: ['route', 'method', 'status'],
    registers: [registry],
  })
  const latency = new Histogram({
    name: 'proxima_http_request_duration_seconds',
    help: 'HTTP request latency by route and method',
    labelNames: ['route', 'method'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  })
  new Gauge({
    name: 'proxima_outbox_mails',
    help: 'Outgoing mails by status',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      // While the database is unreachable the other figures still matter most: keep the last counts.
      const rows = await countOutboxMailsByStatus(deps.db).catch(() => null)
      if (!rows) return
      this.reset()
      for (const r of rows) this.set({ status: r.status }, r.count)
    },
  })
  const pool = deps.pool
  if (pool) {
    new Gauge({
      name: 'proxima_database_pool_connections',
      help: 'PostgreSQL pool of this process: connections in use and idle, and requests waiting for one',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const s = pool()
        if (!s) return
        this.set({ state: 'in_use' }, s.total - s.idle)
        this.set({ state: 'idle' }, s.idle)
        this.set({ state: 'waiting' }, s.waiting)
      },
    })
  }

  const realtime = deps.realtime
  if (realtime) {
    new Gauge({
      name: 'proxima_websocket_connections',
      help: 'Open WebSocket connections of this process, by state',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const s = realtime()
        this.set({ state: 'authenticated' }, s.authenticated)
        this.set({ state: 'pending' }, s.connections - s.authenticated)
      },
    })
    new Gauge({
      name: 'proxima_websocket_channels',
      help: 'Chat, community and thread channels with at least one subscriber in this process',
      registers: [registry],
      collect() {
        this.set(realtime().channels)
      },
    })
  }

  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched'
    if (route === '/metrics') return
    requests.inc({ route, method: req.method, status: String(reply.statusCode) })
    latency.observe({ route, method: req.method }, reply.elapsedTime / 1000)
  })

  app.get('/metrics', { schema: { hide: true }, config: { public: true, rateLimit: false } }, async (req, reply) => {
    const header = req.headers.authorization ?? ''
    if (!deps.token || header !== `Bearer ${deps.token}`) return reply.callNotFound()
    return reply.type(registry.contentType).send(await registry.metrics())
  })
}
