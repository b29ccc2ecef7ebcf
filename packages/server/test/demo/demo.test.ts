import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateDemo, removeDemos, type DemoResult } from '../../src/demo/generate.js'
import { DEFAULT_PARAMS, type DemoParams } from '../../src/demo/params.js'
import { createLocalStorage } from '../../src/features/media/local-storage.js'
import { sniffVoiceType } from '../../src/features/media/audio.js'
import { checkAnswers } from '../../src/features/surveys/answers.js'
import type { StoredQuestion } from '../../src/db/schema.js'
import { buildTestApp, type TestApp } from '../app.js'
import { unique } from '../factories.js'

/** A small organization: two weeks, a few hundred chats. */
const SMALL: DemoParams = {
  ...DEFAULT_PARAMS,
  seed: 7,
  days: 14,
  chatsPerDay: 25,
  clients: 150,
  visitors: 60,
  employees: 2,
  communities: 2,
  issuesPerDay: 4,
  responsesPerSurvey: 15,
}
// A Wednesday afternoon in New York (18:00 UTC = 14:00 EDT).
const NOW = new Date('2025-06-18T18:00:00Z')
const PASSWORD = 'Trail-mix-2025'

let app: TestApp
let demo: DemoResult
let T: number
const storage = createLocalStorage(mkdtempSync(join(tmpdir(), 'proxima-demo-')))

const rows = async <R>(q: ReturnType<typeof sql<R>>) => (await q.execute(app.db)).rows
const one = async (q: ReturnType<typeof sql<{ n: number | string }>>) => Number((await rows(q))[0]!.n)

/** Rows of the tables the demo writes, outside the demo organization. */
async function othersCount(tenantId: number) {
  return one(sql<{ n: number }>`
    select (select count(*) from chats where tenant_id <> ${tenantId})
      + (select count(*) from chat_messages where tenant_id <> ${tenantId})
      + (select count(*) from chat_events where tenant_id <> ${tenantId})
      + (select count(*) from community_comments where tenant_id <> ${tenantId})
      + (select count(*) from community_memberships where tenant_id <> ${tenantId})
      + (select count(*) from survey_responses where tenant_id <> ${tenantId})
      + (select count(*) from users where tenant_id is not null and tenant_id <> ${tenantId}) as n`)
}

beforeAll(async () => {
  app = await buildTestApp()
  const before = await othersCount(-1)
  demo = await generateDemo(app.database, {
    params: SMALL,
    now: NOW,
    name: unique('Demo '),
    password: PASSWORD,
    storage,
  })
  T = demo.tenantId
  // Nothing outside the new organization was written (the same rows as before, counted without it).
  expect(await othersCount(T)).toBe(before)
})

afterAll(async () => {
  await app.shutdown()
})

describe('demo organization', () => {
  it('creates staff who sign in through the API with the printed password', async () => {
    expect(demo.staff.map((s) => s.userType)).toEqual(['admin', 'employee', 'employee'])
    for (const member of demo.staff) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/signin/',
        payload: { email: member.email, password: PASSWORD },
      })
      expect(res.statusCode).toBe(200)
      expect(res.json<{ token: string; user_type: string }>().user_type).toBe(member.userType)
    }
  })

  it('gives every chat one created event at its creation and its owner, channel and assignment', async () => {
    expect(demo.counts.chats).toBeGreaterThan(200)
    expect(
      await one(sql<{ n: number }>`
        select count(*) as n from chats c
        where c.tenant_id = ${T} and (
          (select count(*) from chat_events e where e.tenant_id = ${T} and e.chat_id = c.id and e.kind = 'created'
             and e.occurred_at = c.created_at and e.detail ->> 'channel' = c.channel) <> 1
          or (c.client_id is null) = (c.visitor_id is null)
          or not exists (select 1 from chat_events e where e.tenant_id = ${T} and e.chat_id = c.id
             and e.kind = 'assigned' and (e.detail ->> 'assignee_id')::bigint = c.assignee_id)
          or not exists (select 1 from users u where u.tenant_id = ${T} and u.id = c.assignee_id))`),
    ).toBe(0)
  })

  it('keeps each chat row in step with its messages', async () => {
    const bad = await rows(sql<{ id: number }>`
      select c.id from chats c
      left join lateral (
        select max(m.sent_at) as last_at, max(m.id) as last_id,
          min(m.sent_at) filter (where m.message_sender = 'tenant') as first_staff
        from chat_messages m where m.tenant_id = ${T} and m.chat_id = c.id
      ) a on true
      where c.tenant_id = ${T} and (
        c.last_message_at is distinct from a.last_at or c.last_message_id is distinct from a.last_id
        or c.first_response_at is distinct from a.first_staff
        or c.created_at >= a.last_at)`)
    expect(bad).toEqual([])
  })

  it('records first_response and reply events whose waits match the messages', async () => {
    // The wait a staff message ends: from the oldest customer message after the previous staff message.
    const bad = await rows(sql<{ id: number }>`
      select m.id from chat_messages m
      left join chat_events e on e.tenant_id = ${T} and e.message_id = m.id and e.kind in ('first_response', 'reply')
      left join lateral (
        select min(x.sent_at) as since from chat_messages x
        where x.tenant_id = ${T} and x.chat_id = m.chat_id and x.message_sender = 'client' and x.sent_at < m.sent_at
          and x.sent_at > coalesce((select max(y.sent_at) from chat_messages y where y.tenant_id = ${T}
            and y.chat_id = m.chat_id and y.message_sender = 'tenant' and y.sent_at < m.sent_at), '-infinity')
      ) w on true
      where m.tenant_id = ${T} and m.message_sender = 'tenant' and (
        e.id is null or e.occurred_at <> m.sent_at or e.actor_user_id is distinct from m.sender_user_id
        or e.kind <> case when exists (select 1 from chat_messages p where p.tenant_id = ${T} and p.chat_id = m.chat_id
          and p.message_sender = 'tenant' and p.sent_at < m.sent_at) then 'reply' else 'first_response' end
        or e.wait_seconds is distinct from round(extract(epoch from m.sent_at - w.since)::numeric, 3))`)
    expect(bad).toEqual([])
    const events = await one(sql<{ n: number }>`
      select count(*) as n from chat_events where tenant_id = ${T} and kind in ('first_response', 'reply')`)
    const staffMessages = await one(sql<{ n: number }>`
      select count(*) as n from chat_messages where tenant_id = ${T} and message_sender = 'tenant'`)
    expect(events).toBe(staffMessages)
  })

  it('leaves the customer waiting only in a chat not resolved whose last message is theirs', async () => {
    const bad = await rows(sql<{ id: number }>`
      select c.id from chats c join chat_messages l on l.tenant_id = ${T} and l.id = c.last_message_id
      where c.tenant_id = ${T}
        and (c.waiting_since is not null) <> (c.status <> 'resolved' and l.message_sender <> 'tenant')`)
    expect(bad).toEqual([])
  })

  it('rates only answered, resolved chats, 1 to 5, after they were created, with a matching event', async () => {
    const bad = await rows(sql<{ id: number }>`
      select c.id from chats c where c.tenant_id = ${T} and c.satisfaction_rating is not null and (
        c.satisfaction_rating not between 1 and 5 or c.rated_at <= c.created_at or c.status <> 'resolved'
        or c.rated_at < c.resolved_at or c.first_response_at is null or c.first_rated_at <> c.rated_at
        or (select count(*) from chat_events e where e.tenant_id = ${T} and e.chat_id = c.id and e.kind = 'rated'
          and e.occurred_at = c.rated_at and (e.detail ->> 'rating')::int = c.satisfaction_rating) <> 1)`)
    expect(bad).toEqual([])
    const rated = await one(sql<{ n: number }>`
      select count(*) as n from chats where tenant_id = ${T} and satisfaction_rating is not null`)
    expect(rated).toBeGreaterThan(20)
    expect(
      await one(sql<{ n: number }>`
        select count(*) as n from chats c where c.tenant_id = ${T} and c.satisfaction_rating is null
          and exists (select 1 from chat_events e where e.tenant_id = ${T} and e.chat_id = c.id and e.kind = 'rated')`),
    ).toBe(0)
  })

  it('resolves, reopens and escalates as the events say', async () => {
    const bad = await rows(sql<{ id: number }>`
      select c.id from chats c where c.tenant_id = ${T} and (
        (c.status = 'resolved') <> (c.resolved_at is not null)
        or c.reopened_count <> (select count(*) from chat_events e where e.tenant_id = ${T} and e.chat_id = c.id
          and e.kind = 'reopened')
        or (c.status = 'resolved' and c.resolved_at <> (select max(e.occurred_at) from chat_events e
          where e.tenant_id = ${T} and e.chat_id = c.id and e.kind = 'resolved'))
        or (c.status <> 'resolved' and exists (select 1 from chat_events e where e.tenant_id = ${T}
          and e.chat_id = c.id and e.kind = 'resolved' and e.occurred_at > coalesce((select max(r.occurred_at)
          from chat_events r where r.tenant_id = ${T} and r.chat_id = c.id and r.kind = 'reopened'), '-infinity')))
        or c.escalated <> exists (select 1 from chat_events e where e.tenant_id = ${T} and e.chat_id = c.id
          and e.kind = 'escalated' and e.occurred_at = c.escalated_at))`)
    expect(bad).toEqual([])
    const kinds = await rows(sql<{ kind: string }>`
      select distinct kind from chat_events where tenant_id = ${T} order by kind`)
    expect(kinds.map((k) => k.kind)).toEqual([
      'assigned',
      'created',
      'escalated',
      'first_response',
      'rated',
      'reopened',
      'reply',
      'resolved',
    ])
  })

  it('follows the week and the day in the organization’s time zone, on several channels', async () => {
    const byPart = await rows(sql<{ part: string; n: number }>`
      select case when extract(isodow from created_at at time zone 'America/New_York') >= 6 then 'weekend'
          when extract(hour from created_at at time zone 'America/New_York') between 9 and 16 then 'office'
          when extract(hour from created_at at time zone 'America/New_York') < 6 then 'night' else 'evening' end
        as part, count(*) as n
      from chats where tenant_id = ${T} group by 1`)
    const n = Object.fromEntries(byPart.map((r) => [r.part, Number(r.n)]))
    // Per hour: office hours (8 a day, 5 days) far busier than weekday nights (6 a day) and weekends (48 hours).
    expect(n.office! / 40).toBeGreaterThan((3 * n.night!) / 30)
    expect(n.office! / 40).toBeGreaterThan((1.5 * n.weekend!) / 48)
    const channels = await rows(sql<{ channel: string }>`
      select distinct channel from chats where tenant_id = ${T}`)
    expect(channels.length).toBe(6)
  })

  it('keeps memberships and their join and leave events in step', async () => {
    const bad = await rows(sql<{ client_id: number }>`
      select coalesce(p.client_id, e.client_id) as client_id from (
        select community_id, client_id, count(*) as joins, count(left_at) as leaves,
          count(*) filter (where left_at is null) as open
        from community_memberships where tenant_id = ${T} group by 1, 2
      ) p full join (
        select community_id, client_id, count(*) filter (where type = 'join') as joins,
          count(*) filter (where type = 'leave') as leaves
        from community_events where tenant_id = ${T} group by 1, 2
      ) e on e.community_id = p.community_id and e.client_id = p.client_id
      where p.joins is distinct from e.joins or p.leaves is distinct from e.leaves or p.open > 1`)
    expect(bad).toEqual([])
    const mismatched = await one(sql<{ n: number }>`
      select count(*) as n from community_memberships m where m.tenant_id = ${T} and (
        not exists (select 1 from community_events e where e.tenant_id = ${T} and e.community_id = m.community_id
          and e.client_id = m.client_id and e.type = 'join' and e.occurred_at = m.joined_at)
        or (m.left_at is not null and not exists (select 1 from community_events e where e.tenant_id = ${T}
          and e.community_id = m.community_id and e.client_id = m.client_id and e.type = 'leave'
          and e.occurred_at = m.left_at)))`)
    expect(mismatched).toBe(0)
    // Issues are raised by members while members; each has its thread; comments follow their issue.
    const badIssues = await one(sql<{ n: number }>`
      select count(*) as n from community_issues i where i.tenant_id = ${T} and (
        not exists (select 1 from community_memberships m where m.tenant_id = ${T} and m.community_id = i.community_id
          and m.client_id = i.client_id and m.joined_at <= i.created_at and coalesce(m.left_at, 'infinity') > i.created_at)
        or (select count(*) from community_threads t where t.tenant_id = ${T} and t.issue_id = i.id) <> 1
        or exists (select 1 from community_comments c where c.tenant_id = ${T} and c.issue_id = i.id
          and (c.created_at < i.created_at or c.community_id <> i.community_id)))`)
    expect(badIssues).toBe(0)
    expect(
      await one(sql<{ n: number }>`select count(*) as n from community_comments
        where tenant_id = ${T} and staff_user_id is not null`),
    ).toBeGreaterThan(0)
  })

  it('answers surveys with answers valid for their questions', async () => {
    const responses = await rows(sql<{ questions: StoredQuestion[]; answers: Record<string, unknown> }>`
      select s.questions, r.answers from survey_responses r
      join surveys s on s.tenant_id = r.tenant_id and s.id = r.survey_id where r.tenant_id = ${T}`)
    expect(responses.length).toBeGreaterThan(20)
    for (const r of responses) expect(checkAnswers(r.questions, r.answers)).toMatchObject({ ok: true })
    const statuses = await rows(sql<{ status: string }>`
      select status from surveys where tenant_id = ${T} order by status`)
    expect(statuses.map((s) => s.status)).toEqual(['closed', 'closed', 'draft', 'published', 'published'])
  })

  it('stores playable voice recordings for its voice messages', async () => {
    const voices = await rows(sql<{ voice_key: string; voice_size_bytes: number; channel: string }>`
      select distinct m.voice_key, m.voice_size_bytes, c.channel from chat_messages m
      join chats c on c.tenant_id = m.tenant_id and c.id = m.chat_id
      where m.tenant_id = ${T} and m.voice_key is not null`)
    expect(voices.length).toBeGreaterThan(0)
    for (const v of voices) {
      expect(['mobile', 'website']).toContain(v.channel)
      const stored = await storage.read(v.voice_key)
      const chunks: Buffer[] = []
      for await (const chunk of stored!.stream) chunks.push(chunk as Buffer)
      const bytes = Buffer.concat(chunks)
      expect(bytes.length).toBe(Number(v.voice_size_bytes))
      expect(await sniffVoiceType(bytes)).toBe('audio/wav')
    }
  })

  it('creates the same activity again from the same seed, as a second organization', async () => {
    const again = await generateDemo(app.database, {
      params: SMALL,
      now: NOW,
      name: unique('Demo '),
      password: PASSWORD,
    })
    const shape = (tenantId: number) =>
      rows(sql<{ created_at: Date; channel: string; status: string; rating: number | null; messages: number }>`
        select c.created_at, c.channel, c.status, c.satisfaction_rating as rating,
          (select count(*) from chat_messages m where m.tenant_id = ${tenantId} and m.chat_id = c.id) as messages
        from chats c where c.tenant_id = ${tenantId} order by c.created_at, c.id`)
    expect(await shape(again.tenantId)).toEqual(await shape(T))
    expect(again.name).not.toBe(demo.name)
    expect(await removeDemos(app.database, null, [again.tenantId])).toEqual([again.name])
    expect(await one(sql<{ n: number }>`select count(*) as n from tenants where id = ${again.tenantId}`)).toBe(0)
  })
})
