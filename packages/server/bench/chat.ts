/**
 * Chat benchmark: messages per second through the API, each delivered to the customer's subscribed WebSocket,
 * with p50/p95/p99 delivery latency, while 1,000 sockets are open. The server runs in its own process
 * (embedded PGlite by default, PostgreSQL when DATABASE_URL is set, on a fresh database); this process is the load.
 *
 *   npm run bench:chat                                   # PGlite
 *   DATABASE_URL=postgres://… npm run bench:chat         # PostgreSQL
 *   BENCH_SOCKETS=1000 BENCH_MESSAGES=20000 BENCH_CONCURRENCY=64 npm run bench:chat
 *   BENCH_CPU_PROFILE=/tmp/prof npm run bench:chat       # also profile the server
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { cpus, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import WebSocket from 'ws'
import {
  BENCH_PASSWORD,
  cpuSeconds,
  freshDatabase,
  httpClient,
  pct,
  startServer,
  waitReady,
  type Json,
} from './harness.js'

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000)
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 20_000)
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1_000)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64)
const PORT = Number(process.env.BENCH_PORT ?? 3900)
const PASSWORD = BENCH_PASSWORD

const api = httpClient(PORT, CONCURRENCY)

function openSocket(token: string, chatId: number, onMessage: (messageId: number) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${PORT}/api/ws?token=${token}`)
    ws.on('message', (raw) => {
      const frame = JSON.parse(
        (Buffer.isBuffer(raw) ? raw : Array.isArray(raw) ? Buffer.concat(raw) : Buffer.from(raw)).toString(),
      ) as { type: string; data?: { message_id?: number } }
      if (frame.type === 'ready') ws.send(JSON.stringify({ type: 'subscribe', channel: `chat:${chatId}` }))
      else if (frame.type === 'subscribed') resolve(ws)
      else if (frame.type === 'message.created' && frame.data?.message_id) onMessage(frame.data.message_id)
      else if (frame.type === 'error') reject(new Error(JSON.stringify(frame)))
    })
    ws.on('error', reject)
    // Servers that do not acknowledge subscriptions: give the subscribe a moment.
    ws.on('open', () => setTimeout(() => resolve(ws), 300))
  })
}

async function main() {
  const db = await freshDatabase()
  const dataDir = mkdtempSync(join(tmpdir(), 'proxima-bench-'))
  const server = startServer({ port: PORT, databaseUrl: db.url, dataDir })
  try {
    await waitReady(PORT)
    const admin = await api('POST', '/api/auth/signin/', { email: 'admin@proxima.local', password: PASSWORD })
    const staffToken = String(admin.token)
    const settings = await api('GET', '/api/tenantmanagement/settings/', undefined, staffToken)
    const widgetKey = String((settings.widget as Json).widget_key)

    // One visitor per socket, each in their own chat.
    // Send time by message id, and arrival time of frames that beat their POST's response.
    const sent = new Map<number, number>()
    const early = new Map<number, number>()
    const latencies: number[] = []
    let measuring = false
    const record = (ms: number) => {
      if (measuring) latencies.push(ms)
    }
    const chats: number[] = []
    const sockets: WebSocket[] = []
    const started = Date.now()
    for (let i = 0; i < SOCKETS; i += 50) {
      await Promise.all(
        Array.from({ length: Math.min(50, SOCKETS - i) }, async () => {
          const visitor = await api('POST', '/api/auth/anonymoususer/', { widget_key: widgetKey })
          const chat = await api('POST', '/api/chat/chat/', {}, String(visitor.token))
          const chatId = Number(chat.chat_id)
          chats.push(chatId)
          sockets.push(
            await openSocket(String(visitor.token), chatId, (messageId) => {
              const now = performance.now()
              const t0 = sent.get(messageId)
              if (t0 === undefined) early.set(messageId, now)
              else {
                record(now - t0)
                sent.delete(messageId)
              }
            }),
          )
        }),
      )
    }
    console.log(`setup: ${SOCKETS} visitors, chats and sockets in ${((Date.now() - started) / 1000).toFixed(1)} s`)

    let next = 0
    const post = async (count: number) => {
      const worker = async () => {
        while (next < count) {
          next++
          const chatId = chats[next % chats.length]!
          const t0 = performance.now()
          const m = await api(
            'POST',
            '/api/chat/message/',
            { chat_id: chatId, text_content: `Reply ${next}` },
            staffToken,
          )
          const id = Number(m.message_id)
          const arrived = early.get(id)
          if (arrived === undefined) sent.set(id, t0)
          else {
            record(arrived - t0)
            early.delete(id)
          }
        }
      }
      await Promise.all(Array.from({ length: CONCURRENCY }, worker))
    }

    await post(WARMUP)
    await new Promise((r) => setTimeout(r, 500))
    sent.clear()
    early.clear()
    next = 0
    measuring = true
    const cpu0 = cpuSeconds(server.pid!)
    const t0 = performance.now()
    await post(MESSAGES)
    const apiSeconds = (performance.now() - t0) / 1000
    const serverCpu = cpuSeconds(server.pid!) - cpu0
    for (let i = 0; i < 50 && sent.size > 0; i++) await new Promise((r) => setTimeout(r, 100))
    const totalSeconds = (performance.now() - t0) / 1000
    measuring = false

    const sorted = [...latencies].sort((a, b) => a - b)
    const status = readFileSync(`/proc/${server.pid}/status`, 'utf8')
    const hwm = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
    console.log(
      `machine: ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB; database: ${db.url ? 'PostgreSQL' : 'PGlite (embedded)'}`,
    )
    console.log(
      `dataset: ${SOCKETS} open sockets (one visitor per chat), ${MESSAGES} staff messages over ${CONCURRENCY} concurrent HTTP requests`,
    )
    console.log(
      `throughput: ${(MESSAGES / apiSeconds).toFixed(0)} messages/s through the API (${apiSeconds.toFixed(2)} s)`,
    )
    console.log(
      `delivered: ${latencies.length}/${MESSAGES} to the subscribed socket within ${totalSeconds.toFixed(2)} s`,
    )
    console.log(
      `delivery latency: p50 ${pct(sorted, 50).toFixed(1)} ms, p95 ${pct(sorted, 95).toFixed(1)} ms, p99 ${pct(sorted, 99).toFixed(1)} ms`,
    )
    console.log(
      `server CPU: ${serverCpu.toFixed(1)} s over ${apiSeconds.toFixed(1)} s (${((100 * serverCpu) / apiSeconds).toFixed(0)} % of one core), ${((1e6 * serverCpu) / MESSAGES).toFixed(0)} µs a message`,
    )
    console.log(`server peak memory: ${hwm.toFixed(0)} MiB`)
    for (const ws of sockets) ws.close()
  } finally {
    server.kill('SIGTERM')
    await new Promise((r) => server.once('exit', r))
    rmSync(dataDir, { recursive: true, force: true })
    await db.drop()
  }
}

await main()
