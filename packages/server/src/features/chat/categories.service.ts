import type { z } from 'zod'
import type { CategoryCreate, CategoryListQuery, CategoryUpdate } from '@proxima/contracts'
import type { Db } from '../../db/database.js'
import type { Actor, StaffActor } from '../../http/actor.js'
import { iso, isoRequired, type Clock } from '../../lib/clock.js'
import { assertFound, conflict, isUniqueViolation, notFound } from '../../lib/errors.js'
import { page } from '../../lib/pagination.js'
import {
  deleteCategory,
  findCategory,
  insertCategory,
  listCategories,
  updateCategory,
  type CategoryRow,
} from './categories.queries.js'
import { readableTenant } from './tenant-scope.js'

const present = (c: CategoryRow) => ({
  category_id: c.id,
  name: c.name,
  description: c.description,
  topic_count: Number(c.topic_count ?? 0),
  created_at: isoRequired(c.created_at),
  updated_at: iso(c.updated_at) ?? isoRequired(c.created_at),
})

const nameTaken = () =>
  conflict('category.name_taken', 'A category with this name already exists.', {
    name: ['A category with this name already exists.'],
  })

/** Groups of topics ("service types") that staff define per tenant. */
export function createCategoryService({ db, clock }: { db: Db; clock: Clock }) {
  async function list(actor: Actor, q: z.infer<typeof CategoryListQuery>) {
    const tenantId = await readableTenant(db, actor, q.tenant_id)
    const { total, rows } = await listCategories(db, tenantId, q)
    return page(rows.map(present), { limit: q.limit, offset: q.offset, total })
  }

  const get = async (tenantId: number, id: number) => present(assertFound(await findCategory(db, tenantId, id)))

  async function create(actor: StaffActor, input: z.infer<typeof CategoryCreate>) {
    let id: number
    try {
      id = await insertCategory(db, actor.tenantId, {
        name: input.name,
        description: input.description ?? null,
        at: clock.now(),
      })
    } catch (err) {
      if (isUniqueViolation(err, 'chat_categories_name_key')) throw nameTaken()
      throw err
    }
    return get(actor.tenantId, id)
  }

  async function update(actor: StaffActor, id: number, input: z.infer<typeof CategoryUpdate>) {
    try {
      const found = await updateCategory(db, actor.tenantId, id, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        at: clock.now(),
      })
      if (!found) throw notFound()
    } catch (err) {
      if (isUniqueViolation(err, 'chat_categories_name_key')) throw nameTaken()
      throw err
    }
    return get(actor.tenantId, id)
  }

  /** Its topics move to "no category" (the foreign key sets them null). */
  async function remove(actor: StaffActor, id: number) {
    if (!(await deleteCategory(db, actor.tenantId, id))) throw notFound()
  }

  return { list, create, update, remove }
}

export type CategoryService = ReturnType<typeof createCategoryService>
