import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REPORT_COLUMNS } from '@proxima/contracts'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import { auth, createClient, createTenantWithAdmin } from '../factories.js'
import { pdfPages, squash } from './report-files.js'

/*
 * The reports as PDF over HTTP (contract §9.2): the headers of a download, the title, organization, generation time
 * and filters, the CSV's columns and values (without the formula guard), a long cell cut with "…", a voice message as
 * its duration and a link, the empty report, the PDF's own row limit before any byte, and who may ask.
 */

const NOW = new Date('2026-11-20T12:00:00Z')
const HOUR = 3_600_000
const LONG = `${'Lorem ipsum dolor sit amet '.repeat(30)}END`

let app: TestApp
let org: Awaited<ReturnType<typeof createTenantWithAdmin>>
let ids: { chat: number; voice: number; empty: number }

const get = (path: string, query: Record<string, string> = {}, token = org.token) =>
  app.inject({ method: 'GET', url: `/api/reports/${path}/`, query, headers: auth(token) })

beforeAll(async () => {
  app = await buildTestApp({ clock: testClock(NOW) })
  org = await createTenantWithAdmin(app)
  const tenantId = org.tenant.tenant_id
  const db = app.db
  await db
    .updateTable('tenants')
    .set({ timezone: 'Europe/Athens', name: 'Οδοιπόροι Outdoor' })
    .where('id', '=', tenantId)
    .execute()
  const { client } = await createClient(app, { first_name: 'Ελένη', last_name: 'Смирнова' })
  const at = (hoursAgo: number) => new Date(NOW.getTime() - hoursAgo * HOUR)
  const chat = await db
    .insertInto('chats')
    .values({ tenant_id: tenantId, channel: 'website', status: 'resolved', client_id: client.id, created_at: at(10) })
    .returning('id')
    .executeTakeFirstOrThrow()
  const messages = await db
    .insertInto('chat_messages')
    .values([
      {
        tenant_id: tenantId,
        chat_id: chat.id,
        message_sender: 'client',
        sender_kind: 'client',
        sender_user_id: client.id,
        text_content: '-1 is what the invoice says',
        sent_at: at(10),
      },
      {
        tenant_id: tenantId,
        chat_id: chat.id,
        message_sender: 'client',
        sender_kind: 'client',
        sender_user_id: client.id,
        text_content: LONG,
        sent_at: at(9),
      },
      {
        tenant_id: tenantId,
        chat_id: chat.id,
        message_sender: 'client',
        sender_kind: 'client',
        sender_user_id: client.id,
        voice_key: 'v/1.webm',
        voice_mime_type: 'audio/webm',
        voice_duration_ms: 12_345,
        sent_at: at(8),
      },
    ])
    .returning('id')
    .execute()
  const empty = await db
    .insertInto('communities')
    .values({ tenant_id: tenantId, name: 'Сообщество' })
    .returning('id')
    .executeTakeFirstOrThrow()
  ids = { chat: Number(chat.id), voice: Number(messages[2]!.id), empty: Number(empty.id) }
})
afterAll(async () => {
  await app.shutdown()
})

describe('reports as PDF', () => {
  it('a chats report: the headers of a download, the header block, the columns and the values', async () => {
    const res = await get('chatspdf', { status: 'resolved' })
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="proxima-chats-outdoor-20261120-1400\.pdf"; filename\*=UTF-8''/,
    )
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.headers['x-report-rows']).toBe('1')
    const [page, ...more] = await pdfPages(res)
    expect(more).toEqual([])
    // A4 landscape.
    expect(Math.round(page!.width)).toBe(842)
    expect(Math.round(page!.height)).toBe(595)
    expect(page!.text).toContain('Chats report')
    expect(page!.text).toContain('Οδοιπόροι Outdoor')
    expect(page!.text).toContain('Generated 2026-11-20T14:00:00+02:00 (Europe/Athens), 2026-11-20T12:00:00+00:00 (UTC)')
    expect(page!.text).toContain(
      // Thirty days back, across the end of summer time.
      'Created 2026-10-21 15:00 to 2026-11-20 14:00 · Status: resolved · Times in Europe/Athens',
    )
    for (const column of REPORT_COLUMNS.chats) expect(page!.squashed).toContain(squash(column))
    for (const value of [String(ids.chat), '2026-11-20T04:00:00+02:00', 'resolved', 'website', 'Ελένη Смирнова'])
      expect(page!.squashed).toContain(squash(value))
    expect(page!.text).toContain('Page 1 of 1')
  })

  it('a chat’s messages by POST (as the dashboard sends them): values unguarded, long text cut, voice linked', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/reports/messagespdf/',
      payload: { chat_id: ids.chat, timezone: 'UTC' },
      headers: auth(org.token),
    })
    const pages = await pdfPages(res)
    const all = pages.map((p) => p.squashed).join('')
    expect(pages[0]!.text).toContain(`Chat ${ids.chat}, whole history · Times in UTC`)
    // The CSV's guard is a spreadsheet's matter: the PDF shows the text as written.
    expect(all).toContain(squash('-1 is what the invoice says'))
    expect(all).not.toContain(squash("'-1 is what"))
    // More than 500 characters: cut, ending in "…".
    expect(all).toContain(squash(`${LONG.slice(0, 499)}…`))
    expect(all).not.toContain('END')
    expect(all).toContain(squash('12.3 s'))
    const links = pages.flatMap((p) => p.links)
    expect(links).toEqual([expect.stringMatching(new RegExp(`/api/media/voice/${ids.voice}\\?exp=\\d+&sig=`))])
    // The link is a working one.
    const voice = new URL(links[0]!)
    const audio = await app.inject({ method: 'GET', url: `${voice.pathname}${voice.search}` })
    expect(audio.statusCode).not.toBe(403)
  })

  it('an empty report is the header page and "No data for these filters."', async () => {
    const [page, ...more] = await pdfPages(await get('issuespdf', { community_id: String(ids.empty) }))
    expect(more).toEqual([])
    expect(page!.text).toContain('Issues report')
    expect(page!.text).toContain('Community: Сообщество')
    for (const column of REPORT_COLUMNS.issues) expect(page!.squashed).toContain(squash(column))
    expect(page!.text).toContain('No data for these filters.')
    expect(page!.text).toContain('Page 1 of 1')
  })

  it('over the PDF limit is 413 before any byte, naming the limit and the way out', async () => {
    const small = await buildTestApp({ clock: testClock(NOW), env: { REPORT_PDF_MAX_ROWS: '2' } })
    try {
      const owner = await createTenantWithAdmin(small)
      const chats = [1, 2, 3].map((n) => ({
        tenant_id: owner.tenant.tenant_id,
        channel: 'website' as const,
        created_at: new Date(NOW.getTime() - n * HOUR),
      }))
      await small.db.insertInto('chats').values(chats).execute()
      const res = await small.inject({ method: 'GET', url: '/api/reports/chatspdf/', headers: auth(owner.token) })
      expect(res.statusCode).toBe(413)
      expect(res.headers['content-type']).toMatch(/^application\/json/)
      expect(res.json()).toMatchObject({
        code: 'report.too_large',
        message: 'This report has more than 2 rows. Narrow the filters or download CSV.',
      })
      // The CSV's own limit is another.
      const csv = await small.inject({ method: 'GET', url: '/api/reports/chatscsv/', headers: auth(owner.token) })
      expect(csv.statusCode).toBe(200)
    } finally {
      await small.shutdown()
    }
  })

  it('customers may not ask (403); another organization sees nothing of this one (404)', async () => {
    const { token } = await createClient(app)
    expect((await get('chatspdf', {}, token)).statusCode).toBe(403)
    const stranger = await createTenantWithAdmin(app)
    const res = await app.inject({
      method: 'POST',
      url: '/api/reports/messagespdf/',
      payload: { chat_id: ids.chat },
      headers: auth(stranger.token),
    })
    expect(res.statusCode).toBe(404)
    expect((await get('threadpdf', { community_id: String(ids.empty) }, stranger.token)).statusCode).toBe(404)
  })
})
