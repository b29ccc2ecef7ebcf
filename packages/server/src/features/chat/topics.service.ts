import { sql } from 'kysely'
import type { z } from 'zod'
import type { TopicCreate, TopicListQuery, TopicUpdate } from '@proxima/contracts'
import type { Db, Executor } from '../../db/database.js'
import type { Actor, StaffActor } from '../../http/actor.js'
import { isoRequired, type Clock } from '../../lib/clock.js'
import { assertFound, conflict, isUniqueViolation, notFound } from '../../lib/errors.js'
import { page } from '../../lib/pagination.js'
import { escapeLike } from '../../lib/like.js'
import { readableTenant } from './categories.service.js'

const nameTaken = () =>
  conflict('topic.name_taken', 'A topic with this name already exists.', {
    name: ['A topic with this name already exists.'],
  })

/** Keywords are kept once each (case-insensitively), in the order given. */
const dedupe = (keywords: string[]) =>
  keywords.filter((k, i) => keywords.findIndex((x) => x.toLowerCase() === k.toLowerCase()) === i)

/** What chats are about; their keywords drive automatic topic detection. */
export function createTopicService({ db, clock }: { db: Db; clock: Clock }) {
  const base = (ex: Executor, tenantId: number) =>
    ex
      .selectFrom('chat_topics as t')
      .leftJoin('chat_categories as c', 'c.id', 't.category_id')
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

  type Row = Awaited<ReturnType<ReturnType<typeof base>['executeTakeFirstOrThrow']>>
  const present = (t: Row) => ({
    topic_id: t.id,
    name: t.name,
    description: t.description,
    category_id: t.category_id,
    category_name: t.category_name,
    keywords: t.keywords,
    is_active: t.is_active,
    created_at: isoRequired(t.created_at),
    updated_at: isoRequired(t.updated_at),
  })

  /** Customers see only active topics. */
  async function list(actor: Actor, q: z.infer<typeof TopicListQuery>) {
    const tenantId = await readableTenant(db, actor, q.tenant_id)
    let rows = base(db, tenantId)
    if (q.category_id !== undefined) rows = rows.where('t.category_id', '=', q.category_id)
    if (actor.kind !== 'staff') rows = rows.where('t.is_active', '=', true)
    else if (q.is_active !== undefined) rows = rows.where('t.is_active', '=', q.is_active)
    if (q.search) rows = rows.where('t.name', 'ilike', `%${escapeLike(q.search)}%`)
    const [{ total }, data] = await Promise.all([
      rows
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow(),
      rows
        .orderBy(sql`lower(t.name)`)
        .orderBy('t.id')
        .limit(q.limit)
        .offset(q.offset)
        .execute(),
    ])
    return page(data.map(present), { limit: q.limit, offset: q.offset, total: Number(total) })
  }

  const get = async (ex: Executor, tenantId: number, id: number) =>
    present(assertFound(await base(ex, tenantId).where('t.id', '=', id).executeTakeFirst()))

  async function checkCategory(tenantId: number, categoryId: number | null | undefined) {
    if (categoryId === undefined || categoryId === null) return
    const c = await db
      .selectFrom('chat_categories')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', categoryId)
      .executeTakeFirst()
    assertFound(c)
  }

  async function create(actor: StaffActor, input: z.infer<typeof TopicCreate>) {
    await checkCategory(actor.tenantId, input.category_id)
    try {
      const row = await db
        .insertInto('chat_topics')
        .values({
          tenant_id: actor.tenantId,
          name: input.name,
          category_id: input.category_id ?? null,
          description: input.description ?? null,
          keywords: JSON.stringify(dedupe(input.keywords ?? [])),
          is_active: input.is_active ?? true,
          created_at: clock.now(),
          updated_at: clock.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      return await get(db, actor.tenantId, row.id)
    } catch (err) {
      if (isUniqueViolation(err, 'chat_topics_name_key')) throw nameTaken()
      throw err
    }
  }

  async function update(actor: StaffActor, id: number, input: z.infer<typeof TopicUpdate>) {
    await checkCategory(actor.tenantId, input.category_id)
    try {
      const row = await db
        .updateTable('chat_topics')
        .set({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.category_id !== undefined ? { category_id: input.category_id } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.keywords !== undefined ? { keywords: JSON.stringify(dedupe(input.keywords)) } : {}),
          ...(input.is_active !== undefined ? { is_active: input.is_active } : {}),
          updated_at: clock.now(),
        })
        .where('tenant_id', '=', actor.tenantId)
        .where('id', '=', id)
        .returning('id')
        .executeTakeFirst()
      assertFound(row)
    } catch (err) {
      if (isUniqueViolation(err, 'chat_topics_name_key')) throw nameTaken()
      throw err
    }
    return get(db, actor.tenantId, id)
  }

  /** Chats and messages lose the link (foreign keys set null); a message keeps its stored topic name. */
  async function remove(actor: StaffActor, id: number) {
    const res = await db
      .deleteFrom('chat_topics')
      .where('tenant_id', '=', actor.tenantId)
      .where('id', '=', id)
      .executeTakeFirst()
    if (Number(res.numDeletedRows) === 0) throw notFound()
  }

  return { list, create, update, remove }
}

export type TopicService = ReturnType<typeof createTopicService>

/** The tenant's active topics, for keyword detection. */
export function activeTopics(ex: Executor, tenantId: number) {
  return ex
    .selectFrom('chat_topics')
    .select(['id', 'name', 'keywords'])
    .where('tenant_id', '=', tenantId)
    .where('is_active', '=', true)
    .execute()
}
