import type { Address, AddressCreate } from '@proxima/contracts'
import type { Db } from '../../db/database.js'
import type { StaffActor } from '../../http/actor.js'
import { isoRequired, type Clock } from '../../lib/clock.js'
import { assertFound, conflict, isUniqueViolation, notFound } from '../../lib/errors.js'
import { page } from '../../lib/pagination.js'
import { deleteAddress, insertAddress, listAddresses, updateAddress, type AddressRow } from './address.queries.js'

const present = (a: AddressRow): Address => ({
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

/** The tenant's one billing address: created once, then updated. */
export function createAddressService({ db, clock }: { db: Db; clock: Clock }) {
  async function list(actor: StaffActor) {
    const rows = await listAddresses(db, actor.tenantId)
    return page(rows.map(present), { limit: 1, offset: 0, total: rows.length })
  }

  async function create(actor: StaffActor, input: AddressCreate) {
    try {
      const row = await insertAddress(db, actor.tenantId, {
        billing_details_id: input.billing_details_id ?? null,
        city: input.city,
        country: input.country,
        postal_code: input.postal_code ?? null,
        state: input.state ?? null,
        payment_number: input.payment_number ?? null,
        now: clock.now(),
      })
      return present(row)
    } catch (err) {
      if (isUniqueViolation(err))
        throw conflict('address.already_exists', 'This organization already has an address. Update it instead.')
      throw err
    }
  }

  async function update(actor: StaffActor, id: number | undefined, input: Partial<AddressCreate>) {
    const row = await updateAddress(db, actor.tenantId, id, { ...stripUndefined(input), updated_at: clock.now() })
    return present(assertFound(row))
  }

  async function remove(actor: StaffActor, id: number | undefined) {
    if (!(await deleteAddress(db, actor.tenantId, id))) throw notFound()
  }

  return { list, create, update, delete: remove }
}

function stripUndefined<T extends Record<string, unknown>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>
}
