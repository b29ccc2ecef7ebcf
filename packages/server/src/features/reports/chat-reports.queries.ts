import { sql, type Expression } from 'kysely'
import type { Executor } from '../../db/database.js'

/*
 * The rows of the chats and messages reports (contract §9.1), a page at a time in the report's order, each page
 * after the last row of the one before (keyset), so a long export holds no transaction and no connection between
 * pages. Every query leads with the tenant.
 */

export type ChatReportScope = {
  from: Date
  to: Date
  statuses: readonly string[] | undefined
  channels: readonly string[] | undefined
  /** 'none': unassigned chats only. */
  assignee: number | 'none' | undefined
  topicId: number | undefined
  /** An employee who may see only the chats assigned to them and unassigned ones (contract §3.4); else null. */
  onlyChatsOf: number | null
}

/**
 * Where a page resumes: after this row of the order. `at` is the database's own text of the row's time, to the
 * microsecond: a JavaScript date keeps milliseconds only, and would repeat the rows of the same millisecond.
 */
export type Keyset = { at: string; id: number }

/** A timestamp column as UTC text to the microsecond, whatever the session's settings (for a keyset). */
export const keyOf = (column: string) =>
  sql<string>`to_char(${sql.ref(column)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

function chatRows(db: Executor, tenantId: number, s: ChatReportScope) {
  let q = db
    .selectFrom('chats as c')
    .where('c.tenant_id', '=', tenantId)
    .where('c.created_at', '>=', s.from)
    .where('c.created_at', '<', s.to)
  if (s.statuses) q = q.where('c.status', 'in', [...s.statuses] as ('open' | 'pending' | 'resolved')[])
  if (s.channels) q = q.where('c.channel', 'in', [...s.channels] as never[])
  if (s.assignee === 'none') q = q.where('c.assignee_id', 'is', null)
  else if (s.assignee !== undefined) q = q.where('c.assignee_id', '=', s.assignee)
  if (s.topicId !== undefined) q = q.where('c.topic_id', '=', s.topicId)
  if (s.onlyChatsOf !== null) q = q.where(visibleTo(s.onlyChatsOf))
  return q
}

/** Chats `c` assigned to the employee or to nobody. */
const visibleTo = (userId: number) => sql<boolean>`(c.assignee_id IS NULL OR c.assignee_id = ${userId})`

/** How many rows a report's query has (with `LIMIT cap`, so the count stops there). */
export async function countRows(db: Executor, capped: Expression<unknown>) {
  const { rows } = await sql<{ n: string | number }>`SELECT count(*) AS n FROM (${capped}) x`.execute(db)
  return Number(rows[0]!.n)
}

/** How many chats the report has, counting no further than `cap`. */
export const countChatReport = (db: Executor, tenantId: number, s: ChatReportScope, cap: number) =>
  countRows(db, chatRows(db, tenantId, s).select('c.id').limit(cap))

/** Up to `limit` chats, newest first (ties by id), after `after`. */
export async function chatReportPage(
  db: Executor,
  tenantId: number,
  s: ChatReportScope,
  after: Keyset | null,
  limit: number,
) {
  let q = chatRows(db, tenantId, s)
  // The plain bound lets the index start at the page; the row comparison then skips the ties already written.
  if (after)
    q = q
      .where(sql<boolean>`c.created_at <= ${after.at}::timestamptz`)
      .where(sql<boolean>`(c.created_at, c.id) < (${after.at}::timestamptz, ${after.id})`)
  return q
    .leftJoin('users as cu', 'cu.id', 'c.client_id')
    .leftJoin('anonymous_users as v', (j) =>
      j.onRef('v.tenant_id', '=', 'c.tenant_id').onRef('v.id', '=', 'c.visitor_id'),
    )
    .leftJoin('users as au', (j) => j.onRef('au.tenant_id', '=', 'c.tenant_id').onRef('au.id', '=', 'c.assignee_id'))
    .leftJoin('chat_topics as t', (j) => j.onRef('t.tenant_id', '=', 'c.tenant_id').onRef('t.id', '=', 'c.topic_id'))
    .select(keyOf('c.created_at').as('sort_at'))
    .select([
      'c.id',
      'c.created_at',
      'c.status',
      'c.channel',
      'c.client_id',
      'c.visitor_id',
      'cu.first_name as client_first_name',
      'cu.last_name as client_last_name',
      'cu.username as client_username',
      'cu.email as client_email',
      'v.name as visitor_name',
      'au.first_name as assignee_first_name',
      'au.last_name as assignee_last_name',
      'au.username as assignee_username',
      't.name as topic',
      'c.escalated',
      'c.satisfaction_rating',
      'c.satisfaction_comment',
      'c.resolved_at',
    ])
    .select((eb) => [
      eb
        .selectFrom('chat_messages as m')
        .select((e) => e.fn.countAll<string | number>().as('n'))
        .whereRef('m.tenant_id', '=', 'c.tenant_id')
        .whereRef('m.chat_id', '=', 'c.id')
        .where('m.deleted_at', 'is', null)
        .as('messages'),
      eb
        .selectFrom('chat_events as e')
        .select('e.wait_seconds')
        .whereRef('e.tenant_id', '=', 'c.tenant_id')
        .whereRef('e.chat_id', '=', 'c.id')
        .where('e.kind', '=', 'first_response')
        .orderBy('e.occurred_at')
        .orderBy('e.id')
        .limit(1)
        .as('first_response_seconds'),
    ])
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(limit)
    .execute()
}
export type ChatReportRow = Awaited<ReturnType<typeof chatReportPage>>[number]

export type MessageReportScope = {
  /** One chat's whole history; the window is then not applied. */
  chatId: number | undefined
  from: Date
  to: Date
  channels: readonly string[] | undefined
  senders: readonly string[] | undefined
  onlyChatsOf: number | null
}

function messageRows(db: Executor, tenantId: number, s: MessageReportScope) {
  let q = db
    .selectFrom('chat_messages as m')
    .innerJoin('chats as c', (j) => j.onRef('c.tenant_id', '=', 'm.tenant_id').onRef('c.id', '=', 'm.chat_id'))
    .where('m.tenant_id', '=', tenantId)
    .where('m.deleted_at', 'is', null)
  if (s.chatId !== undefined) q = q.where('m.chat_id', '=', s.chatId)
  else q = q.where('m.sent_at', '>=', s.from).where('m.sent_at', '<', s.to)
  if (s.channels) q = q.where('c.channel', 'in', [...s.channels] as never[])
  if (s.senders) q = q.where('m.message_sender', 'in', [...s.senders] as ('client' | 'tenant' | 'tenant_iva')[])
  if (s.onlyChatsOf !== null) q = q.where(visibleTo(s.onlyChatsOf))
  return q
}

/** How many messages the report has, counting no further than `cap`. */
export const countMessageReport = (db: Executor, tenantId: number, s: MessageReportScope, cap: number) =>
  countRows(db, messageRows(db, tenantId, s).select('m.id').limit(cap))

/** Up to `limit` messages, oldest first (ties by id), after `after`. */
export async function messageReportPage(
  db: Executor,
  tenantId: number,
  s: MessageReportScope,
  after: Keyset | null,
  limit: number,
) {
  let q = messageRows(db, tenantId, s)
  if (after)
    q = q
      .where(sql<boolean>`m.sent_at >= ${after.at}::timestamptz`)
      .where(sql<boolean>`(m.sent_at, m.id) > (${after.at}::timestamptz, ${after.id})`)
  return q
    .leftJoin('users as su', 'su.id', 'm.sender_user_id')
    .leftJoin('anonymous_users as v', (j) =>
      j.onRef('v.tenant_id', '=', 'm.tenant_id').onRef('v.id', '=', 'm.sender_visitor_id'),
    )
    .select(keyOf('m.sent_at').as('sort_at'))
    .select([
      'm.id',
      'm.chat_id',
      'm.sent_at',
      'm.message_sender',
      'm.sender_kind',
      'm.sender_user_id',
      'm.sender_visitor_id',
      'su.first_name as sender_first_name',
      'su.last_name as sender_last_name',
      'su.username as sender_username',
      'v.name as visitor_name',
      'c.channel',
      'm.topic_name',
      'm.escalated',
      'm.text_content',
      'm.voice_key',
      'm.voice_duration_ms',
    ])
    .orderBy('m.sent_at')
    .orderBy('m.id')
    .limit(limit)
    .execute()
}
export type MessageReportRow = Awaited<ReturnType<typeof messageReportPage>>[number]

/** Whether a chat is the tenant's (and, for an employee limited to assigned chats, one they may see). */
export async function chatExists(db: Executor, tenantId: number, chatId: number, onlyChatsOf: number | null) {
  let q = db.selectFrom('chats as c').select('c.id').where('c.tenant_id', '=', tenantId).where('c.id', '=', chatId)
  if (onlyChatsOf !== null) q = q.where(visibleTo(onlyChatsOf))
  return (await q.executeTakeFirst()) !== undefined
}

/** The organization's name and time zone. */
export function findReportTenant(db: Executor, tenantId: number) {
  return db.selectFrom('tenants').select(['name', 'timezone']).where('id', '=', tenantId).executeTakeFirstOrThrow()
}
