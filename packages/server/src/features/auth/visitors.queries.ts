import { sql } from 'kysely'
import type { Executor } from '../../db/database.js'
import { containsPattern } from '../../lib/like.js'

/** A new widget visitor of the tenant, seen now. */
export function insertVisitor(
  ex: Executor,
  tenantId: number,
  values: { name: string | null; contact: string | null; page_url: string | null; now: Date },
) {
  return ex
    .insertInto('anonymous_users')
    .values({
      tenant_id: tenantId,
      name: values.name,
      contact: values.contact,
      page_url: values.page_url,
      channel: 'website',
      last_seen_at: values.now,
    })
    .returning(['id', 'tenant_id', 'name', 'contact'])
    .executeTakeFirstOrThrow()
}

export type VisitorFilter = {
  contact?: string | undefined
  channel?: string | undefined
  search?: string | undefined
  limit: number
  offset: number
}

/** The tenant's visitors, newest first, with how many chats each has; `search` matches name or contact. */
export async function listTenantVisitors(ex: Executor, tenantId: number, q: VisitorFilter) {
  let base = ex.selectFrom('anonymous_users as v').where('v.tenant_id', '=', tenantId)
  if (q.contact) base = base.where('v.contact', '=', q.contact)
  if (q.channel) base = base.where('v.channel', '=', q.channel)
  if (q.search) {
    const like = containsPattern(q.search)
    base = base.where((eb) => eb.or([eb('v.name', 'ilike', like), eb('v.contact', 'ilike', like)]))
  }
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base
      .select(['v.id', 'v.name', 'v.contact', 'v.channel', 'v.page_url', 'v.last_seen_at', 'v.created_at'])
      .select((eb) =>
        eb
          .selectFrom('chats as c')
          .where('c.tenant_id', '=', tenantId)
          .whereRef('c.visitor_id', '=', 'v.id')
          .select(eb.fn.countAll<number>().as('n'))
          .as('chat_count'),
      )
      .orderBy('v.created_at', 'desc')
      .orderBy('v.id', 'desc')
      .limit(q.limit)
      .offset(q.offset)
      .execute(),
  ])
  return { total: Number(total), rows }
}

/** Clears a visitor's personal data (the first erasure's time stays); false when the tenant has no such visitor. */
export async function eraseVisitorDetails(ex: Executor, tenantId: number, id: number) {
  const row = await ex
    .updateTable('anonymous_users')
    .set({ name: null, contact: null, page_url: null, erased_at: sql`coalesce(erased_at, now())` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst()
  return row !== undefined
}
