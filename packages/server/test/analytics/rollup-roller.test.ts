import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRollupRoller } from '../../src/features/analytics/rollup/roller.js'
import { buildTestApp, type TestApp } from '../app.js'
import { createTenantWithAdmin } from '../factories.js'
import { insertEvents, insertMessages, NOW, START, tenantData, writeTenant, type World } from './rollup-data.js'
import {
  clearDirty,
  communityFactsBothWays,
  dirtyHours,
  edgesEvery,
  everyKind,
  factQueries,
  factsBothWays,
  rollupCounts,
} from './rollup-helpers.js'
import { insertChat, insertTopic } from './responses-helpers.js'
import { analyticsWorld, client, comment, issue, stay } from './community-data.js'

/*
 * The roller and the triggers of migration 0016: which changes mark which hours dirty, rebuilding a tenant,
 * sealing an empty database, two rollers at once. The file has a database of its own (sealing is global), and
 * works with the database's real clock: "the present" is now.
 */

const HOUR = 3_600_000
const DAY = 86_400_000
const hourOf = (ms: number) => new Date(Math.floor(ms / HOUR) * HOUR).toISOString()
const sorted = (hours: string[]) => [...new Set(hours)].sort()

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp({ ownDatabase: true })
})
afterAll(async () => {
  await app.shutdown()
})

/** Waits out the last seconds of an hour, so "the present" is one hour for the next statements. */
async function clearOfHourEnd() {
  const left = HOUR - (Date.now() % HOUR)
  if (left < 10_000) await new Promise((r) => setTimeout(r, left + 500))
}

async function org() {
  const o = await createTenantWithAdmin(app)
  return { tenantId: o.tenant.tenant_id, adminId: o.admin.id }
}

describe('sealing', () => {
  // First in the file: the database has no chat yet.
  it('over an empty database seals up to the present hour and rolls nothing', async () => {
    const before = Date.now()
    await createRollupRoller(app.db, { marginMs: 0 }).catchUp()
    const counts = await rollupCounts(app.db, 0)
    const sealed = counts.sealedUntil!.getTime()
    expect([Math.floor(before / HOUR) * HOUR, Math.floor(Date.now() / HOUR) * HOUR]).toContain(sealed)
    // A second run has nothing to do; the default margin does not move the watermark back.
    await createRollupRoller(app.db).catchUp()
    expect((await rollupCounts(app.db, 0)).sealedUntil!.getTime()).toBeGreaterThanOrEqual(sealed)
  })
})

describe('the triggers mark the hours a change touches', () => {
  const past = Math.floor(Date.now() / HOUR) * HOUR - 3 * DAY + 17 * 60_000 + 4_000 // 3 days ago, at :17
  const at = (hours: number) => new Date(past + hours * HOUR).toISOString()

  it('mark a backdated chat, message and event, and not a write of the present', async () => {
    const { tenantId, adminId } = await org()
    await clearDirty(app.db)
    const chatId = await insertChat(app, tenantId, { created: at(0), rating: { value: 4, at: at(30) } })
    expect(await dirtyHours(app.db, tenantId)).toEqual(sorted([hourOf(past), hourOf(past + 30 * HOUR)]))
    await clearDirty(app.db)
    await insertMessages(app, tenantId, [
      { chatId, at: new Date(at(2)), sender: 'client', voice: null, deleted: false },
      { chatId, at: new Date(at(5)), sender: 'tenant', voice: { ms: 1000, bytes: 2000 }, deleted: false },
    ])
    await insertEvents(app, tenantId, [{ chatId, kind: 'reply', at: new Date(at(7)), wait: 12.5, actor: adminId }])
    expect(await dirtyHours(app.db, tenantId)).toEqual(sorted([2, 5, 7].map((h) => hourOf(past + h * HOUR))))

    await clearDirty(app.db)
    await clearOfHourEnd()
    const now = new Date().toISOString()
    const fresh = await insertChat(app, tenantId, { created: now, rating: { value: 5, at: now } })
    await insertMessages(app, tenantId, [
      { chatId: fresh, at: new Date(), sender: 'client', voice: null, deleted: false },
    ])
    await insertEvents(app, tenantId, [{ chatId: fresh, kind: 'escalated', at: new Date(), wait: null, actor: null }])
    expect(await dirtyHours(app.db, tenantId)).toEqual([])
  })

  it('mark a chat’s creation hour when its status changes, and every hour of it when its topic changes', async () => {
    const { tenantId, adminId } = await org()
    const topic = await insertTopic(app, tenantId, 'Billing')
    const chatId = await insertChat(app, tenantId, { created: at(0), status: 'open' })
    await insertMessages(app, tenantId, [
      { chatId, at: new Date(at(1)), sender: 'client', voice: null, deleted: false },
      { chatId, at: new Date(at(26)), sender: 'tenant', voice: null, deleted: false },
    ])
    await insertEvents(app, tenantId, [
      { chatId, kind: 'escalated', at: new Date(at(3)), wait: null, actor: null },
      { chatId, kind: 'first_response', at: new Date(at(27)), wait: 60, actor: adminId },
    ])
    const chat = (values: Record<string, unknown>) =>
      app.db.updateTable('chats').set(values).where('tenant_id', '=', tenantId).where('id', '=', chatId).execute()

    await clearDirty(app.db)
    await chat({ status: 'resolved', resolved_at: new Date() })
    expect(await dirtyHours(app.db, tenantId)).toEqual([hourOf(past)])

    await clearDirty(app.db)
    await chat({ topic_id: topic })
    expect(await dirtyHours(app.db, tenantId)).toEqual(sorted([0, 1, 3, 26, 27].map((h) => hourOf(past + h * HOUR))))

    await clearDirty(app.db)
    await chat({ channel: 'email' })
    expect(await dirtyHours(app.db, tenantId)).toHaveLength(5)

    // Rated, then rated again later: the creation hour and both rating hours.
    await chat({ satisfaction_rating: 3, rated_at: new Date(at(40)) })
    await clearDirty(app.db)
    await chat({ satisfaction_rating: 1, rated_at: new Date(at(50)) })
    expect(await dirtyHours(app.db, tenantId)).toEqual(sorted([0, 40, 50].map((h) => hourOf(past + h * HOUR))))

    // What every new message does to its chat changes no fact: nothing is marked.
    await clearDirty(app.db)
    await chat({ last_message_at: new Date(), updated_at: new Date(), waiting_since: new Date(), assignee_id: adminId })
    expect(await dirtyHours(app.db, tenantId)).toEqual([])
  })

  it('mark a message’s hour when its row or voice facts change, not when its text is edited or deleted', async () => {
    const { tenantId } = await org()
    const chatId = await insertChat(app, tenantId, { created: at(0) })
    await insertMessages(app, tenantId, [
      { chatId, at: new Date(at(4)), sender: 'client', voice: { ms: 900, bytes: 9000 }, deleted: false },
    ])
    const message = (values: Record<string, unknown>) =>
      app.db.updateTable('chat_messages').set(values).where('tenant_id', '=', tenantId).where('chat_id', '=', chatId)

    // A deletion keeps the row (a deleted message still counts), an edit changes only the text.
    await clearDirty(app.db)
    await message({ text_content: 'Edited', updated_at: new Date() }).execute()
    await message({ deleted_at: new Date(), voice_key: null, voice_transcript: null }).execute()
    expect(await dirtyHours(app.db, tenantId)).toEqual([])

    await message({ voice_duration_ms: 950 }).execute()
    expect(await dirtyHours(app.db, tenantId)).toEqual([hourOf(past + 4 * HOUR)])

    await clearDirty(app.db)
    await app.db.deleteFrom('chat_messages').where('tenant_id', '=', tenantId).where('chat_id', '=', chatId).execute()
    expect(await dirtyHours(app.db, tenantId)).toEqual([hourOf(past + 4 * HOUR)])
  })

  it('mark a comment’s, an issue’s and a stay’s hours when they count differently, not a write of the present', async () => {
    const w = await analyticsWorld(app)
    const { tenantId } = w
    const member = await client(app)
    await clearDirty(app.db)
    await stay(app, w, w.communityId, member.id, at(0), at(9))
    const raised = await issue(app, w, w.communityId, member.id, at(1))
    const said = await comment(app, w, raised, { client: member.id }, at(2))
    await comment(app, w, raised, { staff: w.adminId }, at(3))
    expect(await dirtyHours(app.db, tenantId)).toEqual(sorted([0, 9, 1, 2, 3].map((h) => hourOf(past + h * HOUR))))

    const update = (table: 'community_comments' | 'community_issues', id: number, values: Record<string, unknown>) =>
      app.db.updateTable(table).set(values).where('tenant_id', '=', tenantId).where('id', '=', id).execute()
    // An edit changes no fact; a deletion, solving and a later leave do.
    await clearDirty(app.db)
    await update('community_comments', said, { body: 'Edited', edited_at: new Date(), updated_at: new Date() })
    await update('community_issues', raised.issueId, { last_activity_at: new Date(), updated_at: new Date() })
    expect(await dirtyHours(app.db, tenantId)).toEqual([])
    await update('community_comments', said, { deleted_at: new Date(), deleted_by_user_id: w.adminId })
    await update('community_issues', raised.issueId, { solved: true, solved_at: new Date() })
    expect(await dirtyHours(app.db, tenantId)).toEqual(sorted([1, 2].map((h) => hourOf(past + h * HOUR))))
    await clearDirty(app.db)
    await app.db
      .updateTable('community_memberships')
      .set({ left_at: new Date(at(12)) })
      .where('tenant_id', '=', tenantId)
      .where('client_id', '=', member.id)
      .execute()
    expect(await dirtyHours(app.db, tenantId)).toEqual(sorted([0, 9, 12].map((h) => hourOf(past + h * HOUR))))
    // The issue removed with its thread: its hour and its comments' hours.
    await clearDirty(app.db)
    await app.db
      .deleteFrom('community_issues')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', raised.issueId)
      .execute()
    expect(await dirtyHours(app.db, tenantId)).toEqual(sorted([1, 2, 3].map((h) => hourOf(past + h * HOUR))))

    await clearDirty(app.db)
    await clearOfHourEnd()
    const now = new Date().toISOString()
    const newcomer = await client(app)
    await stay(app, w, w.communityId, newcomer.id, now)
    const fresh = await issue(app, w, w.communityId, newcomer.id, now)
    await comment(app, w, fresh, { client: newcomer.id }, now)
    expect(await dirtyHours(app.db, tenantId)).toEqual([])
  })

  it('let a tenant with rolled-up chats be deleted, and the roller drop its marks', async () => {
    const { tenantId } = await org()
    const chatId = await insertChat(app, tenantId, { created: at(0), rating: { value: 2, at: at(2) } })
    await insertMessages(app, tenantId, [
      { chatId, at: new Date(at(1)), sender: 'client', voice: null, deleted: false },
    ])
    await insertEvents(app, tenantId, [{ chatId, kind: 'escalated', at: new Date(at(3)), wait: null, actor: null }])
    await createRollupRoller(app.db, { marginMs: 0 }).catchUp()
    expect((await rollupCounts(app.db, tenantId)).hourChats).toEqual(everyKind(1))

    await app.db.deleteFrom('tenants').where('id', '=', tenantId).execute()
    expect((await dirtyHours(app.db, tenantId)).length).toBeGreaterThan(0)
    await createRollupRoller(app.db, { marginMs: 0 }).catchUp()
    const counts = await rollupCounts(app.db, tenantId)
    expect(counts).toMatchObject({ dirty: 0, hourRows: 0, dayRows: 0 })
  })
})

// A second session writing while the roller runs: PostgreSQL only (PGlite is one session).
describe.skipIf(!process.env.PROXIMA_TEST_DATABASE_URL)('a change still uncommitted while its hour is rolled', () => {
  const past = Math.floor(Date.now() / HOUR) * HOUR - 2 * DAY + 20 * 60_000
  const day = Math.floor(past / DAY) * DAY

  it('is rolled up once it commits, even when its hour was marked before', async () => {
    const { tenantId } = await org()
    const first = await insertChat(app, tenantId, { created: new Date(past).toISOString() })
    const second = await insertChat(app, tenantId, { created: new Date(past + 60_000).toISOString() })
    await createRollupRoller(app.db, { marginMs: 0 }).catchUp()
    // One chat resolved: its creation hour is marked.
    await app.db
      .updateTable('chats')
      .set({ status: 'resolved' })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', first)
      .execute()
    expect(await dirtyHours(app.db, tenantId)).toEqual([hourOf(past)])
    // The other resolved in a transaction that commits only after the roller has rolled that hour again.
    await app.database.session(async (run) => {
      await run('BEGIN')
      await run(`UPDATE chats SET status = 'resolved' WHERE tenant_id = ${tenantId} AND id = ${second}`)
      await createRollupRoller(app.db, { marginMs: 0 }).catchUp()
      await run('COMMIT')
    })
    await createRollupRoller(app.db, { marginMs: 0 }).catchUp()
    const { rolled, live } = await factsBothWays(app.db, tenantId, [new Date(day), new Date(day + DAY)])
    expect(live[0]).toMatchObject({ chats: 2, chats_open: 0, chats_resolved: 2 })
    expect(rolled).toEqual(live)
  })

  it('is rolled up once it commits when its hour is sealed meanwhile', async () => {
    const { tenantId } = await org()
    const chatId = await insertChat(app, tenantId, { created: new Date(past).toISOString() })
    await createRollupRoller(app.db, { marginMs: 0 }).catchUp()
    // The watermark back before the chat's hour, and a mark there already (as a late write leaves one).
    await sql`UPDATE analytics_rollup_state SET sealed_until = ${new Date(day - DAY).toISOString()}::timestamptz`.execute(
      app.db,
    )
    await insertMessages(app, tenantId, [
      { chatId, at: new Date(past + 60_000), sender: 'client', voice: null, deleted: false },
    ])
    expect(await dirtyHours(app.db, tenantId)).toEqual([hourOf(past)])
    await app.database.session(async (run) => {
      await run('BEGIN')
      await run(`UPDATE chats SET status = 'resolved' WHERE tenant_id = ${tenantId} AND id = ${chatId}`)
      await createRollupRoller(app.db, { marginMs: 0 }).catchUp()
      await run('COMMIT')
    })
    await createRollupRoller(app.db, { marginMs: 0 }).catchUp()
    const { rolled, live } = await factsBothWays(app.db, tenantId, [new Date(day), new Date(day + DAY)])
    expect(live[0]).toMatchObject({ chats: 1, chats_resolved: 1, messages: 1 })
    expect(rolled).toEqual(live)
  })
})

/** Hourly, half-past-hourly and daily cuts of the generated span. */
const CUTS = [edgesEvery(START, NOW, HOUR), edgesEvery(START + HOUR / 2, NOW, HOUR), edgesEvery(START, NOW, DAY)]

async function expectRollupsExact(w: World) {
  for (const edges of CUTS)
    for (const q of edges === CUTS[2] ? factQueries(w.topics[0]!) : factQueries(w.topics[0]!).slice(0, 2)) {
      const { rolled, live } = await factsBothWays(app.db, w.tenantId, edges, q)
      expect(rolled, JSON.stringify(q)).toEqual(live)
    }
  for (const edges of CUTS) {
    const { rolled, live } = await communityFactsBothWays(app.db, w.tenantId, edges)
    expect(rolled, 'community facts').toEqual(live)
  }
}

describe('rebuilding a tenant', () => {
  it('rolls every hour of it again, so rollups changed behind the roller’s back are exact again', async () => {
    const w = await writeTenant(app, tenantData(42, 40), 'UTC')
    const other = await writeTenant(app, tenantData(43, 20), 'UTC')
    await createRollupRoller(app.db, { marginMs: 0 }).catchUp()
    await expectRollupsExact(w)
    const otherBefore = await rollupCounts(app.db, other.tenantId)

    await sql`UPDATE analytics_hours SET chats = 999, voice_ms = 7 WHERE tenant_id = ${w.tenantId}`.execute(app.db)
    await sql`UPDATE analytics_days SET chats = 999, rated_5 = 3 WHERE tenant_id = ${w.tenantId}`.execute(app.db)
    await sql`UPDATE analytics_community_days SET comments = 999, leaves = 5 WHERE tenant_id = ${w.tenantId}`.execute(
      app.db,
    )
    // The reads do come from the rollups: now they are wrong.
    const { rolled, live } = await factsBothWays(app.db, w.tenantId, CUTS[2]!)
    expect(rolled).not.toEqual(live)
    const community = await communityFactsBothWays(app.db, w.tenantId, CUTS[2]!)
    expect(community.rolled).not.toEqual(community.live)

    const hours = await createRollupRoller(app.db, { marginMs: 0 }).rebuildTenant(w.tenantId)
    // Every hour from its first chat (in the generated span) up to the present.
    expect(hours).toBeGreaterThan((Date.now() - NOW) / HOUR)
    expect(hours).toBeLessThanOrEqual((Date.now() - START) / HOUR + 1)
    await expectRollupsExact(w)
    expect(await rollupCounts(app.db, w.tenantId)).toMatchObject({ dirty: 0 })
    expect(await rollupCounts(app.db, other.tenantId)).toEqual(otherBefore)
  })
})

describe('two rollers at once', () => {
  it('seal and clean the same history without failing, and leave exact rollups', async () => {
    const w = await writeTenant(app, tenantData(7, 60), 'UTC')
    // From scratch: nothing sealed, every rollup gone, a mark on every hour with activity.
    await sql`DELETE FROM analytics_days`.execute(app.db)
    await sql`DELETE FROM analytics_hours`.execute(app.db)
    await sql`UPDATE analytics_rollup_state SET sealed_until = NULL`.execute(app.db)
    expect((await rollupCounts(app.db, w.tenantId)).dirty).toBeGreaterThan(50)
    const rollers = [1, 2].map(() => createRollupRoller(app.db, { marginMs: 0, dirtyBatch: 7 }))
    await Promise.all(rollers.map((r) => r.catchUp()))
    // The second may stop sealing when the first moved the watermark: one more run finishes what is left.
    await rollers[0]!.catchUp()
    const counts = await rollupCounts(app.db, w.tenantId)
    expect(counts.dirty).toBe(0)
    expect(counts.sealedUntil!.getTime()).toBeGreaterThan(Date.now() - 2 * HOUR)
    expect(counts.dayChats).toEqual(everyKind(counts.chats))
    await expectRollupsExact(w)
  })

  it('run concurrently with writes into sealed hours without losing one', async () => {
    const w = await writeTenant(app, tenantData(8, 30), 'UTC')
    await createRollupRoller(app.db, { marginMs: 0 }).catchUp()
    const chats = await app.db
      .selectFrom('chats')
      .select(['id', 'created_at'])
      .where('tenant_id', '=', w.tenantId)
      .orderBy('id')
      .execute()
    const roller = createRollupRoller(app.db, { marginMs: 0, dirtyBatch: 3 })
    const writes = chats.map(async (c, i) => {
      await insertMessages(app, w.tenantId, [
        {
          chatId: Number(c.id),
          at: new Date(c.created_at.getTime() + i * 60_000),
          sender: 'client',
          voice: null,
          deleted: false,
        },
      ])
      if (i % 5 === 0) await roller.runOnce()
    })
    await Promise.all([...writes, roller.catchUp(), createRollupRoller(app.db, { marginMs: 0 }).catchUp()])
    await createRollupRoller(app.db, { marginMs: 0 }).catchUp()
    expect((await rollupCounts(app.db, w.tenantId)).dirty).toBe(0)
    await expectRollupsExact(w)
  })
})
