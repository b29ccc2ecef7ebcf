import type { Selectable } from 'kysely'
import type { Executor } from '../../db/database.js'
import type { TenantMetadataTable } from '../../db/schema.js'

const METADATA_COLUMNS = ['id', 'tenant_id', 'key', 'value', 'created_at', 'updated_at'] as const
export type MetadataRow = Pick<Selectable<TenantMetadataTable>, (typeof METADATA_COLUMNS)[number]>

/** One page of the tenant's metadata in key order, with the total the filters match. */
export async function listMetadata(
  ex: Executor,
  tenantId: number,
  filters: { key?: string | undefined; metadata_id?: number | undefined },
  opts: { limit: number; offset: number },
): Promise<{ rows: MetadataRow[]; total: number }> {
  let base = ex.selectFrom('tenant_metadata').where('tenant_id', '=', tenantId)
  if (filters.key) base = base.where('key', '=', filters.key)
  if (filters.metadata_id !== undefined) base = base.where('id', '=', filters.metadata_id)
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base.select(METADATA_COLUMNS).orderBy('key').limit(opts.limit).offset(opts.offset).execute(),
  ])
  return { rows, total: Number(total) }
}

/** A metadata entry of the tenant; another tenant's id is as absent as an unknown one. */
export function findMetadata(ex: Executor, tenantId: number, id: number): Promise<MetadataRow | undefined> {
  return ex
    .selectFrom('tenant_metadata')
    .select(METADATA_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst()
}

/** How many keys the tenant keeps (a tenant may keep a bounded number). */
export async function countMetadata(ex: Executor, tenantId: number): Promise<number> {
  const row = await ex
    .selectFrom('tenant_metadata')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Keys are unique per tenant. */
export async function metadataKeyExists(ex: Executor, tenantId: number, key: string): Promise<boolean> {
  const row = await ex
    .selectFrom('tenant_metadata')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('key', '=', key)
    .executeTakeFirst()
  return row !== undefined
}

/** Stores a new key with its JSON value. */
export function insertMetadata(
  ex: Executor,
  tenantId: number,
  values: { key: string; value: unknown; now: Date },
): Promise<MetadataRow> {
  return ex
    .insertInto('tenant_metadata')
    .values({
      tenant_id: tenantId,
      key: values.key,
      value: JSON.stringify(values.value),
      created_at: values.now,
      updated_at: values.now,
    })
    .returning(METADATA_COLUMNS)
    .executeTakeFirstOrThrow()
}

/** Replaces a key's value; undefined when the tenant has no such entry. */
export function updateMetadataValue(
  ex: Executor,
  tenantId: number,
  id: number,
  value: unknown,
  now: Date,
): Promise<MetadataRow | undefined> {
  return ex
    .updateTable('tenant_metadata')
    .set({ value: JSON.stringify(value), updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .returning(METADATA_COLUMNS)
    .executeTakeFirst()
}

/** Whether the tenant had such an entry. */
export async function deleteMetadata(ex: Executor, tenantId: number, id: number): Promise<boolean> {
  const res = await ex
    .deleteFrom('tenant_metadata')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst()
  return Number(res.numDeletedRows) === 1
}
