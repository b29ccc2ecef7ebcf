import type { Address, AddressCreate, Metadata, Product, ProductCreate, ProductUpdate } from '@proxima/contracts'
import { sql } from 'kysely'
import type { Db } from '../../db/database.js'
import type { Clock } from '../../lib/clock.js'
import { isoRequired } from '../../lib/clock.js'
import { AppError, conflict, isUniqueViolation, notFound } from '../../lib/errors.js'
import { page } from '../../lib/pagination.js'
import type { StaffActor } from '../../http/actor.js'
import { assertOwnTenant } from '../../http/tenant-scope.js'
import type { TenantScope } from '@proxima/contracts'

const MAX_METADATA_KEYS = 200
const productNameTaken = () => conflict('product.name_taken', 'A product with this name already exists.')

type ProductRow = {
  id: number
  tenant_id: number
  name: string
  description: string | null
  price: string
  currency: string
  is_active: boolean
  created_at: Date
  updated_at: Date
}
const presentProduct = (p: ProductRow): Product => ({
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

type AddressRow = Omit<Address, 'address_id' | 'created_at' | 'updated_at'> & {
  id: number
  created_at: Date
  updated_at: Date
}
const presentAddress = (a: AddressRow): Address => ({
  address_id: a.id,
  tenant_id: a.tenant_id,
  billing_details_id: a.billing_details_id,
  city: a.city,
  country: a.country,
  postal_code: a.postal_code,
  state: a.state,
  payment_number: a.payment_number,
  created_at: isoRequired(a.created_at),
  updated_at: isoRequired(a.updated_at),
})

type MetadataRow = { id: number; tenant_id: number; key: string; value: unknown; created_at: Date; updated_at: Date }
const presentMetadata = (m: MetadataRow): Metadata => ({
  metadata_id: m.id,
  tenant_id: m.tenant_id,
  key: m.key,
  value: m.value as Metadata['value'],
  created_at: isoRequired(m.created_at),
  updated_at: isoRequired(m.updated_at),
})

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

/** A tenant's products, billing address and key–value metadata. */
export function createRecordsService({ db, clock }: { db: Db; clock: Clock }) {
  // ---- products ----
  async function listProducts(
    actor: StaffActor,
    q: TenantScope & {
      search?: string | undefined
      is_active?: boolean | undefined
      product_id?: number | undefined
      sort: 'name' | '-created_at'
      limit: number
      offset: number
    },
  ) {
    assertOwnTenant(actor, q)
    let base = db.selectFrom('products').where('tenant_id', '=', actor.tenantId)
    if (q.product_id !== undefined) base = base.where('id', '=', q.product_id)
    if (q.is_active !== undefined) base = base.where('is_active', '=', q.is_active)
    if (q.search) {
      const like = `%${escapeLike(q.search)}%`
      base = base.where((eb) => eb.or([eb('name', 'ilike', like), eb('description', 'ilike', like)]))
    }
    let rows = base.selectAll()
    rows =
      q.sort === 'name'
        ? rows.orderBy(sql`lower(name)`).orderBy('id')
        : rows.orderBy('created_at', 'desc').orderBy('id', 'desc')
    const [{ total }, data] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      rows.limit(q.limit).offset(q.offset).execute(),
    ])
    return page(data.map(presentProduct), { limit: q.limit, offset: q.offset, total: Number(total) })
  }

  async function getProduct(actor: StaffActor, id: number, named: TenantScope = {}) {
    assertOwnTenant(actor, named)
    const p = await db
      .selectFrom('products')
      .selectAll()
      .where('tenant_id', '=', actor.tenantId)
      .where('id', '=', id)
      .executeTakeFirst()
    if (!p) throw notFound()
    return presentProduct(p)
  }

  async function createProduct(actor: StaffActor, input: ProductCreate) {
    const now = clock.now()
    const currency =
      input.currency ??
      (
        await db
          .selectFrom('tenant_settings')
          .select('currency')
          .where('tenant_id', '=', actor.tenantId)
          .executeTakeFirstOrThrow()
      ).currency
    try {
      const p = await db
        .insertInto('products')
        .values({
          tenant_id: actor.tenantId,
          name: input.name,
          description: input.description ?? null,
          price: input.price,
          currency,
          is_active: input.is_active ?? true,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
      return presentProduct(p)
    } catch (err) {
      if (isUniqueViolation(err, 'products_name_key')) throw productNameTaken()
      throw err
    }
  }

  async function updateProduct(actor: StaffActor, id: number, input: ProductUpdate) {
    try {
      const p = await db
        .updateTable('products')
        .set({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.price !== undefined ? { price: input.price } : {}),
          ...(input.currency !== undefined ? { currency: input.currency } : {}),
          ...(input.is_active !== undefined ? { is_active: input.is_active } : {}),
          updated_at: clock.now(),
        })
        .where('tenant_id', '=', actor.tenantId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst()
      if (!p) throw notFound()
      return presentProduct(p)
    } catch (err) {
      if (isUniqueViolation(err, 'products_name_key')) throw productNameTaken()
      throw err
    }
  }

  async function deleteProduct(actor: StaffActor, id: number) {
    const res = await db
      .deleteFrom('products')
      .where('tenant_id', '=', actor.tenantId)
      .where('id', '=', id)
      .executeTakeFirst()
    if (Number(res.numDeletedRows) !== 1) throw notFound()
  }

  // ---- address (one per tenant) ----
  async function listAddress(actor: StaffActor, named: TenantScope = {}) {
    assertOwnTenant(actor, named)
    const rows = await db.selectFrom('addresses').selectAll().where('tenant_id', '=', actor.tenantId).execute()
    return page(rows.map(presentAddress), { limit: 1, offset: 0, total: rows.length })
  }

  async function createAddress(actor: StaffActor, input: AddressCreate) {
    const now = clock.now()
    try {
      const a = await db
        .insertInto('addresses')
        .values({
          tenant_id: actor.tenantId,
          billing_details_id: input.billing_details_id ?? null,
          city: input.city,
          country: input.country,
          postal_code: input.postal_code ?? null,
          state: input.state ?? null,
          payment_number: input.payment_number ?? null,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
      return presentAddress(a)
    } catch (err) {
      if (isUniqueViolation(err))
        throw conflict('address.already_exists', 'This organization already has an address. Update it instead.')
      throw err
    }
  }

  async function updateAddress(actor: StaffActor, id: number | undefined, input: Partial<AddressCreate>) {
    let q = db
      .updateTable('addresses')
      .set({ ...stripUndefined(input), updated_at: clock.now() })
      .where('tenant_id', '=', actor.tenantId)
    if (id !== undefined) q = q.where('id', '=', id)
    const a = await q.returningAll().executeTakeFirst()
    if (!a) throw notFound()
    return presentAddress(a)
  }

  async function deleteAddress(actor: StaffActor, id: number | undefined) {
    let q = db.deleteFrom('addresses').where('tenant_id', '=', actor.tenantId)
    if (id !== undefined) q = q.where('id', '=', id)
    const res = await q.executeTakeFirst()
    if (Number(res.numDeletedRows) !== 1) throw notFound()
  }

  // ---- metadata ----
  async function listMetadata(
    actor: StaffActor,
    q: TenantScope & { key?: string | undefined; metadata_id?: number | undefined; limit: number; offset: number },
  ) {
    assertOwnTenant(actor, q)
    let base = db.selectFrom('tenant_metadata').where('tenant_id', '=', actor.tenantId)
    if (q.key) base = base.where('key', '=', q.key)
    if (q.metadata_id !== undefined) base = base.where('id', '=', q.metadata_id)
    const [{ total }, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      base.selectAll().orderBy('key').limit(q.limit).offset(q.offset).execute(),
    ])
    return page(rows.map(presentMetadata), { limit: q.limit, offset: q.offset, total: Number(total) })
  }

  async function getMetadata(actor: StaffActor, id: number, named: TenantScope = {}) {
    assertOwnTenant(actor, named)
    const m = await db
      .selectFrom('tenant_metadata')
      .selectAll()
      .where('tenant_id', '=', actor.tenantId)
      .where('id', '=', id)
      .executeTakeFirst()
    if (!m) throw notFound()
    return presentMetadata(m)
  }

  async function createMetadata(actor: StaffActor, input: { key: string; value: unknown }) {
    return db.transaction().execute(async (trx) => {
      await trx.selectFrom('tenants').select('id').where('id', '=', actor.tenantId).forUpdate().execute()
      const count = await trx
        .selectFrom('tenant_metadata')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tenant_id', '=', actor.tenantId)
        .executeTakeFirstOrThrow()
      if (Number(count.n) >= MAX_METADATA_KEYS) {
        throw new AppError(
          422,
          'metadata.limit_reached',
          `An organization can keep at most ${MAX_METADATA_KEYS} metadata keys.`,
        )
      }
      const exists = await trx
        .selectFrom('tenant_metadata')
        .select('id')
        .where('tenant_id', '=', actor.tenantId)
        .where('key', '=', input.key)
        .executeTakeFirst()
      if (exists)
        throw conflict('metadata.key_taken', 'This key already exists. Update it instead.', {
          key: ['This key already exists.'],
        })
      const m = await trx
        .insertInto('tenant_metadata')
        .values({
          tenant_id: actor.tenantId,
          key: input.key,
          value: JSON.stringify(input.value),
          created_at: clock.now(),
          updated_at: clock.now(),
        })
        .returningAll()
        .executeTakeFirstOrThrow()
      return presentMetadata(m)
    })
  }

  async function updateMetadata(actor: StaffActor, id: number, value: unknown) {
    const m = await db
      .updateTable('tenant_metadata')
      .set({ value: JSON.stringify(value), updated_at: clock.now() })
      .where('tenant_id', '=', actor.tenantId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst()
    if (!m) throw notFound()
    return presentMetadata(m)
  }

  async function deleteMetadata(actor: StaffActor, id: number) {
    const res = await db
      .deleteFrom('tenant_metadata')
      .where('tenant_id', '=', actor.tenantId)
      .where('id', '=', id)
      .executeTakeFirst()
    if (Number(res.numDeletedRows) !== 1) throw notFound()
  }

  return {
    listProducts,
    getProduct,
    createProduct,
    updateProduct,
    deleteProduct,
    listAddress,
    createAddress,
    updateAddress,
    deleteAddress,
    listMetadata,
    getMetadata,
    createMetadata,
    updateMetadata,
    deleteMetadata,
  }
}

export type RecordsService = ReturnType<typeof createRecordsService>

function stripUndefined<T extends Record<string, unknown>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>
}
