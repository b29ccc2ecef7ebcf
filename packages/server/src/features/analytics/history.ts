import type { Channel } from '@proxima/contracts'
import type { Executor } from '../../db/database.js'
import {
  chatsPerTopic,
  chatsWithMessagesPerBucket,
  involvementsPerBucket,
  newClientsByGender,
  topicNames,
  type GenderName,
} from './history.queries.js'
import { activeClientsPerBucket, chatsPerBucket, messagesPerBucket, type ChatScope } from './metrics/chats.queries.js'
import { escalatedChatsPerBucket } from './metrics/escalations.queries.js'
import { communityFactsByBucket, HISTORY_START } from './rollup/community.queries.js'
import { periodValues, type PeriodGrid } from './rollup/period-counts.js'

/*
 * Per-period histories of the analytics, for the forecasts (contract §8.4). Read by other features; they go through
 * this module, never the query modules. Every function takes the periods as edges (period i is `[edges[i], edges[i+1])`)
 * and answers one value per period, oldest first, with the same definitions as the descriptive metrics (docs/METRICS.md):
 * chats by creation, messages by sending, escalations by event, distinct chats and clients from the active chats of
 * each hour (or, for whole periods of the tenant's time zone, from the period counts kept from them), members from
 * joins and leaves.
 */

export type HistoryScope = {
  tenantId: number
  /**
   * The calendar the edges follow (whole days, weeks or months in a time zone), when they do: the distinct counts of
   * whole periods of the tenant's own time zone are then read from the period counts (migration 0023).
   */
  grid?: PeriodGrid | undefined
  /** The chats' current channels (chat histories only); all when absent. */
  channels?: readonly Channel[] | undefined
  /** One community (community histories only); all when absent. */
  community?: number | undefined
}

export const GENDERS: readonly GenderName[] = ['Male', 'Female', 'Other', 'Unknown']
export type { GenderName }

const chatScope = (s: HistoryScope): ChatScope => ({
  tenantId: s.tenantId,
  channels: s.channels?.length ? s.channels : undefined,
  topicId: undefined,
})

/** The values of a per-bucket map (1-based) as one number per period. */
const perPeriod = (edges: readonly Date[], values: ReadonlyMap<number, number>) =>
  Array.from({ length: Math.max(0, edges.length - 1) }, (_, i) => values.get(i + 1) ?? 0)

/** Chats created, or messages sent, per period. */
export async function interactions(
  db: Executor,
  s: HistoryScope,
  edges: readonly Date[],
  measure: 'chats' | 'messages',
) {
  const counts =
    measure === 'chats'
      ? await chatsPerBucket(db, chatScope(s), edges)
      : await messagesPerBucket(db, chatScope(s), edges)
  return perPeriod(edges, counts)
}

/** Chats created per period for every topic that has any (chats without a topic are left out), with its name. */
export async function topicHistories(db: Executor, s: HistoryScope, edges: readonly Date[]) {
  const rows = await chatsPerTopic(db, { tenantId: s.tenantId, channels: chatScope(s).channels }, edges)
  const byTopic = new Map<number, Map<number, number>>()
  for (const r of rows) {
    if (r.topicId <= 0 || r.chats === 0) continue
    const m = byTopic.get(r.topicId) ?? new Map<number, number>()
    m.set(r.b, (m.get(r.b) ?? 0) + r.chats)
    byTopic.set(r.topicId, m)
  }
  const names = await topicNames(db, s.tenantId, [...byTopic.keys()])
  return [...byTopic]
    .filter(([id]) => names.has(id))
    .map(([id, counts]) => ({ topicId: id, name: names.get(id)!, values: perPeriod(edges, counts) }))
}

/** Distinct chats escalated per period, and distinct chats with a message per period. */
export async function escalationHistory(db: Executor, s: HistoryScope, edges: readonly Date[]) {
  const scope = chatScope(s)
  const keys = scope.channels
  const v = await periodValues(
    db,
    s.tenantId,
    ['escalated_chats', 'chats_with_messages'],
    edges,
    s.grid,
    keys,
    async (e) => {
      const [escalated, withMessages] = await Promise.all([
        escalatedChatsPerBucket(db, scope, e),
        chatsWithMessagesPerBucket(db, { tenantId: s.tenantId, channels: keys }, e),
      ])
      return { escalated_chats: escalated, chats_with_messages: withMessages }
    },
  )
  return { escalated: perPeriod(edges, v.escalated_chats), withMessages: perPeriod(edges, v.chats_with_messages) }
}

/** Registered clients whose first chat with the tenant falls in each period, per gender of their profile. */
export async function newClientHistory(db: Executor, s: HistoryScope, edges: readonly Date[]) {
  const rows = await newClientsByGender(db, s.tenantId, edges)
  return Object.fromEntries(
    GENDERS.map((g) => [g, perPeriod(edges, new Map(rows.filter((r) => r.gender === g).map((r) => [r.b, r.n])))]),
  ) as Record<GenderName, number[]>
}

/** Distinct clients and visitors who sent a message, per period. */
export async function uniqueClientHistory(db: Executor, s: HistoryScope, edges: readonly Date[]) {
  const scope = chatScope(s)
  // The stored counts are of every channel; a narrower scope is read live.
  const grid = scope.channels === undefined ? s.grid : undefined
  const v = await periodValues(db, s.tenantId, ['active_customers'], edges, grid, undefined, async (e) => ({
    active_customers: await activeClientsPerBucket(db, scope, e),
  }))
  return perPeriod(edges, v.active_customers)
}

/** Members (memberships) at the end of each period, and at the start of the first. */
export async function memberHistory(db: Executor, s: HistoryScope, edges: readonly Date[]) {
  if (edges.length < 2) return { start: 0, ends: [] }
  const facts = await communityFactsByBucket(
    db,
    { tenantId: s.tenantId, community: s.community },
    [HISTORY_START, ...edges],
    ['joins', 'leaves'],
  )
  const net = (b: number) => {
    const f = facts.get(b)
    return f ? f.joins - f.leaves : 0
  }
  const start = net(1)
  let members = start
  const ends = Array.from({ length: edges.length - 1 }, (_, i) => (members += net(i + 2)))
  return { start, ends }
}

/** Client actions in communities (issues, comments, reactions, joins) and distinct clients acting, per period. */
export async function involvementHistory(db: Executor, s: HistoryScope, edges: readonly Date[]) {
  const keys = [s.community === undefined ? '' : String(s.community)]
  const v = await periodValues(
    db,
    s.tenantId,
    ['community_actions', 'community_participants'],
    edges,
    s.grid,
    keys,
    async (e) => {
      const rows = await involvementsPerBucket(db, s.tenantId, s.community, e)
      return {
        community_actions: new Map([...rows].map(([b, r]) => [b, r.actions])),
        community_participants: new Map([...rows].map(([b, r]) => [b, r.participants])),
      }
    },
  )
  return { actions: perPeriod(edges, v.community_actions), participants: perPeriod(edges, v.community_participants) }
}

/** The rows other features' requests may be scoped to, looked up within the tenant (a stranger's is a 404). */
export { findCommunity, findStaffMember, findTopic } from './scope.queries.js'
