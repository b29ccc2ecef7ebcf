import { sql } from 'kysely'
import type { Executor } from '../../db/database.js'
import { displayName } from '../../lib/names.js'
import {
  cellColumns,
  countQuery,
  keyOf,
  numberCell,
  personCell,
  secondsCell,
  textCell,
  timeCell,
  visitorCell,
  yesNoCell,
  type Slice,
  afterKey,
} from './report-sql.queries.js'

/*
 * The rows of the chats and messages reports (contract §9.1) as text cells, in the report's order: a page after the
 * last row of the one before (keyset, so a long export holds no transaction and no connection between pages), or
 * all of them for one COPY. Every query leads with the tenant.
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

/** The query of how many chats the report has, counting no further than `cap`. */
export const countChatReport = (db: Executor, tenantId: number, s: ChatReportScope, cap: number) =>
  countQuery(db, chatRows(db, tenantId, s).select('c.id').limit(cap))

/** The chats report's cells, newest first (ties by id): a page after a row, or every row. */
export function chatReportQuery(db: Executor, tenantId: number, s: ChatReportScope, slice: Slice, guard: boolean) {
  let q = chatRows(db, tenantId, s)
  // The plain bound lets the index start at the page; the row comparison then skips the ties already written.
  if (slice !== 'all' && slice.after) q = q.where(afterKey('c.created_at', 'c.id', slice.after, 'newest'))
  const rows = q
    .leftJoin('users as cu', 'cu.id', 'c.client_id')
    .leftJoin('anonymous_users as v', (j) =>
      j.onRef('v.tenant_id', '=', 'c.tenant_id').onRef('v.id', '=', 'c.visitor_id'),
    )
    .leftJoin('users as au', (j) => j.onRef('au.tenant_id', '=', 'c.tenant_id').onRef('au.id', '=', 'c.assignee_id'))
    .leftJoin('chat_topics as t', (j) => j.onRef('t.tenant_id', '=', 'c.tenant_id').onRef('t.id', '=', 'c.topic_id'))
    .select((eb) =>
      cellColumns([
        numberCell(eb.ref('c.id')),
        timeCell(eb.ref('c.created_at')),
        numberCell(eb.ref('c.status')),
        numberCell(eb.ref('c.channel')),
        sql`coalesce(${personCell(eb.ref('cu.first_name'), eb.ref('cu.last_name'), eb.ref('cu.username'), guard)}, ${visitorCell(eb.ref('v.name'), eb.ref('c.visitor_id'), guard)})`,
        textCell(eb.ref('cu.email'), guard),
        personCell(eb.ref('au.first_name'), eb.ref('au.last_name'), eb.ref('au.username'), guard),
        textCell(eb.ref('t.name'), guard),
        yesNoCell(eb.ref('c.escalated')),
        numberCell(eb.ref('c.satisfaction_rating')),
        textCell(eb.ref('c.satisfaction_comment'), guard),
        numberCell(
          eb
            .selectFrom('chat_messages as m')
            .select((e) => e.fn.countAll().as('n'))
            .whereRef('m.tenant_id', '=', 'c.tenant_id')
            .whereRef('m.chat_id', '=', 'c.id')
            .where('m.deleted_at', 'is', null),
        ),
        secondsCell(
          eb
            .selectFrom('chat_events as e')
            .select('e.wait_seconds')
            .whereRef('e.tenant_id', '=', 'c.tenant_id')
            .whereRef('e.chat_id', '=', 'c.id')
            .where('e.kind', '=', 'first_response')
            .orderBy('e.occurred_at')
            .orderBy('e.id')
            .limit(1),
        ),
        timeCell(eb.ref('c.resolved_at')),
      ]),
    )
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
  if (slice === 'all') return rows.compile()
  return rows
    .select([keyOf('c.created_at').as('sort_at'), 'c.id as id'])
    .limit(slice.limit)
    .compile()
}

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

/** The query of how many messages the report has, counting no further than `cap`. */
export const countMessageReport = (db: Executor, tenantId: number, s: MessageReportScope, cap: number) =>
  countQuery(db, messageRows(db, tenantId, s).select('m.id').limit(cap))

/** The messages report's cells, oldest first (ties by id): a page after a row, or every row. */
export function messageReportQuery(
  db: Executor,
  tenantId: number,
  s: MessageReportScope,
  slice: Slice,
  guard: boolean,
) {
  let q = messageRows(db, tenantId, s)
  if (slice !== 'all' && slice.after) q = q.where(afterKey('m.sent_at', 'm.id', slice.after, 'oldest'))
  const rows = q
    .leftJoin('users as su', 'su.id', 'm.sender_user_id')
    .leftJoin('anonymous_users as v', (j) =>
      j.onRef('v.tenant_id', '=', 'm.tenant_id').onRef('v.id', '=', 'm.sender_visitor_id'),
    )
    .select((eb) =>
      cellColumns([
        numberCell(eb.ref('m.id')),
        numberCell(eb.ref('m.chat_id')),
        timeCell(eb.ref('m.sent_at')),
        numberCell(eb.ref('m.message_sender')),
        sql`CASE WHEN ${eb.ref('m.sender_kind')} = 'visitor' THEN ${visitorCell(eb.ref('v.name'), eb.ref('m.sender_visitor_id'), guard)} ELSE ${personCell(eb.ref('su.first_name'), eb.ref('su.last_name'), eb.ref('su.username'), guard)} END`,
        numberCell(eb.ref('c.channel')),
        textCell(eb.ref('m.topic_name'), guard),
        yesNoCell(eb.ref('m.escalated')),
        textCell(eb.ref('m.text_content'), guard),
        sql`CASE WHEN ${eb.ref('m.voice_key')} IS NOT NULL THEN trim_scale(round(${eb.ref('m.voice_duration_ms')} / 1000.0, 1))::text END`,
      ]),
    )
    .orderBy('m.sent_at')
    .orderBy('m.id')
  if (slice === 'all') return rows.compile()
  return rows
    .select([keyOf('m.sent_at').as('sort_at'), 'm.id as id'])
    .limit(slice.limit)
    .compile()
}

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

/** A staff member's display name, if they are the tenant's staff. */
export async function staffName(db: Executor, tenantId: number, userId: number) {
  const row = await db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'username'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .where('user_type', 'in', ['admin', 'employee'])
    .executeTakeFirst()
  return row && displayName(row)
}

/** A chat topic's name, if it is the tenant's. */
export async function topicName(db: Executor, tenantId: number, topicId: number) {
  const row = await db
    .selectFrom('chat_topics')
    .select('name')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', topicId)
    .executeTakeFirst()
  return row?.name
}
