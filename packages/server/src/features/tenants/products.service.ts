import type { Product, ProductCreate, ProductListQuery, ProductUpdate } from '@proxima/contracts'
import type { z } from 'zod'
import type { Db } from '../../db/database.js'
import type { StaffActor } from '../../http/actor.js'
import { isoRequired, type Clock } from '../../lib/clock.js'
import { assertFound, conflict, isUniqueViolation, notFound } from '../../lib/errors.js'
import { page } from '../../lib/pagination.js'
import {
  deleteProduct,
  findProduct,
  insertProduct,
  listProducts,
  updateProduct,
  type ProductRow,
} from './products.queries.js'
import { findDefaultCurrency } from './settings.queries.js'

const productNameTaken = () => conflict('product.name_taken', 'A product with this name already exists.')

/** A duplicate name, whichever write ran into it, answers the same 409. */
async function guardName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (err) {
    if (isUniqueViolation(err, 'products_name_key')) throw productNameTaken()
    throw err
  }
}

const present = (p: ProductRow): Product => ({
  product_id: p.id,
  tenant_id: p.tenant_id,
  name: p.name,
  description: p.description,
  price: Number(p.price).toFixed(2),
  currency: p.currency,
  is_active: p.is_active,
  created_at: isoRequired(p.created_at),
  updated_at: isoRequired(p.updated_at),
})

/** The tenant's products: staff read them, admins keep them; prices default to the tenant's currency. */
export function createProductService({ db, clock }: { db: Db; clock: Clock }) {
  async function list(actor: StaffActor, q: z.infer<typeof ProductListQuery>) {
    const { rows, total } = await listProducts(db, actor.tenantId, q, q)
    return page(rows.map(present), { limit: q.limit, offset: q.offset, total })
  }

  async function get(actor: StaffActor, id: number) {
    return present(assertFound(await findProduct(db, actor.tenantId, id)))
  }

  async function create(actor: StaffActor, input: ProductCreate) {
    const currency = input.currency ?? (await findDefaultCurrency(db, actor.tenantId))
    const row = await guardName(() =>
      insertProduct(db, actor.tenantId, {
        name: input.name,
        description: input.description ?? null,
        price: input.price,
        currency,
        is_active: input.is_active ?? true,
        now: clock.now(),
      }),
    )
    return present(row)
  }

  async function update(actor: StaffActor, id: number, input: ProductUpdate) {
    const row = await guardName(() =>
      updateProduct(db, actor.tenantId, id, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.price !== undefined ? { price: input.price } : {}),
        ...(input.currency !== undefined ? { currency: input.currency } : {}),
        ...(input.is_active !== undefined ? { is_active: input.is_active } : {}),
        updated_at: clock.now(),
      }),
    )
    return present(assertFound(row))
  }

  async function remove(actor: StaffActor, id: number) {
    if (!(await deleteProduct(db, actor.tenantId, id))) throw notFound()
  }

  return { list, get, create, update, delete: remove }
}
