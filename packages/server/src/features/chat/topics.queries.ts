import { sql } from 'kysely'
import type { Executor } from '../../db/database.js'
import { containsPattern } from '../../lib/like.js'
import { pageWithTotal } from '../../db/paging.js'

/** A topic with its category's name, as the API shows it. */
function topics(ex: Executor, tenantId: number) {
  return ex
    .selectFrom('chat_topics as t')
    .leftJoin('chat_categories as c', (join) =>
      join.onRef('c.tenant_id', '=', 't.tenant_id').onRef('c.id', '=', 't.category_id'),
    )
    .where('t.tenant_id', '=', tenantId)
    .select([
      't.id',
      't.name',
      't.description',
      't.category_id',
      'c.name as category_name',
      't.keywords',
      't.is_active',
      't.created_at',
      't.updated_at',
    ])
}

export type TopicRow = Awaited<ReturnType<ReturnType<typeof topics>['executeTakeFirstOrThrow']>>

export type TopicFilter = {
  category_id?: number | undefined
  is_active?: boolean | undefined
  search?: string | undefined
  limit: number
  offset: number
}

/** A page of the tenant's topics by name (case-insensitively), filtered by category, activity and name. */
export async function listTopics(
  ex: Executor,
  tenantId: number,
  q: TopicFilter,
): Promise<{ total: number; rows: TopicRow[] }> {
  let rows = topics(ex, tenantId)
  if (q.category_id !== undefined) rows = rows.where('t.category_id', '=', q.category_id)
  if (q.is_active !== undefined) rows = rows.where('t.is_active', '=', q.is_active)
  if (q.search) rows = rows.where('t.name', 'ilike', containsPattern(q.search))
  return pageWithTotal(rows, (r) => r.orderBy(sql`lower(t.name)`).orderBy('t.id'), q)
}

/** One topic of the tenant as the API shows it, or undefined. */
export function findTopicDetail(ex: Executor, tenantId: number, topicId: number) {
  return topics(ex, tenantId).where('t.id', '=', topicId).executeTakeFirst()
}

/** One topic of the tenant (a chat or message may only name its own tenant's), or undefined. */
export function findTopic(ex: Executor, tenantId: number, topicId: number) {
  return ex
    .selectFrom('chat_topics')
    .select(['id', 'name'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', topicId)
    .executeTakeFirst()
}

/** The tenant's active topics, for keyword detection. */
export function listActiveTopics(ex: Executor, tenantId: number) {
  return ex
    .selectFrom('chat_topics')
    .select(['id', 'name', 'keywords'])
    .where('tenant_id', '=', tenantId)
    .where('is_active', '=', true)
    .execute()
}

export type TopicValues = {
  name: string
  category_id: number | null
  description: string | null
  keywords: string[]
  is_active: boolean
}

/** Creates a topic; a name the tenant already uses violates `chat_topics_name_key`. */
export async function insertTopic(ex: Executor, tenantId: number, values: TopicValues, at: Date): Promise<number> {
  const row = await ex
    .insertInto('chat_topics')
    .values({
      tenant_id: tenantId,
      name: values.name,
      category_id: values.category_id,
      description: values.description,
      keywords: JSON.stringify(values.keywords),
      is_active: values.is_active,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** Changes the given fields of a topic; false when the tenant has no such topic. */
export async function updateTopic(
  ex: Executor,
  tenantId: number,
  topicId: number,
  set: Partial<TopicValues>,
  at: Date,
): Promise<boolean> {
  const { keywords, ...rest } = set
  const row = await ex
    .updateTable('chat_topics')
    .set({ ...rest, ...(keywords !== undefined ? { keywords: JSON.stringify(keywords) } : {}), updated_at: at })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', topicId)
    .returning('id')
    .executeTakeFirst()
  return row !== undefined
}

/** Deletes a topic (chats and messages lose the link); false when the tenant has no such topic. */
export async function deleteTopic(ex: Executor, tenantId: number, topicId: number): Promise<boolean> {
  const res = await ex
    .deleteFrom('chat_topics')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', topicId)
    .executeTakeFirst()
  return Number(res.numDeletedRows) > 0
}
