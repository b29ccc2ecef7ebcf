import type { Executor } from '../../db/database.js'

/* The rows an analytics request may be scoped to, looked up within the caller's tenant only. */

export async function findCommunity(db: Executor, tenantId: number, id: number) {
  return db
    .selectFrom('communities')
    .select(['id', 'name'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst()
}

export async function findThread(db: Executor, tenantId: number, id: number) {
  return db
    .selectFrom('community_threads')
    .select(['id', 'created_at'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst()
}

export async function findSurvey(db: Executor, tenantId: number, id: number) {
  return db
    .selectFrom('surveys')
    .select(['id', 'created_at', 'published_at', 'closed_at'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst()
}

export async function findTopic(db: Executor, tenantId: number, id: number) {
  return db
    .selectFrom('chat_topics')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst()
}

/** A staff member of the tenant, current or former (their past replies and chats still count). */
export async function findStaffMember(db: Executor, tenantId: number, id: number) {
  return db
    .selectFrom('users')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('user_type', 'in', ['admin', 'employee'])
    .executeTakeFirst()
}
