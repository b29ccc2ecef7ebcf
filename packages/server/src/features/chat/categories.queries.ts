import { sql } from 'kysely'
import type { Executor } from '../../db/database.js'
import { containsPattern } from '../../lib/like.js'
import { pageWithTotal } from '../../db/paging.js'

/** A category with the number of its topics, as the API shows it. */
function categories(ex: Executor, tenantId: number) {
  return ex
    .selectFrom('chat_categories as c')
    .where('c.tenant_id', '=', tenantId)
    .select(['c.id', 'c.name', 'c.description', 'c.created_at', 'c.updated_at'])
    .select((eb) =>
      eb
        .selectFrom('chat_topics as t')
        .where('t.tenant_id', '=', tenantId)
        .whereRef('t.category_id', '=', 'c.id')
        .select(eb.fn.countAll<number>().as('n'))
        .as('topic_count'),
    )
}

export type CategoryRow = Awaited<ReturnType<ReturnType<typeof categories>['executeTakeFirstOrThrow']>>

/** A page of the tenant's categories by name (case-insensitively), optionally those whose name contains `search`. */
export async function listCategories(
  ex: Executor,
  tenantId: number,
  q: { search?: string | undefined; limit: number; offset: number },
): Promise<{ total: number; rows: CategoryRow[] }> {
  let rows = categories(ex, tenantId)
  if (q.search) rows = rows.where('c.name', 'ilike', containsPattern(q.search))
  return pageWithTotal(rows, (r) => r.orderBy(sql`lower(c.name)`).orderBy('c.id'), q)
}

/** One category of the tenant with its topic count, or undefined. */
export function findCategory(ex: Executor, tenantId: number, categoryId: number) {
  return categories(ex, tenantId).where('c.id', '=', categoryId).executeTakeFirst()
}

/** Whether the tenant has this category (a topic may only point at its own tenant's). */
export async function categoryExists(ex: Executor, tenantId: number, categoryId: number): Promise<boolean> {
  const row = await ex
    .selectFrom('chat_categories')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', categoryId)
    .executeTakeFirst()
  return row !== undefined
}

/** Creates a category; a name the tenant already uses violates `chat_categories_name_key`. */
export async function insertCategory(
  ex: Executor,
  tenantId: number,
  values: { name: string; description: string | null; at: Date },
): Promise<number> {
  const row = await ex
    .insertInto('chat_categories')
    .values({
      tenant_id: tenantId,
      name: values.name,
      description: values.description,
      created_at: values.at,
      updated_at: values.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** Renames or redescribes a category; false when the tenant has no such category. */
export async function updateCategory(
  ex: Executor,
  tenantId: number,
  categoryId: number,
  set: { name?: string; description?: string | null; at: Date },
): Promise<boolean> {
  const row = await ex
    .updateTable('chat_categories')
    .set({
      ...(set.name !== undefined ? { name: set.name } : {}),
      ...(set.description !== undefined ? { description: set.description } : {}),
      updated_at: set.at,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', categoryId)
    .returning('id')
    .executeTakeFirst()
  return row !== undefined
}

/** Deletes a category (its topics keep no category); false when the tenant has no such category. */
export async function deleteCategory(ex: Executor, tenantId: number, categoryId: number): Promise<boolean> {
  const res = await ex
    .deleteFrom('chat_categories')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', categoryId)
    .executeTakeFirst()
  return Number(res.numDeletedRows) > 0
}
