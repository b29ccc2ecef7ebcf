import { sql, type ExpressionBuilder } from 'kysely'
import { CLIENT_DETAIL_COLUMNS } from '../../db/client-columns.js'
import type { Executor } from '../../db/database.js'
import type { DB } from '../../db/schema.js'
import { relatedToTenant } from '../../db/client-relation.js'
import { containsPattern } from '../../lib/like.js'

/*
 * Clients as a tenant's staff see them (contract §13.2): only customers related to the tenant (§1.5), with this
 * tenant's chats, communities, issues, comments and survey responses only.
 */

type WithUser = DB & { u: DB['users'] }

const DETAIL_COLUMNS = CLIENT_DETAIL_COLUMNS

/** Customers related to the tenant whose accounts are not deleted. */
const relatedClients = (ex: Executor, tenantId: number) =>
  ex
    .selectFrom('users as u')
    .where('u.user_type', '=', 'client')
    .where('u.deleted_at', 'is', null)
    .where((eb) => relatedToTenant(tenantId, eb.ref('u.id')))

const hasChat = (tenantId: number) => (eb: ExpressionBuilder<WithUser, 'u'>) =>
  eb.exists(
    eb.selectFrom('chats as c').select('c.id').where('c.tenant_id', '=', tenantId).whereRef('c.client_id', '=', 'u.id'),
  )

export type ClientFilter = {
  search?: string | undefined
  communityId?: number | undefined
  hasChat?: boolean | undefined
  limit: number
  offset: number
}

/** A page of the ids of the tenant's related clients, by name, and how many match. */
export async function listClientIds(ex: Executor, tenantId: number, f: ClientFilter) {
  let rows = relatedClients(ex, tenantId)
  if (f.search) {
    const p = containsPattern(f.search)
    rows = rows.where((eb) =>
      eb.or([
        eb('u.first_name', 'ilike', p),
        eb('u.last_name', 'ilike', p),
        eb(sql<string>`u.first_name || ' ' || u.last_name`, 'ilike', p),
        eb('u.username', 'ilike', p),
        eb('u.email', 'ilike', p),
        eb('u.phonenumber', 'ilike', p),
      ]),
    )
  }
  if (f.communityId !== undefined) {
    const communityId = f.communityId
    rows = rows.where((eb) =>
      eb.exists(
        eb
          .selectFrom('community_memberships as m')
          .select('m.id')
          .where('m.tenant_id', '=', tenantId)
          .where('m.community_id', '=', communityId)
          .whereRef('m.client_id', '=', 'u.id')
          .where('m.left_at', 'is', null),
      ),
    )
  }
  if (f.hasChat !== undefined) {
    const wanted = f.hasChat
    rows = rows.where((eb) => (wanted ? hasChat(tenantId)(eb) : eb.not(hasChat(tenantId)(eb))))
  }
  const [count, page] = await Promise.all([
    rows.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    rows
      .select('u.id')
      .orderBy(sql`lower(u.first_name)`)
      .orderBy(sql`lower(u.last_name)`)
      .orderBy('u.id')
      .limit(f.limit)
      .offset(f.offset)
      .execute(),
  ])
  return { ids: page.map((r) => r.id), total: Number(count.n) }
}

/** The ids among `ids` of the tenant's related clients. */
export async function relatedIds(ex: Executor, tenantId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const rows = await relatedClients(ex, tenantId).select('u.id').where('u.id', 'in', ids).execute()
  return new Set(rows.map((r) => r.id))
}

/**
 * Some related clients with their details and this tenant's chat figures: `last_chat_at` is the latest message in
 * their chats, else the latest chat's creation, else null.
 */
export function listClientRows(ex: Executor, tenantId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([])
  return relatedClients(ex, tenantId)
    .select(DETAIL_COLUMNS)
    .select([
      sql<string>`(select count(*) from chats c where c.tenant_id = ${tenantId} and c.client_id = u.id)`.as(
        'chat_count',
      ),
      sql<Date | null>`(select coalesce(max(c.last_message_at), max(c.created_at)) from chats c
        where c.tenant_id = ${tenantId} and c.client_id = u.id)`.as('last_chat_at'),
    ])
    .where('u.id', 'in', ids)
    .execute()
}

/** The tenant's communities the clients are members of now, by name. */
export function listCurrentCommunities(ex: Executor, tenantId: number, clientIds: number[]) {
  if (clientIds.length === 0) return Promise.resolve([])
  return ex
    .selectFrom('community_memberships as m')
    .innerJoin('communities as co', (j) =>
      j.onRef('co.tenant_id', '=', 'm.tenant_id').onRef('co.id', '=', 'm.community_id'),
    )
    .select(['m.client_id', 'co.id', 'co.name'])
    .where('m.tenant_id', '=', tenantId)
    .where('m.client_id', 'in', clientIds)
    .where('m.left_at', 'is', null)
    .orderBy(sql`lower(co.name)`)
    .orderBy('co.id')
    .execute()
}

/** What the client did in the tenant, newest first, at most `limit` of each kind (contract §13.2). */
export async function clientActivity(ex: Executor, tenantId: number, clientId: number, limit: number) {
  const [chats, issues, comments, responses] = await Promise.all([
    ex
      .selectFrom('chats')
      .select(['id', 'channel', 'status', 'satisfaction_rating', 'created_at', 'last_message_at'])
      .where('tenant_id', '=', tenantId)
      .where('client_id', '=', clientId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),
    ex
      .selectFrom('community_issues as i')
      .innerJoin('communities as co', (j) =>
        j.onRef('co.tenant_id', '=', 'i.tenant_id').onRef('co.id', '=', 'i.community_id'),
      )
      .select(['i.id', 'i.community_id', 'co.name as community_name', 'i.title', 'i.solved', 'i.created_at'])
      .where('i.tenant_id', '=', tenantId)
      .where('i.client_id', '=', clientId)
      .orderBy('i.created_at', 'desc')
      .orderBy('i.id', 'desc')
      .limit(limit)
      .execute(),
    ex
      .selectFrom('community_comments')
      .select(['id', 'issue_id', 'body', 'created_at'])
      .where('tenant_id', '=', tenantId)
      .where('client_id', '=', clientId)
      .where('deleted_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),
    ex
      .selectFrom('survey_responses as r')
      .innerJoin('surveys as s', (j) => j.onRef('s.tenant_id', '=', 'r.tenant_id').onRef('s.id', '=', 'r.survey_id'))
      .select(['r.id', 'r.survey_id', 's.topic', 'r.submitted_at'])
      .where('r.tenant_id', '=', tenantId)
      .where('r.client_id', '=', clientId)
      .orderBy('r.submitted_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(limit)
      .execute(),
  ])
  return { chats, issues, comments, responses }
}
