import {
  ANALYTICS_METRICS,
  AnalyticsBatchInput,
  type AnalyticsBatchReply,
  type AnalyticsFilterInput,
} from '@proxima/contracts'
import type { Updateable } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChatsTable } from '../../src/db/schema.js'
import { createAnalyticsService, type AnalyticsService } from '../../src/features/analytics/analytics.service.js'
import { createRollupRoller } from '../../src/features/analytics/rollup/roller.js'
import { createSettingsService } from '../../src/features/tenants/settings.service.js'
import type { StaffActor } from '../../src/http/actor.js'
import { buildTestApp, testClock, type TestApp } from '../app.js'
import { insertEvents, insertMessages, NOW, START, tenantData, writeTenant, type World } from './rollup-data.js'
import {
  communityFactsBothWays,
  edgesEvery,
  everyKind,
  factQueries,
  factsBothWays,
  rollupCounts,
} from './rollup-helpers.js'

/*
 * The rollups' promise: every analytics reply is the same whether sealed hours are read from the rollups or
 * everything from the live tables. Two tenants of seeded random activity, all 33 metrics for many filters (time
 * zones with DST and half hours, every granularity, windows cut mid-hour, channel and topic filters), compared
 * with the rollups half sealed, fully sealed, and after late changes before and after the roller rolls them again.
 * The file has a database of its own, so sealing and the dirty marks are this file's alone.
 */

const HOUR = 3_600_000
const DAY = 86_400_000
const iso = (ms: number) => new Date(ms).toISOString()

const clock = testClock(new Date(NOW))
let app: TestApp
let rolled: AnalyticsService
let live: AnalyticsService
let a: World
let b: World

beforeAll(async () => {
  app = await buildTestApp({ clock, ownDatabase: true })
  a = await writeTenant(app, tenantData(20251115, 160), 'America/New_York')
  b = await writeTenant(app, tenantData(8675309, 110), 'Asia/Kolkata')
  const settings = createSettingsService({ db: app.db, clock })
  rolled = createAnalyticsService({ db: app.db, clock, settings, rollups: true })
  live = createAnalyticsService({ db: app.db, clock, settings, rollups: false })
}, 120_000)
afterAll(async () => {
  await app.shutdown()
})

/** The filters compared: every granularity, the four time zones, windows cut anywhere, channel and topic. */
function filters(w: World): AnalyticsFilterInput[] {
  return [
    {},
    { from: iso(NOW - 30 * DAY), to: iso(NOW), timezone: 'UTC', granularity: 'day' },
    // 45 days ending at 17:00 UTC.
    { from: '2025-09-28T17:00:00Z', to: '2025-11-12T17:00:00Z', timezone: 'UTC', granularity: 'day' },
    { from: '2025-10-03T17:00:00Z', to: '2025-11-12T17:00:00Z', timezone: 'UTC', granularity: 'hour' },
    { from: '2025-09-15', to: '2025-11-14', timezone: 'America/New_York', granularity: 'week' },
    { from: '2025-10-30', to: '2025-11-04', timezone: 'America/New_York', granularity: 'hour' },
    { from: '2025-10-01', to: '2025-11-14', timezone: 'Asia/Kolkata', granularity: 'day' },
    { from: '2025-10-20', to: '2025-11-10', timezone: 'Asia/Kolkata', granularity: 'hour' },
    { from: '2025-09-14', to: '2025-11-15', timezone: 'Australia/Adelaide', granularity: 'month' },
    { from: '2025-10-01', to: '2025-10-10', timezone: 'Australia/Adelaide', granularity: 'hour' },
    { channel: ['website', 'email'], timezone: 'Asia/Kolkata', granularity: 'day' },
    { topic_id: w.topics[0]!, from: '2025-09-20', timezone: 'Australia/Adelaide', granularity: 'week' },
    {
      channel: ['mobile'],
      topic_id: w.topics[1]!,
      from: '2025-11-01T10:17:00Z',
      to: '2025-11-12T04:45:00Z',
      timezone: 'UTC',
      granularity: 'hour',
    },
    { community: w.communityId, survey: w.surveyId, assignee: w.adminId, granularity: 'day' },
    { thread: w.threadId, limit: 3, channel: ['whatsapp', 'facebook', 'instagram'], granularity: 'month' },
  ]
}

const adminOf = (w: World): StaffActor => ({
  kind: 'staff',
  userId: w.adminId,
  tenantId: w.tenantId,
  userType: 'admin',
  tokenId: 0,
})

/** One filter of each time zone and granularity, for the checks around one instant (the watermark). */
const SOME = new Set([0, 3, 4, 5, 6, 8, 12])

/**
 * Every metric of every filter (or `some` of them) of both tenants: the same reply from the rollups as from the
 * live tables.
 */
async function expectSameReplies(when: string, which: 'all' | 'some' = 'all') {
  let compared = 0
  for (const w of [a, b])
    for (const [i, filter] of filters(w).entries()) {
      if (which === 'some' && !SOME.has(i)) continue
      const input = AnalyticsBatchInput.parse({ metrics: ANALYTICS_METRICS, filter })
      const fromRollups = await rolled.batch(adminOf(w), input)
      const fromLive = await live.batch(adminOf(w), input)
      const label = `${when}, tenant ${w === a ? 'a' : 'b'}, filter ${JSON.stringify(filter)}`
      // Only the survey metric without a survey may refuse; anything else is a reply to compare.
      expect(Object.keys(fromLive.errors), label).toEqual(filter.survey ? [] : ['surveyratings'])
      expect(fromRollups.errors, label).toEqual(fromLive.errors)
      for (const name of ANALYTICS_METRICS) {
        if (fromLive.errors[name]) continue
        expect(withoutTime(fromRollups, name), `${label}: ${name}`).toEqual(withoutTime(fromLive, name))
        compared++
      }
    }
  return compared
}

/**
 * Every rollup measure (voice, responses and ratings too) for several cuts: per channel and topic, and for the
 * days also totals, per channel, per topic and filtered (each kind of rollup row).
 */
async function expectSameFacts(when: string) {
  const cuts: Record<string, Date[]> = {
    hours: edgesEvery(START, NOW, HOUR),
    'hours from half past': edgesEvery(START + HOUR / 2, NOW, HOUR),
    days: edgesEvery(START, NOW, DAY),
    'weeks from 10:17': edgesEvery(START + 10 * HOUR + 17 * 60_000, NOW, 7 * DAY),
    'the whole span': [new Date(START - DAY), new Date(NOW + DAY)],
  }
  for (const w of [a, b])
    for (const [name, edges] of Object.entries(cuts)) {
      const queries = name === 'days' ? factQueries(w.topics[0]!) : factQueries(w.topics[0]!).slice(0, 2)
      for (const q of queries) {
        const { rolled, live } = await factsBothWays(app.db, w.tenantId, edges, q)
        expect(live.length).toBeGreaterThan(0)
        expect(rolled, `${when}, tenant ${w === a ? 'a' : 'b'}, ${name}, ${JSON.stringify(q)}`).toEqual(live)
      }
      for (const community of [undefined, w.communityId]) {
        const { rolled, live } = await communityFactsBothWays(app.db, w.tenantId, edges, community)
        expect(live.length).toBeGreaterThan(0)
        expect(rolled, `${when}, tenant ${w === a ? 'a' : 'b'}, ${name}, community ${community}`).toEqual(live)
      }
    }
}

function withoutTime(reply: AnalyticsBatchReply, name: string) {
  const { meta, ...values } = reply.results[name] as { meta: Record<string, unknown> }
  const { generated_at: _, ...rest } = meta
  return { ...values, meta: rest }
}

/** Chats counted in the window by `countchats` (so the data is not empty where it is compared). */
async function chatCount(w: World, filter: AnalyticsFilterInput) {
  const input = AnalyticsBatchInput.parse({ metrics: ['countchats'], filter })
  const reply = await live.batch(adminOf(w), input)
  return (reply.results.countchats as { chat_count: number }).chat_count
}

describe('rollup reads equal live reads', { timeout: 240_000 }, () => {
  it('has activity in the compared windows', async () => {
    for (const w of [a, b]) {
      expect(await chatCount(w, {})).toBeGreaterThan(30)
      expect(await chatCount(w, { channel: ['website', 'email'] })).toBeGreaterThan(5)
      expect(await chatCount(w, { topic_id: w.topics[0]!, from: '2025-09-20' })).toBeGreaterThan(5)
    }
  })

  it('with the rollups sealed up to an hour in the middle of the data', async () => {
    // Sealed up to 07:00 UTC on Oct 20: the roller's margin puts "the hour that ended margin ago" there.
    const sealTo = Date.parse('2025-10-20T07:00:00Z')
    await createRollupRoller(app.db, { marginMs: Date.now() - sealTo - 30 * 60_000 }).catchUp()
    const counts = await rollupCounts(app.db, a.tenantId)
    expect(counts.sealedUntil).toEqual(new Date(sealTo))
    expect(counts.hourRows).toBeGreaterThan(0)
    expect(counts.dayRows).toBeGreaterThan(0)
    // Days only while all their hours are sealed (the last one Oct 19). Hour rows may run past the watermark: the
    // rows written above marked their hours, which the roller rolled too, and reads take as live all the same.
    expect(counts.lastDay!.getTime()).toBeLessThanOrEqual(sealTo - 7 * HOUR - DAY)
    await expectSameFacts('half sealed')
    expect(await expectSameReplies('half sealed', 'some')).toBeGreaterThan(400)
  })

  it('with every hour up to the present rolled up', async () => {
    await createRollupRoller(app.db, { marginMs: 0 }).catchUp()
    for (const w of [a, b]) {
      const counts = await rollupCounts(app.db, w.tenantId)
      expect(counts.sealedUntil!.getTime()).toBeGreaterThan(Date.now() - 2 * HOUR)
      expect(counts.dirty).toBe(0)
      // Every chat and message is in the hour rows, and in the day rows (all of them are in whole sealed days),
      // per channel and topic and in each kind of sum.
      expect(counts.hourChats).toEqual(everyKind(counts.chats))
      expect(counts.dayChats).toEqual(everyKind(counts.chats))
      expect(counts.hourMessages).toEqual(everyKind(counts.messages))
      expect(counts.dayMessages).toEqual(everyKind(counts.messages))
      expect(counts.chats).toBeGreaterThan(100)
    }
    await expectSameFacts('all sealed')
    // Two communities with activity: the sum over all of them is more than one of them.
    for (const w of [a, b]) {
      const span = [new Date(START - DAY), new Date(NOW + DAY)]
      const all = await communityFactsBothWays(app.db, w.tenantId, span)
      const one = await communityFactsBothWays(app.db, w.tenantId, span, w.communityId)
      expect(all.rolled[0]![1].comments).toBeGreaterThan(one.rolled[0]![1].comments)
      expect(all.rolled[0]![1].joins).toBeGreaterThan(one.rolled[0]![1].joins)
    }
    await expectSameReplies('all sealed')
  })

  it('after late changes to sealed hours: read live until rolled again, then from the rollups', async () => {
    await lateChanges(a)
    await lateChanges(b)
    expect((await rollupCounts(app.db, a.tenantId)).dirty).toBeGreaterThan(5)
    expect((await rollupCounts(app.db, b.tenantId)).dirty).toBeGreaterThan(5)
    await expectSameFacts('late changes, not rolled yet')
    await expectSameReplies('late changes, not rolled yet')

    await createRollupRoller(app.db, { marginMs: 0 }).catchUp()
    for (const w of [a, b]) {
      const counts = await rollupCounts(app.db, w.tenantId)
      expect(counts.dirty).toBe(0)
      expect(counts.dayChats).toEqual(everyKind(counts.chats))
      expect(counts.dayMessages).toEqual(everyKind(counts.messages))
    }
    await expectSameFacts('late changes rolled again')
    await expectSameReplies('late changes rolled again', 'some')
  })
})

/**
 * Changes to hours sealed long ago, as the product makes them: a chat moved to another topic and channel, chats
 * resolved and reopened, a message row removed, a backdated message and events written, chats rated and re-rated,
 * a chat removed with everything in it.
 */
async function lateChanges(w: World) {
  const db = app.db
  const old = new Date(NOW - 12 * DAY)
  const chats = await db
    .selectFrom('chats')
    .select(['id', 'status', 'topic_id', 'channel', 'satisfaction_rating', 'created_at'])
    .where('tenant_id', '=', w.tenantId)
    .where('created_at', '<', old)
    .orderBy('id')
    .execute()
  const withMessages = await db
    .selectFrom('chat_messages')
    .select(['chat_id', 'id', 'voice_mime_type'])
    .where('tenant_id', '=', w.tenantId)
    .where('sent_at', '<', old)
    .orderBy('id')
    .execute()
  const busy = chats.filter((c) => withMessages.filter((m) => m.chat_id === c.id).length >= 3)
  const pick = (i: number) => busy[i % busy.length]!
  const set = (id: number, values: Updateable<ChatsTable>) =>
    db.updateTable('chats').set(values).where('tenant_id', '=', w.tenantId).where('id', '=', id).execute()

  // Another topic and channel for a chat with messages and events long ago.
  const moved = pick(0)
  await set(moved.id, { topic_id: w.topics.find((t) => t !== moved.topic_id) ?? null, channel: 'whatsapp' })
  await set(pick(1).id, { topic_id: null })
  // Resolved, and reopened (one without an owner, so it cannot clash with another open chat of its owner).
  const open = chats.find((c) => c.status === 'open')!
  await set(open.id, { status: 'resolved' })
  const resolved = chats.find((c) => c.status === 'resolved' && c.id !== open.id)!
  await db
    .updateTable('chats')
    .set({ status: 'pending', client_id: null, visitor_id: null })
    .where('tenant_id', '=', w.tenantId)
    .where('id', '=', resolved.id)
    .execute()
  // A message row removed: a voice message if there is one.
  const gone = withMessages.find((m) => m.voice_mime_type !== null) ?? withMessages[0]!
  await db.deleteFrom('chat_messages').where('tenant_id', '=', w.tenantId).where('id', '=', gone.id).execute()
  // A backdated voice message, reply and escalation in a chat of long ago.
  const late = pick(2)
  const at = new Date(late.created_at.getTime() + 90 * 60_000 + 17_000)
  await insertMessages(app, w.tenantId, [
    { chatId: late.id, at, sender: 'client', voice: { ms: 4_321, bytes: 65_432 }, deleted: false },
  ])
  await insertEvents(app, w.tenantId, [
    { chatId: late.id, kind: 'reply', at, wait: 123.456, actor: w.adminId },
    { chatId: late.id, kind: 'escalated', at: new Date(at.getTime() + HOUR), wait: null, actor: null },
  ])
  // Rated again (other stars, a later time), and a first rating of a chat that had none.
  const rated = chats.find((c) => c.satisfaction_rating !== null)!
  await set(rated.id, {
    satisfaction_rating: (rated.satisfaction_rating! % 5) + 1,
    rated_at: new Date(rated.created_at.getTime() + 3 * DAY + 1234),
  })
  const unrated = chats.find((c) => c.satisfaction_rating === null)!
  const firstRating = new Date(unrated.created_at.getTime() + 5 * HOUR)
  await set(unrated.id, { satisfaction_rating: 2, rated_at: firstRating, first_rated_at: firstRating })
  // A whole chat removed, with its messages and events.
  await db.deleteFrom('chats').where('tenant_id', '=', w.tenantId).where('id', '=', pick(3).id).execute()
  await lateCommunityChanges(w, old)
}

/**
 * Community changes to hours sealed long ago: a comment deleted, a staff reply backdated into an old thread, an
 * issue solved or reopened, an issue removed with its thread and comments, a stay ended long ago and one begun.
 */
async function lateCommunityChanges(w: World, old: Date) {
  const db = app.db
  const comments = await db
    .selectFrom('community_comments')
    .select(['id', 'thread_id', 'issue_id', 'created_at'])
    .where('tenant_id', '=', w.tenantId)
    .where('deleted_at', 'is', null)
    .where('created_at', '<', old)
    .orderBy('id')
    .execute()
  const gone = comments[0]!
  await db
    .updateTable('community_comments')
    .set({ deleted_at: new Date(NOW), deleted_by_user_id: w.adminId })
    .where('tenant_id', '=', w.tenantId)
    .where('id', '=', gone.id)
    .execute()
  const replied = comments[comments.length - 1]!
  await db
    .insertInto('community_comments')
    .values({
      tenant_id: w.tenantId,
      community_id: w.communityId,
      issue_id: replied.issue_id,
      thread_id: replied.thread_id,
      client_id: null,
      staff_user_id: w.adminId,
      body: 'A late reply',
      created_at: new Date(replied.created_at.getTime() + 7 * 60_000),
      updated_at: new Date(NOW),
    })
    .execute()
  const issues = await db
    .selectFrom('community_issues')
    .select(['id', 'solved'])
    .where('tenant_id', '=', w.tenantId)
    .where('created_at', '<', old)
    .where('id', '<>', replied.issue_id)
    .orderBy('id')
    .execute()
  await db
    .updateTable('community_issues')
    .set({ solved: !issues[0]!.solved })
    .where('tenant_id', '=', w.tenantId)
    .where('id', '=', issues[0]!.id)
    .execute()
  await db.deleteFrom('community_issues').where('tenant_id', '=', w.tenantId).where('id', '=', issues[1]!.id).execute()
  const stay = await db
    .selectFrom('community_memberships')
    .select(['id', 'joined_at'])
    .where('tenant_id', '=', w.tenantId)
    .where('left_at', 'is', null)
    .where('joined_at', '<', old)
    .orderBy('id')
    .executeTakeFirst()
  if (stay)
    await db
      .updateTable('community_memberships')
      .set({ left_at: new Date(stay.joined_at.getTime() + 2 * DAY + 1_234) })
      .where('tenant_id', '=', w.tenantId)
      .where('id', '=', stay.id)
      .execute()
  // A client who left long ago and had no stay since comes back long ago.
  const stays = await db
    .selectFrom('community_memberships')
    .select(['client_id', 'left_at'])
    .where('tenant_id', '=', w.tenantId)
    .where('community_id', '=', w.communityId)
    .orderBy('id')
    .execute()
  const back = stays.find(
    (s) => s.left_at !== null && s.left_at < old && stays.every((o) => o.client_id !== s.client_id || o === s),
  )
  if (back)
    await db
      .insertInto('community_memberships')
      .values({
        tenant_id: w.tenantId,
        community_id: w.communityId,
        client_id: back.client_id,
        joined_at: new Date(back.left_at!.getTime() + HOUR + 5_000),
      })
      .execute()
}
