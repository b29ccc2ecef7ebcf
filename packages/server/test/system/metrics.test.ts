import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../app.js'
import { createTenantWithAdmin } from '../factories.js'
import { listen, WsClient } from '../realtime/ws-client.js'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(async () => {
  await app.shutdown()
})

const NOT_FOUND = { message: 'Not found.', code: 'not_found' }

describe('GET /metrics', () => {
  it('hides /metrics behind 404 when no METRICS_TOKEN is configured', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer anything-at-all-here' },
    })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual(NOT_FOUND)
  })

  it('serves Prometheus text only to the configured bearer token', async () => {
    const token = 'metrics-token-0123456789'
    const withMetrics = await buildTestApp({ env: { METRICS_TOKEN: token } })
    try {
      await withMetrics.inject({ method: 'GET', url: '/healthz' })
      const wrong = await withMetrics.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer metrics-token-wrong-value' },
      })
      expect(wrong.statusCode).toBe(404)
      expect(wrong.json()).toEqual(NOT_FOUND)
      const none = await withMetrics.inject({ method: 'GET', url: '/metrics' })
      expect(none.statusCode).toBe(404)
      const res = await withMetrics.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${token}` },
      })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toMatch(/^text\/plain/)
      expect(res.body).toContain('# TYPE proxima_http_requests_total counter')
      expect(res.body).toMatch(/proxima_http_requests_total\{route="\/healthz",method="GET",status="200"\} \d+/)
      expect(res.body).toContain('proxima_outbox_mails')
      expect(res.body).toContain('proxima_websocket_connections{state="authenticated"} 0')
      if (withMetrics.database.kind === 'postgres')
        expect(res.body).toMatch(/proxima_database_pool_connections\{state="idle"\} \d+/)
      else expect(res.body).not.toContain('proxima_database_pool_connections{')
    } finally {
      await withMetrics.shutdown()
    }
  })

  it('counts open WebSocket connections by state', async () => {
    const token = 'metrics-token-0123456789'
    const withMetrics = await buildTestApp({ env: { METRICS_TOKEN: token } })
    const sockets: WsClient[] = []
    try {
      const url = await listen(withMetrics)
      const org = await createTenantWithAdmin(withMetrics)
      sockets.push(await WsClient.ready(url, org.token), await WsClient.ready(url, org.token))
      sockets.push(await WsClient.open(url))
      const res = await withMetrics.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${token}` },
      })
      expect(res.body).toContain('proxima_websocket_connections{state="authenticated"} 2')
      expect(res.body).toContain('proxima_websocket_connections{state="pending"} 1')
    } finally {
      for (const s of sockets) s.close()
      await withMetrics.shutdown()
    }
  })
})
