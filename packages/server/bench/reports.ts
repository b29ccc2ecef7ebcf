/**
 * Report exports benchmark (contract §9): the messages report as CSV over 1,000,000 messages, against the floor of
 * PostgreSQL writing the same rows itself (`COPY (SELECT …) TO STDOUT WITH CSV`, the same joins, read by this process
 * and thrown away), measured in the same run on the same database. Prints rows per second of each and the server's
 * peak resident memory above what it held before the export (sampled every 20 ms from /proc). Then one chat's 5,000
 * messages as PDF. Targets: the CSV at ≥ 50 % of the COPY floor's rows/s with peak RSS growth under 100 MB; the PDF
 * under 5 s.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:reports
 *   BENCH_ROWS=200000 BENCH_ROUNDS=3 …                                  # a smaller report, more rounds
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import { cpus, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { to as copyTo } from 'pg-copy-streams'
import { BENCH_PASSWORD, freshDatabase, httpClient, startServer, waitReady } from './harness.js'

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const PORT = Number(process.env.BENCH_PORT ?? 3904)
const PER_CHAT = 100
/** The PDF measured: one chat's whole history of this many messages (older than the CSV's 30 days). */
const PDF_ROWS = 5_000

const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED')
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

/** The resident memory of a process, in bytes. */
function rss(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'))
  return Number(line?.split(/\s+/)[1] ?? 0) * 1024
}

/** One tenant's chats and `ROWS` messages over the last 20 days, written by the database itself. */
async function generate(url: string, tenantId: number): Promise<number> {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    const chats = Math.ceil(ROWS / PER_CHAT)
    await c.query(
      `INSERT INTO chats (tenant_id, channel, status, created_at)
       SELECT $1, (ARRAY['website','mobile','whatsapp'])[1 + g % 3], 'resolved', now() - interval '21 days'
       FROM generate_series(1, $2) g`,
      [tenantId, chats],
    )
    await c.query(
      `INSERT INTO chat_messages (tenant_id, chat_id, message_sender, sender_kind, text_content, topic_name, escalated,
         sent_at)
       SELECT $1, ch.ids[1 + (g - 1) / ${PER_CHAT}], CASE WHEN g % 2 = 0 THEN 'tenant' ELSE 'client' END, 'external',
         'Message ' || g || ': the order arrived, but the box was damaged, "please" advise', 'Shipping', g % 50 = 0,
         now() - interval '20 days' + (g::float8 / $2) * interval '19 days'
       FROM (SELECT array_agg(id ORDER BY id) AS ids FROM chats WHERE tenant_id = $1) ch,
         generate_series(1, $2) g`,
      [tenantId, ROWS],
    )
    // One more chat, 40 days old, whose whole history is the PDF measured: texts of varied length, as people write.
    const pdfChat = await c.query<{ id: string }>(
      `INSERT INTO chats (tenant_id, channel, status, created_at)
       VALUES ($1, 'website', 'resolved', now() - interval '40 days') RETURNING id`,
      [tenantId],
    )
    await c.query(
      `INSERT INTO chat_messages (tenant_id, chat_id, message_sender, sender_kind, text_content, topic_name, sent_at)
       SELECT $1, $2, CASE WHEN g % 2 = 0 THEN 'tenant' ELSE 'client' END, 'external',
         'Message ' || g || ': ' || repeat('the parcel was left at the wrong door, could you check? ', 1 + g % 5),
         'Shipping', now() - interval '40 days' + g * interval '1 second'
       FROM generate_series(1, $3) g`,
      [tenantId, pdfChat.rows[0]!.id, PDF_ROWS],
    )
    await c.query('ANALYZE chats; ANALYZE chat_messages')
    return Number(pdfChat.rows[0]!.id)
  } finally {
    await c.end()
  }
}

/** PostgreSQL writing the report's rows as CSV itself: the floor. */
async function copyFloor(url: string, tenantId: number): Promise<{ seconds: number; bytes: number }> {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    const started = performance.now()
    const stream = c.query(
      copyTo(`COPY (
        SELECT m.id, m.chat_id, m.sent_at, m.message_sender,
          coalesce(nullif(trim(concat_ws(' ', su.first_name, su.last_name)), ''), su.username, v.name),
          c.channel, m.topic_name, m.escalated, m.text_content, m.voice_duration_ms / 1000.0
        FROM chat_messages m
        JOIN chats c ON c.tenant_id = m.tenant_id AND c.id = m.chat_id
        LEFT JOIN users su ON su.id = m.sender_user_id
        LEFT JOIN anonymous_users v ON v.tenant_id = m.tenant_id AND v.id = m.sender_visitor_id
        WHERE m.tenant_id = ${tenantId} AND m.deleted_at IS NULL
          AND m.sent_at >= now() - interval '30 days' AND m.sent_at < now()
        ORDER BY m.sent_at, m.id
      ) TO STDOUT WITH CSV HEADER`),
    )
    let bytes = 0
    for await (const chunk of stream) bytes += (chunk as Buffer).length
    return { seconds: (performance.now() - started) / 1000, bytes }
  } finally {
    await c.end()
  }
}

/** Downloads a report, sampling the server's memory meanwhile. */
function download(path: string, token: string, pid: number) {
  return new Promise<{ seconds: number; bytes: number; rows: number; peakRss: number }>((resolve, reject) => {
    const started = performance.now()
    let peakRss = rss(pid)
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rss(pid))), 20)
    const req = http.get(
      { host: '127.0.0.1', port: PORT, path, headers: { authorization: `Token ${token}` } },
      (res) => {
        if (res.statusCode !== 200) {
          clearInterval(sampler)
          reject(new Error(`${path} → ${res.statusCode}`))
          res.resume()
          return
        }
        let bytes = 0
        res.on('data', (c: Buffer) => (bytes += c.length))
        res.on('end', () => {
          clearInterval(sampler)
          peakRss = Math.max(peakRss, rss(pid))
          const seconds = (performance.now() - started) / 1000
          resolve({ seconds, bytes, rows: Number(res.headers['x-report-rows']), peakRss })
        })
        res.on('error', reject)
      },
    )
    req.on('error', (err) => {
      clearInterval(sampler)
      reject(err)
    })
  })
}

async function main() {
  console.log(`machine: ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB`)
  if (!process.env.DATABASE_URL) throw new Error('bench:reports measures against PostgreSQL: set DATABASE_URL')
  const db = await freshDatabase()
  const dataDir = mkdtempSync(join(tmpdir(), 'proxima-bench-'))
  const server = startServer({ port: PORT, databaseUrl: db.url, dataDir })
  try {
    await waitReady(PORT)
    const api = httpClient(PORT, 1)
    const session = await api('POST', '/api/auth/signin/', { email: 'admin@proxima.local', password: BENCH_PASSWORD })
    const token = String(session.token)
    const tenantId = Number((session.tenant_id as { tenant_id: number }).tenant_id)
    let t0 = performance.now()
    const pdfChat = await generate(db.url!, tenantId)
    console.log(
      `generated ${ROWS.toLocaleString('en-US')} messages in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    )

    const path = '/api/reports/messagescsv/?timezone=UTC'
    // A small export first, so that the memory measured below is the export's, not the first request's.
    await download('/api/reports/chatscsv/?timezone=UTC&channel=email', token, server.pid!)
    const copies: number[] = []
    const exports: { rate: number; growth: number; bytes: number }[] = []
    for (let round = 0; round < ROUNDS; round++) {
      const floor = await copyFloor(db.url!, tenantId)
      copies.push(ROWS / floor.seconds)
      const before = rss(server.pid!)
      t0 = performance.now()
      const d = await download(path, token, server.pid!)
      if (d.rows !== ROWS) throw new Error(`the report has ${d.rows} rows, not ${ROWS}`)
      exports.push({ rate: d.rows / d.seconds, growth: d.peakRss - before, bytes: d.bytes })
      console.log(
        `round ${round + 1}: COPY ${floor.seconds.toFixed(2)} s (${(floor.bytes / 2 ** 20).toFixed(0)} MB), ` +
          `export ${d.seconds.toFixed(2)} s (${(d.bytes / 2 ** 20).toFixed(0)} MB), ` +
          `server RSS ${(before / 2 ** 20).toFixed(0)} → peak ${(d.peakRss / 2 ** 20).toFixed(0)} MB`,
      )
    }
    const floorRate = median(copies)
    const rate = median(exports.map((e) => e.rate))
    const growth = Math.max(...exports.map((e) => e.growth))
    console.log(`\nmessages report as CSV, ${ROWS.toLocaleString('en-US')} rows, median of ${ROUNDS} rounds:`)
    console.log(`  COPY floor      ${Math.round(floorRate).toLocaleString('en-US').padStart(10)} rows/s`)
    console.log(`  export          ${Math.round(rate).toLocaleString('en-US').padStart(10)} rows/s`)
    console.log(`\ntargets:`)
    console.log(
      `  export ≥ 50 % of the COPY floor: ${verdict(rate >= 0.5 * floorRate)} (${((100 * rate) / floorRate).toFixed(0)} %)`,
    )
    console.log(
      `  peak server RSS growth < 100 MB: ${verdict(growth < 100 * 2 ** 20)} (${(growth / 2 ** 20).toFixed(0)} MB at most)`,
    )

    const pdfs: { seconds: number; growth: number; bytes: number }[] = []
    for (let round = 0; round < ROUNDS; round++) {
      const before = rss(server.pid!)
      const d = await download(`/api/reports/messagespdf/?chat_id=${pdfChat}&timezone=UTC`, token, server.pid!)
      if (d.rows !== PDF_ROWS) throw new Error(`the PDF has ${d.rows} rows, not ${PDF_ROWS}`)
      pdfs.push({ seconds: d.seconds, growth: d.peakRss - before, bytes: d.bytes })
      console.log(
        `PDF round ${round + 1}: ${d.seconds.toFixed(2)} s (${(d.bytes / 2 ** 20).toFixed(1)} MB), ` +
          `server RSS ${(before / 2 ** 20).toFixed(0)} → peak ${(d.peakRss / 2 ** 20).toFixed(0)} MB`,
      )
    }
    const pdfSeconds = median(pdfs.map((p) => p.seconds))
    console.log(
      `  ${PDF_ROWS.toLocaleString('en-US')}-row PDF under 5 s: ${verdict(pdfSeconds < 5)} ` +
        `(${pdfSeconds.toFixed(2)} s, median of ${ROUNDS}; peak RSS growth ` +
        `${(Math.max(...pdfs.map((p) => p.growth)) / 2 ** 20).toFixed(0)} MB)`,
    )
  } finally {
    server.kill('SIGTERM')
    await new Promise((r) => server.once('exit', r))
    await db.drop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
