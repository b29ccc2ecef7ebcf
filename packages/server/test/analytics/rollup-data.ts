import fc from 'fast-check'
import type { ChatEventKind } from '../../src/db/schema.js'
import type { TestApp } from '../app.js'
import { createTenantWithAdmin, unique } from '../factories.js'
import { setTimezone } from './analytics-helpers.js'

/*
 * A tenant's two months of chats, community and survey activity drawn from a seeded generator (fast-check's
 * `sample`, so a seed always gives the same rows), for the rollup equality test. Instants are anywhere in the span,
 * with some on exact UTC hours and half hours (the edges of buckets and of rollup pieces).
 */

export const START = Date.parse('2025-09-14T00:00:00Z')
/** The analytics' "now": the US (Nov 2) and Adelaide (Oct 5) DST changes are in the span, Europe's (Oct 26) too. */
export const NOW = Date.parse('2025-11-15T09:37:00Z')
const HOUR = 3_600_000
const DAY = 86_400_000
const SPAN = NOW - START

const CHANNELS = ['mobile', 'website', 'facebook', 'instagram', 'whatsapp', 'email'] as const
const STATUSES = ['open', 'pending', 'resolved'] as const
const SENDERS = ['client', 'tenant', 'tenant_iva'] as const
const EVENT_KINDS = ['escalated', 'first_response', 'reply', 'resolved', 'assigned'] as const

const instant = fc
  .oneof(
    { arbitrary: fc.integer({ min: 0, max: SPAN - 1 }), weight: 6 },
    { arbitrary: fc.integer({ min: 0, max: Math.floor(SPAN / HOUR) - 1 }).map((h) => h * HOUR), weight: 1 },
    { arbitrary: fc.integer({ min: 0, max: Math.floor(SPAN / HOUR) - 1 }).map((h) => h * HOUR + HOUR / 2), weight: 1 },
  )
  .map((ms) => START + ms)
const delay = fc.oneof(fc.integer({ min: 0, max: 2 * HOUR }), fc.integer({ min: 0, max: 5 * DAY }))
const sometimes = <T>(arb: fc.Arbitrary<T>, weight = 1) =>
  fc.oneof({ arbitrary: fc.constant(null), weight: 3 }, { arbitrary: arb, weight })

const chatArb = fc.record({
  created: instant,
  channel: fc.constantFrom(...CHANNELS),
  topic: fc.integer({ min: 0, max: 3 }),
  status: fc.constantFrom(...STATUSES),
  owner: fc.oneof(
    fc.constant(null),
    fc.record({ visitor: fc.integer({ min: 0, max: 5 }) }),
    fc.record({ client: fc.integer({ min: 0, max: 5 }) }),
  ),
  assigned: fc.boolean(),
  rating: sometimes(fc.record({ stars: fc.integer({ min: 1, max: 5 }), after: delay }), 2),
  messages: fc.array(
    fc.record({
      after: delay,
      sender: fc.constantFrom(...SENDERS),
      voice: sometimes(
        fc.record({
          ms: fc.option(fc.integer({ min: 0, max: 120_000 }), { nil: null }),
          bytes: fc.option(fc.integer({ min: 0, max: 2_000_000 }), { nil: null }),
        }),
      ),
      deleted: fc.integer({ min: 0, max: 7 }).map((n) => n === 0),
    }),
    { maxLength: 6 },
  ),
  events: fc.array(
    fc.record({
      kind: fc.constantFrom(...EVENT_KINDS),
      after: delay,
      wait: fc.option(
        fc.integer({ min: 0, max: 7_200_000 }).map((ms) => ms / 1000),
        { nil: null },
      ),
    }),
    { maxLength: 4 },
  ),
})

const communityArb = fc.record({
  stays: fc.array(fc.record({ joined: instant, stay: fc.option(delay, { nil: null }) }), {
    minLength: 6,
    maxLength: 6,
  }),
  ratings: fc.array(sometimes(fc.record({ stars: fc.integer({ min: 1, max: 5 }), at: instant, moved: delay }), 3), {
    minLength: 6,
    maxLength: 6,
  }),
  issues: fc.array(
    fc.record({
      created: instant,
      by: fc.integer({ min: 0, max: 5 }),
      solved: fc.boolean(),
      comments: fc.array(
        fc.record({
          after: delay,
          by: fc.option(fc.integer({ min: 0, max: 5 }), { nil: null }),
          deleted: fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
          likes: fc.uniqueArray(fc.integer({ min: 0, max: 5 }), { maxLength: 3 }),
        }),
        { maxLength: 5 },
      ),
    }),
    { minLength: 8, maxLength: 12 },
  ),
  responses: fc.array(
    fc.record({ at: instant, q1: fc.integer({ min: 1, max: 5 }), q2: fc.integer({ min: 0, max: 10 }) }),
    { minLength: 10, maxLength: 30 },
  ),
  impressions: fc.array(instant, { minLength: 20, maxLength: 60 }),
})

type Drawn<A> = A extends fc.Arbitrary<infer T> ? T : never
export type TenantData = { chats: Drawn<typeof chatArb>[]; community: Drawn<typeof communityArb> }

/** The rows of one tenant for a seed (the same seed, the same rows). */
export function tenantData(seed: number, chats: number): TenantData {
  const arb = fc.record({
    chats: fc.array(chatArb, { minLength: chats, maxLength: chats }),
    community: communityArb,
  })
  return fc.sample(arb, { seed, numRuns: 1 })[0]!
}

const capped = (ms: number) => new Date(Math.min(ms, NOW - 1))

export type World = Awaited<ReturnType<typeof writeTenant>>

/** A new tenant with its admin and the rows of `data`; the tenant's own time zone is `timezone`. */
export async function writeTenant(app: TestApp, data: TenantData, timezone: string) {
  const org = await createTenantWithAdmin(app)
  const tenantId = org.tenant.tenant_id
  const adminId = org.admin.id
  await setTimezone(app, tenantId, timezone)
  const db = app.db
  const topics: number[] = []
  for (let i = 0; i < 3; i++) {
    const row = await db
      .insertInto('chat_topics')
      .values({ tenant_id: tenantId, name: unique('Topic ') })
      .returning('id')
      .executeTakeFirstOrThrow()
    topics.push(Number(row.id))
  }
  const visitors = await db
    .insertInto('anonymous_users')
    .values(Array.from({ length: 6 }, (_, i) => ({ tenant_id: tenantId, name: `Visitor ${i}` })))
    .returning('id')
    .execute()
  const genders = ['Male', 'Female', 'Other', null] as const
  const clients = await db
    .insertInto('users')
    .values(
      Array.from({ length: 6 }, (_, i) => {
        const name = unique('client')
        return {
          user_type: 'client' as const,
          username: name,
          email: `${name}@example.com`,
          first_name: 'Cora',
          last_name: 'Client',
          dob: i === 5 ? null : `19${70 + i * 5}-0${1 + i}-15`,
          gender: genders[i % 4]!,
          country: i < 3 ? 'Germany' : 'India',
          state: i < 3 ? 'Berlin' : 'Kerala',
          city: i % 2 ? 'Kochi' : 'Berlin',
        }
      }),
    )
    .returning('id')
    .execute()
  const clientIds = clients.map((c) => Number(c.id))

  const messages: Parameters<typeof insertMessages>[2] = []
  const events: Parameters<typeof insertEvents>[2] = []
  for (const c of data.chats) {
    const created = new Date(c.created)
    // At most one chat that is not resolved per owner and channel: the others have none.
    const owner = c.status === 'resolved' ? c.owner : null
    const escalations = c.events.filter((e) => e.kind === 'escalated').map((e) => capped(c.created + e.after))
    const ratedAt = c.rating ? capped(c.created + c.rating.after) : null
    const row = await db
      .insertInto('chats')
      .values({
        tenant_id: tenantId,
        channel: c.channel,
        status: c.status,
        topic_id: c.topic === 0 ? null : topics[c.topic - 1]!,
        client_id: owner && 'client' in owner ? clientIds[owner.client]! : null,
        visitor_id: owner && 'visitor' in owner ? Number(visitors[owner.visitor]!.id) : null,
        assignee_id: c.assigned ? adminId : null,
        escalated: escalations.length > 0,
        escalated_at: escalations.sort((a, b) => a.getTime() - b.getTime())[0] ?? null,
        satisfaction_rating: c.rating?.stars ?? null,
        rated_at: ratedAt,
        first_rated_at: ratedAt,
        resolved_at: c.status === 'resolved' ? created : null,
        created_at: created,
        updated_at: created,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const chatId = Number(row.id)
    for (const m of c.messages) messages.push({ chatId, at: capped(c.created + m.after), ...m })
    for (const e of c.events)
      events.push({ chatId, kind: e.kind, at: capped(c.created + e.after), wait: e.wait, actor: adminId })
  }
  await insertMessages(app, tenantId, messages)
  await insertEvents(app, tenantId, events)
  const community = await writeCommunity(app, tenantId, adminId, clientIds, data.community)
  return { tenantId, adminId, token: org.token, topics, clientIds, ...community }
}

type MessageRow = {
  chatId: number
  at: Date
  sender: (typeof SENDERS)[number]
  voice: { ms: number | null; bytes: number | null } | null
  deleted: boolean
}

/** Messages as the chat writes them; a deleted one keeps its voice type, length and size but no text or audio. */
export async function insertMessages(app: TestApp, tenantId: number, rows: MessageRow[]) {
  if (rows.length === 0) return
  await app.db
    .insertInto('chat_messages')
    .values(
      rows.map((m) => ({
        tenant_id: tenantId,
        chat_id: m.chatId,
        message_sender: m.sender,
        sender_kind: m.sender === 'client' ? ('client' as const) : m.sender === 'tenant' ? 'staff' : 'assistant',
        text_content: m.voice || m.deleted ? null : 'Hello',
        voice_key: m.voice && !m.deleted ? unique('voice/') : null,
        voice_mime_type: m.voice ? 'audio/webm' : null,
        voice_duration_ms: m.voice?.ms ?? null,
        voice_size_bytes: m.voice?.bytes ?? null,
        sent_at: m.at,
        deleted_at: m.deleted ? m.at : null,
        created_at: m.at,
        updated_at: m.at,
      })),
    )
    .execute()
}

type EventRow = { chatId: number; kind: ChatEventKind; at: Date; wait: number | null; actor: number | null }

export async function insertEvents(app: TestApp, tenantId: number, rows: EventRow[]) {
  if (rows.length === 0) return
  await app.db
    .insertInto('chat_events')
    .values(
      rows.map((e) => ({
        tenant_id: tenantId,
        chat_id: e.chatId,
        kind: e.kind,
        actor_user_id: e.kind === 'first_response' || e.kind === 'reply' ? e.actor : null,
        wait_seconds: e.kind === 'first_response' || e.kind === 'reply' ? e.wait : null,
        occurred_at: e.at,
      })),
    )
    .execute()
}

/** The tenant's first community with stays, ratings, issues, comments and likes, and a survey with its answers. */
async function writeCommunity(
  app: TestApp,
  tenantId: number,
  adminId: number,
  clientIds: number[],
  data: TenantData['community'],
) {
  const db = app.db
  const community = await db
    .selectFrom('communities')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .orderBy('id')
    .executeTakeFirstOrThrow()
  const communityId = Number(community.id)
  for (const [i, s] of data.stays.entries()) {
    const joined = capped(s.joined)
    const left = s.stay === null ? null : capped(s.joined + s.stay)
    const clientId = clientIds[i]!
    await db
      .insertInto('community_memberships')
      .values({ tenant_id: tenantId, community_id: communityId, client_id: clientId, joined_at: joined, left_at: left })
      .execute()
    const moves: { type: 'join' | 'leave'; occurred_at: Date }[] = [{ type: 'join', occurred_at: joined }]
    if (left) moves.push({ type: 'leave', occurred_at: left })
    await db
      .insertInto('community_events')
      .values(moves.map((m) => ({ tenant_id: tenantId, community_id: communityId, client_id: clientId, ...m })))
      .execute()
  }
  for (const [i, r] of data.ratings.entries()) {
    if (!r) continue
    await db
      .insertInto('community_ratings')
      .values({
        tenant_id: tenantId,
        community_id: communityId,
        client_id: clientIds[i]!,
        rating: r.stars,
        created_at: capped(r.at),
        updated_at: capped(r.at + r.moved),
      })
      .execute()
  }
  let firstThread: number | undefined
  for (const issue of data.issues) {
    const { row, thread } = await writeIssue(app, tenantId, communityId, clientIds[issue.by]!, {
      created: capped(issue.created),
      solved: issue.solved,
    })
    firstThread ??= Number(thread.id)
    for (const c of issue.comments) {
      const at = capped(issue.created + c.after)
      const comment = await db
        .insertInto('community_comments')
        .values({
          tenant_id: tenantId,
          community_id: communityId,
          issue_id: row.id,
          thread_id: thread.id,
          client_id: c.by === null ? null : clientIds[c.by]!,
          staff_user_id: c.by === null ? adminId : null,
          body: 'A comment',
          deleted_at: c.deleted ? at : null,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      if (c.likes.length > 0)
        await db
          .insertInto('comment_reactions')
          .values(
            c.likes.map((l) => ({
              tenant_id: tenantId,
              comment_id: comment.id,
              client_id: clientIds[l]!,
              reaction: 'like' as const,
              created_at: at,
              updated_at: at,
            })),
          )
          .execute()
    }
  }
  await writeSecondCommunity(app, tenantId, adminId, clientIds, data)
  const surveyId = await writeSurvey(app, tenantId, data)
  return { communityId, threadId: firstThread!, surveyId }
}

/** An issue raised by a client at `created` (solved then, or open), with its thread. */
async function writeIssue(
  app: TestApp,
  tenantId: number,
  communityId: number,
  clientId: number,
  o: { created: Date; solved: boolean },
) {
  const row = await app.db
    .insertInto('community_issues')
    .values({
      tenant_id: tenantId,
      community_id: communityId,
      client_id: clientId,
      title: 'Broken',
      description: 'It broke.',
      solved: o.solved,
      solved_at: o.solved ? o.created : null,
      last_activity_at: o.created,
      created_at: o.created,
      updated_at: o.created,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const thread = await app.db
    .insertInto('community_threads')
    .values({ tenant_id: tenantId, issue_id: row.id, created_at: o.created })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { row, thread }
}

/**
 * A second community with a share of the same activity a day later (stays, a leave, issues, a comment and a staff
 * reply on each), so that reads over all communities sum two and a read of one community leaves the other out.
 */
async function writeSecondCommunity(
  app: TestApp,
  tenantId: number,
  adminId: number,
  clientIds: number[],
  data: TenantData['community'],
) {
  const db = app.db
  const later = (ms: number) => capped(ms + 86_400_000)
  const community = await db
    .insertInto('communities')
    .values({ tenant_id: tenantId, name: 'Second community', description: null })
    .returning('id')
    .executeTakeFirstOrThrow()
  for (const [i, s] of data.stays.slice(0, 4).entries())
    await db
      .insertInto('community_memberships')
      .values({
        tenant_id: tenantId,
        community_id: community.id,
        client_id: clientIds[i]!,
        joined_at: later(s.joined),
        left_at: i === 0 ? later(s.joined + 3 * 86_400_000) : null,
      })
      .execute()
  for (const issue of data.issues.slice(0, 5)) {
    const { row, thread } = await writeIssue(app, tenantId, community.id, clientIds[issue.by]!, {
      created: later(issue.created),
      solved: !issue.solved,
    })
    for (const [j, author] of [{ client: clientIds[issue.by]! }, { staff: adminId }].entries()) {
      const at = later(issue.created + (j + 1) * 3_600_000)
      await db
        .insertInto('community_comments')
        .values({
          tenant_id: tenantId,
          community_id: community.id,
          issue_id: row.id,
          thread_id: thread.id,
          client_id: 'client' in author ? author.client : null,
          staff_user_id: 'staff' in author ? author.staff : null,
          body: 'A comment',
          created_at: at,
          updated_at: at,
        })
        .execute()
    }
  }
}

async function writeSurvey(app: TestApp, tenantId: number, data: TenantData['community']) {
  const created = new Date(START)
  const survey = await app.db
    .insertInto('surveys')
    .values({
      tenant_id: tenantId,
      topic: 'Delivery feedback',
      questions: JSON.stringify([
        { id: 'q1', type: 'rating', title: 'How was it?', required: true },
        { id: 'q2', type: 'nps', title: 'Would you recommend us?', required: true },
      ]),
      status: 'published',
      published_at: new Date(START + HOUR),
      created_at: created,
      updated_at: created,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const surveyId = Number(survey.id)
  await app.db
    .insertInto('survey_responses')
    .values(
      data.responses.map((r) => ({
        tenant_id: tenantId,
        survey_id: surveyId,
        respondent_type: 'anonymous' as const,
        answers: JSON.stringify({ q1: r.q1, q2: r.q2 }),
        via: 'public' as const,
        single: false,
        submitted_at: capped(r.at),
        created_at: capped(r.at),
      })),
    )
    .execute()
  await app.db
    .insertInto('survey_impressions')
    .values(data.impressions.map((at) => ({ tenant_id: tenantId, survey_id: surveyId, occurred_at: capped(at) })))
    .execute()
  return surveyId
}
