import { sql, type Selectable, type Updateable } from 'kysely'
import type { Executor } from '../../db/database.js'
import type { ProductsTable } from '../../db/schema.js'
import { containsPattern } from '../../lib/like.js'

const PRODUCT_COLUMNS = [
  'id',
  'tenant_id',
  'name',
  'description',
  'price',
  'currency',
  'is_active',
  'created_at',
  'updated_at',
] as const
export type ProductRow = Pick<Selectable<ProductsTable>, (typeof PRODUCT_COLUMNS)[number]>

export type ProductFilters = {
  search?: string | undefined
  is_active?: boolean | undefined
  product_id?: number | undefined
}

/** One page of the tenant's products, by name or newest first, with the total the filters match. */
export async function listProducts(
  ex: Executor,
  tenantId: number,
  filters: ProductFilters,
  opts: { sort: 'name' | '-created_at'; limit: number; offset: number },
): Promise<{ rows: ProductRow[]; total: number }> {
  let base = ex.selectFrom('products').where('tenant_id', '=', tenantId)
  if (filters.product_id !== undefined) base = base.where('id', '=', filters.product_id)
  if (filters.is_active !== undefined) base = base.where('is_active', '=', filters.is_active)
  if (filters.search) {
    const like = containsPattern(filters.search)
    base = base.where((eb) => eb.or([eb('name', 'ilike', like), eb('description', 'ilike', like)]))
  }
  let rows = base.select(PRODUCT_COLUMNS)
  rows =
    opts.sort === 'name'
      ? rows.orderBy(sql`lower(name)`).orderBy('id')
      : rows.orderBy('created_at', 'desc').orderBy('id', 'desc')
  const [{ total }, data] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    rows.limit(opts.limit).offset(opts.offset).execute(),
  ])
  return { rows: data, total: Number(total) }
}

/** A product of the tenant; another tenant's id is as absent as an unknown one. */
export function findProduct(ex: Executor, tenantId: number, id: number): Promise<ProductRow | undefined> {
  return ex
    .selectFrom('products')
    .select(PRODUCT_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst()
}

/** Names are unique per tenant (`products_name_key`): a duplicate fails with a unique violation. */
export function insertProduct(
  ex: Executor,
  tenantId: number,
  values: {
    name: string
    description: string | null
    price: string
    currency: string
    is_active: boolean
    now: Date
  },
): Promise<ProductRow> {
  const { now, ...product } = values
  return ex
    .insertInto('products')
    .values({ tenant_id: tenantId, ...product, created_at: now, updated_at: now })
    .returning(PRODUCT_COLUMNS)
    .executeTakeFirstOrThrow()
}

export type ProductChanges = Pick<
  Updateable<ProductsTable>,
  'name' | 'description' | 'price' | 'currency' | 'is_active' | 'updated_at'
>

/** Undefined when the tenant has no such product. */
export function updateProduct(
  ex: Executor,
  tenantId: number,
  id: number,
  changes: ProductChanges,
): Promise<ProductRow | undefined> {
  return ex
    .updateTable('products')
    .set(changes)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .returning(PRODUCT_COLUMNS)
    .executeTakeFirst()
}

/** Whether the tenant had such a product. */
export async function deleteProduct(ex: Executor, tenantId: number, id: number): Promise<boolean> {
  const res = await ex.deleteFrom('products').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst()
  return Number(res.numDeletedRows) === 1
}
