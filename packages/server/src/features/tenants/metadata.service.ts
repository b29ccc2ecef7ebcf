import type { Metadata, MetadataListQuery } from '@proxima/contracts'
import type { z } from 'zod'
import type { Db } from '../../db/database.js'
import type { StaffActor } from '../../http/actor.js'
import { isoRequired, type Clock } from '../../lib/clock.js'
import { AppError, assertFound, conflict, notFound } from '../../lib/errors.js'
import { page } from '../../lib/pagination.js'
import {
  countMetadata,
  deleteMetadata,
  findMetadata,
  insertMetadata,
  listMetadata,
  metadataKeyExists,
  updateMetadataValue,
  type MetadataRow,
} from './metadata.queries.js'
import { lockTenant } from './tenants.queries.js'

const MAX_METADATA_KEYS = 200

const present = (m: MetadataRow): Metadata => ({
  metadata_id: m.id,
  tenant_id: m.tenant_id,
  key: m.key,
  value: m.value as Metadata['value'],
  created_at: isoRequired(m.created_at),
  updated_at: isoRequired(m.updated_at),
})

/** Free key–value data a tenant keeps, at most 200 keys. */
export function createMetadataService({ db, clock }: { db: Db; clock: Clock }) {
  async function list(actor: StaffActor, q: z.infer<typeof MetadataListQuery>) {
    const { rows, total } = await listMetadata(db, actor.tenantId, q, q)
    return page(rows.map(present), { limit: q.limit, offset: q.offset, total })
  }

  async function get(actor: StaffActor, id: number) {
    return present(assertFound(await findMetadata(db, actor.tenantId, id)))
  }

  /** The tenant row lock keeps two concurrent creations from both passing the key limit. */
  async function create(actor: StaffActor, input: { key: string; value: unknown }) {
    return db.transaction().execute(async (trx) => {
      await lockTenant(trx, actor.tenantId)
      if ((await countMetadata(trx, actor.tenantId)) >= MAX_METADATA_KEYS) {
        throw new AppError(
          422,
          'metadata.limit_reached',
          `An organization can keep at most ${MAX_METADATA_KEYS} metadata keys.`,
        )
      }
      if (await metadataKeyExists(trx, actor.tenantId, input.key))
        throw conflict('metadata.key_taken', 'This key already exists. Update it instead.', {
          key: ['This key already exists.'],
        })
      return present(await insertMetadata(trx, actor.tenantId, { ...input, now: clock.now() }))
    })
  }

  async function update(actor: StaffActor, id: number, value: unknown) {
    return present(assertFound(await updateMetadataValue(db, actor.tenantId, id, value, clock.now())))
  }

  async function remove(actor: StaffActor, id: number) {
    if (!(await deleteMetadata(db, actor.tenantId, id))) throw notFound()
  }

  return { list, get, create, update, delete: remove }
}
