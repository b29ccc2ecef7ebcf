import type { Selectable, Updateable } from 'kysely'
import type { Executor } from '../../db/database.js'
import type { AddressesTable } from '../../db/schema.js'

const ADDRESS_COLUMNS = [
  'id',
  'tenant_id',
  'billing_details_id',
  'city',
  'country',
  'postal_code',
  'state',
  'payment_number',
  'created_at',
  'updated_at',
] as const
export type AddressRow = Pick<Selectable<AddressesTable>, (typeof ADDRESS_COLUMNS)[number]>

type AddressFields = 'billing_details_id' | 'city' | 'country' | 'postal_code' | 'state' | 'payment_number'

/** The tenant's billing address: none or one (a unique key on the tenant keeps it so). */
export function listAddresses(ex: Executor, tenantId: number): Promise<AddressRow[]> {
  return ex.selectFrom('addresses').select(ADDRESS_COLUMNS).where('tenant_id', '=', tenantId).execute()
}

/** A second address of a tenant fails with a unique violation. */
export function insertAddress(
  ex: Executor,
  tenantId: number,
  values: Pick<Selectable<AddressesTable>, AddressFields> & { now: Date },
): Promise<AddressRow> {
  const { now, ...address } = values
  return ex
    .insertInto('addresses')
    .values({ tenant_id: tenantId, ...address, created_at: now, updated_at: now })
    .returning(ADDRESS_COLUMNS)
    .executeTakeFirstOrThrow()
}

/** The tenant's address, or the one with `id` when given; undefined when there is none (or not that one). */
export function updateAddress(
  ex: Executor,
  tenantId: number,
  id: number | undefined,
  changes: Pick<Updateable<AddressesTable>, AddressFields | 'updated_at'>,
): Promise<AddressRow | undefined> {
  let q = ex.updateTable('addresses').set(changes).where('tenant_id', '=', tenantId)
  if (id !== undefined) q = q.where('id', '=', id)
  return q.returning(ADDRESS_COLUMNS).executeTakeFirst()
}

/** Whether the tenant had the address (the one with `id` when given). */
export async function deleteAddress(ex: Executor, tenantId: number, id: number | undefined): Promise<boolean> {
  let q = ex.deleteFrom('addresses').where('tenant_id', '=', tenantId)
  if (id !== undefined) q = q.where('id', '=', id)
  const res = await q.executeTakeFirst()
  return Number(res.numDeletedRows) === 1
}
