import { sql } from 'kysely'
import type { ChatListQuery } from '@proxima/contracts'
import type { Executor } from '../../db/database.js'
import { containsPattern } from '../../lib/like.js'
import { CHAT_COLUMNS, type ChatRow } from './chats.queries.js'

const chatsFrom = (ex: Executor) => ex.selectFrom('chats as c')
type ChatQuery = ReturnType<typeof chatsFrom>

const SORTS = {
  '-last_message_at': sql`c.last_message_at desc nulls last`,
  '-created_at': sql`c.created_at desc`,
  created_at: sql`c.created_at asc`,
} as const

/** Who is listing a tenant's chats: one of its staff (with their filters) or one of its visitors (their own). */
export type TenantChatViewer =
  | {
      kind: 'staff'
      userId: number
      /** Employees limited to assigned chats see only theirs and unassigned ones (contract §3.4). */
      assignedOnly: boolean
      /** The tenant's time zone: a `from`/`to` date means the whole day there. */
      timezone: string
    }
  | { kind: 'visitor'; visitorId: number }

export type ChatPage = { total: number; rows: ChatRow[] }

/** A page of a tenant's chats: staff see the tenant's (filtered and searched), a visitor their own. */
export function listChats(ex: Executor, tenantId: number, viewer: TenantChatViewer, q: ChatListQuery) {
  let rows = common(chatsFrom(ex).where('c.tenant_id', '=', tenantId), q)
  rows =
    viewer.kind === 'visitor'
      ? rows.where('c.visitor_id', '=', viewer.visitorId)
      : staffFilters(rows, tenantId, viewer, q)
  return pageOf(rows, q)
}

/**
 * A page of a client's own chats. Clients have no tenant and chat with several, so this spans tenants (the
 * client's chats with every tenant, or with the one `tenant_id` names).
 */
export function listChatsOfClient(ex: Executor, clientId: number, q: ChatListQuery) {
  let rows = chatsFrom(ex).where('c.client_id', '=', clientId)
  if (q.tenant_id !== undefined) rows = rows.where('c.tenant_id', '=', q.tenant_id)
  return pageOf(common(rows, q), q)
}

function common(rows: ChatQuery, q: ChatListQuery): ChatQuery {
  if (q.status) rows = rows.where('c.status', 'in', q.status)
  if (q.chat_id !== undefined) rows = rows.where('c.id', '=', q.chat_id)
  return rows
}

async function pageOf(rows: ChatQuery, q: ChatListQuery): Promise<ChatPage> {
  const [{ total }, data] = await Promise.all([
    rows.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    rows
      .select(CHAT_COLUMNS.map((c) => `c.${c}` as const))
      .orderBy(SORTS[q.sort])
      .orderBy('c.id', q.sort === 'created_at' ? 'asc' : 'desc')
      .limit(q.limit)
      .offset(q.offset)
      .execute(),
  ])
  return { total: Number(total), rows: data }
}

function staffFilters(
  rows: ChatQuery,
  tenantId: number,
  viewer: Extract<TenantChatViewer, { kind: 'staff' }>,
  q: ChatListQuery,
): ChatQuery {
  if (viewer.assignedOnly)
    rows = rows.where((eb) => eb.or([eb('c.assignee_id', 'is', null), eb('c.assignee_id', '=', viewer.userId)]))
  if (q.assignee === 'me') rows = rows.where('c.assignee_id', '=', viewer.userId)
  else if (q.assignee === 'none') rows = rows.where('c.assignee_id', 'is', null)
  else if (q.assignee !== undefined) rows = rows.where('c.assignee_id', '=', q.assignee)
  if (q.channel) rows = rows.where('c.channel', 'in', q.channel)
  if (q.topic_id !== undefined) rows = rows.where('c.topic_id', '=', q.topic_id)
  if (q.category_id !== undefined) {
    const categoryId = q.category_id
    rows = rows.where('c.topic_id', 'in', (eb) =>
      eb.selectFrom('chat_topics').select('id').where('tenant_id', '=', tenantId).where('category_id', '=', categoryId),
    )
  }
  if (q.escalated !== undefined) rows = rows.where('c.escalated', '=', q.escalated)
  if (q.chat_owner !== undefined) rows = rows.where('c.client_id', '=', q.chat_owner)
  // A date means the whole day in the tenant's time zone; `to` includes its day.
  const tz = viewer.timezone
  if (q.from)
    rows = rows.where(
      'c.created_at',
      '>=',
      q.from.length === 10
        ? sql<Date>`(${q.from}::date)::timestamp at time zone ${tz}`
        : sql<Date>`${q.from}::timestamptz`,
    )
  if (q.to)
    rows = rows.where(
      'c.created_at',
      q.to.length === 10 ? '<' : '<=',
      q.to.length === 10
        ? sql<Date>`(${q.to}::date + 1)::timestamp at time zone ${tz}`
        : sql<Date>`${q.to}::timestamptz`,
    )
  if (q.search) rows = searchFilter(rows, tenantId, containsPattern(q.search))
  return rows
}

/** The owner's name, username or email, the visitor's name or contact, or the text of a message not removed. */
function searchFilter(rows: ChatQuery, tenantId: number, like: string): ChatQuery {
  return rows.where((eb) =>
    eb.or([
      eb.exists(
        eb
          .selectFrom('users as o')
          .select('o.id')
          .whereRef('o.id', '=', 'c.client_id')
          .where((w) =>
            w.or([
              w('o.username', 'ilike', like),
              w('o.email', 'ilike', like),
              w(sql<string>`o.first_name || ' ' || o.last_name`, 'ilike', like),
            ]),
          ),
      ),
      eb.exists(
        eb
          .selectFrom('anonymous_users as v')
          .select('v.id')
          .where('v.tenant_id', '=', tenantId)
          .whereRef('v.id', '=', 'c.visitor_id')
          .where((w) => w.or([w('v.name', 'ilike', like), w('v.contact', 'ilike', like)])),
      ),
      eb.exists(
        eb
          .selectFrom('chat_messages as m')
          .select('m.id')
          .where('m.tenant_id', '=', tenantId)
          .whereRef('m.chat_id', '=', 'c.id')
          .where('m.deleted_at', 'is', null)
          .where('m.text_content', 'ilike', like),
      ),
    ]),
  )
}
