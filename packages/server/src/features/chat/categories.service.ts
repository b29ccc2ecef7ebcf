import { sql } from 'kysely'
import type { z } from 'zod'
import type { CategoryCreate, CategoryListQuery, CategoryUpdate } from '@proxima/contracts'
import type { Db, Executor } from '../../db/database.js'
import type { Actor, StaffActor } from '../../http/actor.js'
import { iso, isoRequired, type Clock } from '../../lib/clock.js'
import { assertFound, conflict, fieldError, isUniqueViolation, notFound } from '../../lib/errors.js'
import { escapeLike } from '../../lib/like.js'
import { page } from '../../lib/pagination.js'

/**
 * The tenant whose categories and topics a caller reads: staff and visitors their own (a different
 * `tenant_id` looks absent), clients the active tenant they name.
 */
export async function readableTenant(ex: Executor, actor: Actor, tenantId: number | undefined): Promise<number> {
  if (actor.kind !== 'client') {
    if (tenantId !== undefined && tenantId !== actor.tenantId) throw notFound()
    return actor.tenantId
  }
  if (tenantId === undefined) throw fieldError('tenant_id', 'Choose an organization.')
  const tenant = await ex
    .selectFrom('tenants')
    .select(['id'])
    .where('id', '=', tenantId)
    .where('status', '=', 'active')
    .executeTakeFirst()
  return assertFound(tenant).id
}

type CategoryRow = {
  id: number
  name: string
  description: string | null
  created_at: Date
  updated_at: Date
  topic_count: number | string
}

const present = (c: CategoryRow) => ({
  category_id: c.id,
  name: c.name,
  description: c.description,
  topic_count: Number(c.topic_count),
  created_at: isoRequired(c.created_at),
  updated_at: iso(c.updated_at) ?? isoRequired(c.created_at),
})

const nameTaken = () =>
  conflict('category.name_taken', 'A category with this name already exists.', {
    name: ['A category with this name already exists.'],
  })

/** Groups of topics ("service types") that staff define per tenant. */
export function createCategoryService({ db, clock }: { db: Db; clock: Clock }) {
  const base = (ex: Executor, tenantId: number) =>
    ex
      .selectFrom('chat_categories as c')
      .where('c.tenant_id', '=', tenantId)
      .select(['c.id', 'c.name', 'c.description', 'c.created_at', 'c.updated_at'])
      .select((eb) =>
        eb
          .selectFrom('chat_topics as t')
          .whereRef('t.category_id', '=', 'c.id')
          .where('t.tenant_id', '=', tenantId)
          .select(eb.fn.countAll<number>().as('n'))
          .as('topic_count'),
      )

  async function list(actor: Actor, q: z.infer<typeof CategoryListQuery>) {
    const tenantId = await readableTenant(db, actor, q.tenant_id)
    let rows = db.selectFrom('chat_categories').where('tenant_id', '=', tenantId)
    if (q.search) rows = rows.where('name', 'ilike', `%${escapeLike(q.search)}%`)
    const ids = rows.select('id')
    const [{ total }, data] = await Promise.all([
      rows.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      base(db, tenantId)
        .where('c.id', 'in', ids)
        .orderBy(sql`lower(c.name)`)
        .orderBy('c.id')
        .limit(q.limit)
        .offset(q.offset)
        .execute(),
    ])
    return page(
      data.map((c) => present({ ...c, topic_count: c.topic_count ?? 0 })),
      { limit: q.limit, offset: q.offset, total: Number(total) },
    )
  }

  async function get(ex: Executor, tenantId: number, id: number) {
    const c = assertFound(await base(ex, tenantId).where('c.id', '=', id).executeTakeFirst())
    return present({ ...c, topic_count: c.topic_count ?? 0 })
  }

  async function create(actor: StaffActor, input: z.infer<typeof CategoryCreate>) {
    try {
      const row = await db
        .insertInto('chat_categories')
        .values({
          tenant_id: actor.tenantId,
          name: input.name,
          description: input.description ?? null,
          created_at: clock.now(),
          updated_at: clock.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      return await get(db, actor.tenantId, row.id)
    } catch (err) {
      if (isUniqueViolation(err, 'chat_categories_name_key')) throw nameTaken()
      throw err
    }
  }

  async function update(actor: StaffActor, id: number, input: z.infer<typeof CategoryUpdate>) {
    try {
      const row = await db
        .updateTable('chat_categories')
        .set({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          updated_at: clock.now(),
        })
        .where('tenant_id', '=', actor.tenantId)
        .where('id', '=', id)
        .returning('id')
        .executeTakeFirst()
      assertFound(row)
    } catch (err) {
      if (isUniqueViolation(err, 'chat_categories_name_key')) throw nameTaken()
      throw err
    }
    return get(db, actor.tenantId, id)
  }

  /** Its topics move to "no category" (the foreign key sets them null). */
  async function remove(actor: StaffActor, id: number) {
    const res = await db
      .deleteFrom('chat_categories')
      .where('tenant_id', '=', actor.tenantId)
      .where('id', '=', id)
      .executeTakeFirst()
    if (Number(res.numDeletedRows) === 0) throw notFound()
  }

  return { list, create, update, remove }
}

export type CategoryService = ReturnType<typeof createCategoryService>
