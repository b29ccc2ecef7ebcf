import { request, type IncomingMessage } from 'node:http'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../app.js'
import { createTenantWithAdmin } from '../factories.js'
import { listen } from '../realtime/ws-client.js'

/*
 * A report streams (contract §9.2): a client that stops reading holds its export open; a client that goes away frees
 * it, and its statement in the database ends; at most two exports of an organization run at once (§1.9: the third is
 * 429 before any byte). Over a real socket, with a report larger than the socket buffers.
 */

const MESSAGES = 60_000

let app: TestApp
let base: string
let org: Awaited<ReturnType<typeof createTenantWithAdmin>>
let otherOrg: Awaited<ReturnType<typeof createTenantWithAdmin>>

beforeAll(async () => {
  app = await buildTestApp()
  org = await createTenantWithAdmin(app)
  const tenantId = org.tenant.tenant_id
  const chat = await app.db
    .insertInto('chats')
    .values({ tenant_id: tenantId, channel: 'website', status: 'open' })
    .returning('id')
    .executeTakeFirstOrThrow()
  await sql`INSERT INTO chat_messages (tenant_id, chat_id, message_sender, sender_kind, text_content, sent_at)
    SELECT ${tenantId}, ${chat.id}, 'tenant', 'staff', repeat('A long enough line of text. ', 4) || g,
      now() - interval '1 day' + (g / 3) * interval '1 millisecond'
    FROM generate_series(1, ${MESSAGES}) g`.execute(app.db)
  otherOrg = await createTenantWithAdmin(app)
  const otherChat = await app.db
    .insertInto('chats')
    .values({ tenant_id: otherOrg.tenant.tenant_id, channel: 'website', status: 'open' })
    .returning('id')
    .executeTakeFirstOrThrow()
  await sql`INSERT INTO chat_messages (tenant_id, chat_id, message_sender, sender_kind, text_content, sent_at)
    SELECT ${otherOrg.tenant.tenant_id}, ${otherChat.id}, 'client', 'client', 'Line ' || g, now() - interval '1 hour'
    FROM generate_series(1, 3) g`.execute(app.db)
  base = await listen(app)
})
afterAll(async () => {
  await app.shutdown()
})

/** Starts a download and resolves with its response once the headers are in, without reading the body. */
function open(path: string, token = org.token): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { headers: { authorization: `Token ${token}` } }, (res) => {
      res.pause()
      resolve(res)
    })
    req.on('error', reject)
    req.end()
  })
}

/** Reads a response to its end; the number of bytes. */
async function drain(res: IncomingMessage): Promise<number> {
  let bytes = 0
  for await (const chunk of res) bytes += (chunk as Buffer).length
  return bytes
}

const ALL = '/api/reports/messagescsv/?from=2000-01-01'

describe('streaming', () => {
  it('allows two exports at once; a third is 429 before any byte; one that goes away frees its place', async () => {
    const a = await open(ALL)
    const b = await open(ALL)
    expect([a.statusCode, b.statusCode]).toEqual([200, 200])
    expect(a.headers['x-report-rows']).toBe(String(MESSAGES))

    const third = await open(ALL)
    expect(third.statusCode).toBe(429)
    expect(third.headers['content-type']).toMatch(/^application\/json/)
    expect(JSON.parse((await drainText(third)) || '{}')).toMatchObject({ code: 'rate_limited' })

    // Another organization's export meanwhile: with the server's COPY places taken (PostgreSQL), it is written from
    // pages, the same file.
    const other = await drainText(await open('/api/reports/messagescsv/?from=2000-01-01', otherOrg.token))
    expect(other.split('\r\n').slice(1, -1)).toHaveLength(3)

    // The client of `a` goes away mid-file: its export ends and another may start.
    a.destroy()
    const next = await eventually(async () => {
      const res = await open(ALL)
      if (res.statusCode === 429) await drain(res)
      return res.statusCode === 200 ? res : undefined
    })
    // Read to the end, it is the whole report: the header row and every message once, though three messages share
    // each instant and pages of 1,000 end among them.
    const lines = (await drainText(next)).split('\r\n').slice(1, -1)
    expect(lines.length).toBe(MESSAGES)
    expect(new Set(lines.map((l) => l.split(',')[0])).size).toBe(MESSAGES)
    b.destroy()
    // Nothing of the exports is left running in the database once their clients are gone (on a PostgreSQL server,
    // their COPY statements; on the embedded database, which reads pages, there is nothing to hold).
    await eventually(async () => ((await copiesRunning()) === 0 ? true : undefined))
  })
})

/** How many COPY statements of the test's database are running. */
async function copiesRunning(): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`SELECT count(*) AS n FROM pg_stat_activity
    WHERE datname = current_database() AND state = 'active' AND query LIKE 'COPY (%'`.execute(app.db)
  return Number(rows[0]!.n)
}

async function drainText(res: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of res) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/** Retries `attempt` for up to 5 s until it gives a value. */
async function eventually<T>(attempt: () => Promise<T | undefined>): Promise<T> {
  const until = Date.now() + 5_000
  for (;;) {
    const value = await attempt()
    if (value !== undefined) return value
    if (Date.now() > until) throw new Error('gave up waiting')
    await new Promise((r) => setTimeout(r, 50))
  }
}
