import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REPORT_COLUMNS } from '@proxima/contracts'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import { auth, createClient, createEmployee, createTenantWithAdmin } from '../factories.js'
import { csvRows } from './report-files.js'

/*
 * The chats and messages reports as CSV (contract §9): every cell of small known data, the format rules (byte-order
 * mark, CRLF, quoting, the formula guard, times in the report's time zone), the filters, the empty report, the row
 * limit before any byte, and who may ask.
 */

const NOW = new Date('2026-11-20T12:00:00Z')
const HOUR = 3_600_000

let app: TestApp
let org: Awaited<ReturnType<typeof createTenantWithAdmin>>
let ids: { chats: number[]; messages: number[]; visitor: number; topic: number; agent: number }

const get = (path: string, query: Record<string, string> = {}, token = org.token) =>
  app.inject({ method: 'GET', url: `/api/reports/${path}/`, query, headers: auth(token) })

beforeAll(async () => {
  app = await buildTestApp({ clock: testClock(NOW) })
  org = await createTenantWithAdmin(app)
  const tenantId = org.tenant.tenant_id
  const db = app.db
  await db
    .updateTable('tenants')
    .set({ timezone: 'Asia/Kathmandu', name: 'Ünïcode & Co. Outdoor' })
    .where('id', '=', tenantId)
    .execute()
  const { employee: agent } = await createEmployee(app, org.token)
  await db.updateTable('users').set({ first_name: 'Ada', last_name: 'Agent' }).where('id', '=', agent.id).execute()
  const { client } = await createClient(app, { first_name: 'Cora', last_name: 'Client' })
  const topic = await db
    .insertInto('chat_topics')
    .values({ tenant_id: tenantId, name: 'Billing' })
    .returning('id')
    .executeTakeFirstOrThrow()
  const visitor = await db
    .insertInto('anonymous_users')
    .values({ tenant_id: tenantId, name: null })
    .returning('id')
    .executeTakeFirstOrThrow()
  const at = (hoursAgo: number) => new Date(NOW.getTime() - hoursAgo * HOUR)
  // Three chats: a client's, resolved and rated, with a formula-like comment; a visitor's, open, escalated; an old one.
  const chats = await db
    .insertInto('chats')
    .values([
      {
        tenant_id: tenantId,
        channel: 'website',
        status: 'resolved',
        client_id: client.id,
        assignee_id: agent.id,
        topic_id: Number(topic.id),
        satisfaction_rating: 4,
        satisfaction_comment: '=HYPERLINK("x"), said "fine"\nthanks',
        rated_at: at(2),
        resolved_at: at(3),
        created_at: at(10),
      },
      {
        tenant_id: tenantId,
        channel: 'mobile',
        status: 'open',
        visitor_id: Number(visitor.id),
        escalated: true,
        created_at: at(5),
      },
      { tenant_id: tenantId, channel: 'website', status: 'pending', created_at: at(24 * 40) },
    ])
    .returning('id')
    .execute()
  const [first, second] = chats.map((c) => Number(c.id))
  const messages = await db
    .insertInto('chat_messages')
    .values([
      {
        tenant_id: tenantId,
        chat_id: first!,
        message_sender: 'client',
        sender_kind: 'client',
        sender_user_id: client.id,
        text_content: 'Hello, I was charged twice',
        sent_at: at(10),
      },
      {
        tenant_id: tenantId,
        chat_id: first!,
        message_sender: 'tenant',
        sender_kind: 'staff',
        sender_user_id: agent.id,
        text_content: '-1 refund issued',
        topic_name: 'Billing',
        sent_at: at(9.5),
      },
      {
        tenant_id: tenantId,
        chat_id: first!,
        message_sender: 'client',
        sender_kind: 'client',
        sender_user_id: client.id,
        text_content: 'gone',
        deleted_at: at(9),
        sent_at: at(9.2),
      },
      {
        tenant_id: tenantId,
        chat_id: second!,
        message_sender: 'client',
        sender_kind: 'visitor',
        sender_visitor_id: Number(visitor.id),
        voice_key: 'v/1.webm',
        voice_mime_type: 'audio/webm',
        voice_duration_ms: 12_345,
        escalated: true,
        sent_at: at(5),
      },
    ])
    .returning('id')
    .execute()
  await db
    .insertInto('chat_events')
    .values({
      tenant_id: tenantId,
      chat_id: first!,
      kind: 'first_response',
      wait_seconds: '1800.4',
      occurred_at: at(9.5),
    })
    .execute()
  ids = {
    chats: chats.map((c) => Number(c.id)),
    messages: messages.map((m) => Number(m.id)),
    visitor: Number(visitor.id),
    topic: Number(topic.id),
    agent: agent.id,
  }
})
afterAll(async () => {
  await app.shutdown()
})

describe('chats report as CSV', () => {
  it('writes every chat of the last 30 days, newest first, with the headers of a download', async () => {
    const res = await get('chatscsv')
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.headers['x-report-rows']).toBe('2')
    // The organization's name as a slug, the time in its time zone (Kathmandu, +05:45).
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="proxima-chats-unicode-co-outdoor-20261120-1745.csv"; ' +
        "filename*=UTF-8''proxima-chats-unicode-co-outdoor-20261120-1745.csv",
    )
    const [header, ...rows] = csvRows(res)
    expect(header).toEqual(REPORT_COLUMNS.chats)
    expect(rows).toEqual([
      [
        String(ids.chats[1]),
        '2026-11-20T12:45:00+05:45',
        'open',
        'mobile',
        `Visitor ${ids.visitor}`,
        '',
        '',
        '',
        'yes',
        '',
        '',
        '1',
        '',
        '',
      ],
      [
        String(ids.chats[0]),
        '2026-11-20T07:45:00+05:45',
        'resolved',
        'website',
        'Cora Client',
        expect.stringMatching(/@example\.com$/),
        'Ada Agent',
        'Billing',
        'no',
        '4',
        // A comment that starts like a formula is guarded; its comma, quotes and line break survive the quoting.
        `'=HYPERLINK("x"), said "fine"\nthanks`,
        '2',
        '1800',
        '2026-11-20T14:45:00+05:45',
      ],
    ])
  })

  it('writes times in the time zone asked for, and narrows by status, channel, assignee, topic and window', async () => {
    const utc = csvRows(await get('chatscsv', { timezone: 'UTC' }))
    expect(utc[1]![1]).toBe('2026-11-20T07:00:00+00:00')
    const only = async (query: Record<string, string>) =>
      csvRows(await get('chatscsv', query))
        .slice(1)
        .map((r) => Number(r[0]))
    expect(await only({ status: 'resolved' })).toEqual([ids.chats[0]])
    expect(await only({ channel: 'mobile,website' })).toEqual([ids.chats[1], ids.chats[0]])
    expect(await only({ assignee: 'none' })).toEqual([ids.chats[1]])
    expect(await only({ assignee: String(ids.agent) })).toEqual([ids.chats[0]])
    expect(await only({ topic_id: String(ids.topic) })).toEqual([ids.chats[0]])
    expect(await only({ from: '2026-01-01' })).toEqual([ids.chats[1], ids.chats[0], ids.chats[2]])
    // A date means that whole day in the report's time zone: the 20th in Kathmandu starts at 18:15 UTC on the 19th.
    expect(await only({ from: '2026-11-20', to: '2026-11-20' })).toEqual([ids.chats[1], ids.chats[0]])
    expect(await only({ from: '2026-11-21', to: '2026-11-22' })).toEqual([])
  })

  it('takes the same filters as a JSON body by POST', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/reports/chatscsv/',
      payload: { status: ['open'], timezone: 'UTC' },
      headers: auth(org.token),
    })
    expect(
      csvRows(res)
        .slice(1)
        .map((r) => Number(r[0])),
    ).toEqual([ids.chats[1]])
  })

  it('writes the header row alone when nothing matches', async () => {
    const res = await get('chatscsv', { channel: 'whatsapp' })
    expect(res.headers['x-report-rows']).toBe('0')
    expect(res.rawPayload.toString('utf8')).toBe(`\uFEFF${REPORT_COLUMNS.chats.join(',')}\r\n`)
  })
})

describe('messages report as CSV', () => {
  it('writes one chat’s whole history oldest first, leaving deleted messages out', async () => {
    const [header, ...rows] = csvRows(await get('messagescsv', { chat_id: String(ids.chats[0]) }))
    expect(header).toEqual(REPORT_COLUMNS.messages)
    expect(rows).toEqual([
      [
        String(ids.messages[0]),
        String(ids.chats[0]),
        '2026-11-20T07:45:00+05:45',
        'client',
        'Cora Client',
        'website',
        '',
        'no',
        'Hello, I was charged twice',
        '',
      ],
      // A text starting with "-" is guarded.
      [
        String(ids.messages[1]),
        String(ids.chats[0]),
        '2026-11-20T08:15:00+05:45',
        'tenant',
        'Ada Agent',
        'website',
        'Billing',
        'no',
        "'-1 refund issued",
        '',
      ],
    ])
  })

  it('writes a voice message as its duration, and narrows by sender and channel in the window', async () => {
    const rows = csvRows(await get('messagescsv', { sender: 'client', channel: 'mobile' })).slice(1)
    expect(rows).toEqual([
      [
        String(ids.messages[3]),
        String(ids.chats[1]),
        '2026-11-20T12:45:00+05:45',
        'client',
        `Visitor ${ids.visitor}`,
        'mobile',
        '',
        'yes',
        '',
        '12.3',
      ],
    ])
    expect(csvRows(await get('messagescsv')).length).toBe(4)
  })
})

describe('refusals', () => {
  it('answers 400 naming the field for a bad filter, before any byte', async () => {
    for (const [path, query, field] of [
      ['chatscsv', { status: 'closed' }, 'status'],
      ['chatscsv', { from: '2026-11-20', to: '2026-11-19' }, 'to'],
      ['chatscsv', { timezone: 'Mars/Olympus' }, 'timezone'],
      ['messagescsv', { sender: 'robot' }, 'sender'],
      ['messagescsv', { chat_id: 'abc' }, 'chat_id'],
    ] as const) {
      const res = await get(path, query)
      expect(res.statusCode, `${path} ${JSON.stringify(query)}`).toBe(400)
      expect(res.headers['content-type']).toMatch(/^application\/json/)
      expect(Object.keys(res.json<{ errors: object }>().errors).map((k) => k.split('.')[0])).toContain(field)
    }
  })

  it('answers 413 over the row limit, with the limit in the message, before any byte', async () => {
    const small = await buildTestApp({ clock: testClock(NOW), env: { REPORT_CSV_MAX_ROWS: '1' } })
    try {
      const res = await small.inject({ method: 'GET', url: '/api/reports/chatscsv/', headers: auth(org.token) })
      expect(res.statusCode).toBe(413)
      expect(res.json()).toEqual({
        code: 'report.too_large',
        message: 'This report has more than 1 row. Narrow the filters.',
      })
    } finally {
      await small.shutdown()
    }
  })

  it('answers 404 to another organization’s staff and for another organization’s chat, 403 to customers, 401 without a token', async () => {
    const stranger = await createTenantWithAdmin(app)
    const theirs = csvRows(await get('chatscsv', {}, stranger.token))
    expect(theirs.length).toBe(1)
    expect((await get('messagescsv', { chat_id: String(ids.chats[0]) }, stranger.token)).statusCode).toBe(404)
    expect((await get('chatscsv', { tenant_id: String(org.tenant.tenant_id) }, stranger.token)).statusCode).toBe(404)
    // Another organization's staff member or topic as a filter looks absent too.
    expect((await get('chatscsv', { assignee: String(ids.agent) }, stranger.token)).statusCode).toBe(404)
    expect((await get('chatscsv', { topic_id: String(ids.topic) }, stranger.token)).statusCode).toBe(404)
    expect((await get('chatscsv', { topic_id: '999999999' })).statusCode).toBe(404)
    const { token: customerToken } = await createClient(app)
    expect((await get('chatscsv', {}, customerToken)).statusCode).toBe(403)
    expect((await app.inject({ method: 'GET', url: '/api/reports/chatscsv/' })).statusCode).toBe(401)
  })
})
