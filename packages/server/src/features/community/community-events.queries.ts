import type { SelectQueryBuilder } from 'kysely'
import type { Executor } from '../../db/database.js'
import type { DB } from '../../db/schema.js'

const EVENT_COLUMNS = [
  'e.id',
  'e.type',
  'e.occurred_at',
  'c.id as community_id',
  'c.name as community_name',
  'u.id as user_id',
  'u.username',
  'u.first_name',
  'u.last_name',
  'u.profile_photo',
] as const

export type EventFilter = {
  communityId?: number | undefined
  clientId?: number | undefined
  type?: 'join' | 'leave' | undefined
  /** `[from, to)` */
  from?: Date | undefined
  to?: Date | undefined
}
/** Without a cursor the latest `limit`; `before` and `after` are event ids (at most one of them). */
export type EventWindow = { before?: number | undefined; after?: number | undefined; limit: number }

type Joined = DB & { e: DB['community_events']; c: DB['communities']; u: DB['users'] }
type Events = SelectQueryBuilder<Joined, 'e' | 'c' | 'u', object>

function joined(ex: Executor): Events {
  return ex
    .selectFrom('community_events as e')
    .innerJoin('communities as c', 'c.id', 'e.community_id')
    .innerJoin('users as u', 'u.id', 'e.client_id')
}

function filtered(q: Events, f: EventFilter): Events {
  if (f.communityId !== undefined) q = q.where('e.community_id', '=', f.communityId)
  if (f.clientId !== undefined) q = q.where('e.client_id', '=', f.clientId)
  if (f.type !== undefined) q = q.where('e.type', '=', f.type)
  if (f.from) q = q.where('e.occurred_at', '>=', f.from)
  if (f.to) q = q.where('e.occurred_at', '<', f.to)
  return q
}

/** One window of events, oldest first, and whether older and newer ones exist beyond it. */
async function eventWindow(base: () => Events, w: EventWindow) {
  const rows =
    w.after !== undefined
      ? await base().select(EVENT_COLUMNS).where('e.id', '>', w.after).orderBy('e.id', 'asc').limit(w.limit).execute()
      : (
          await (w.before !== undefined ? base().where('e.id', '<', w.before) : base())
            .select(EVENT_COLUMNS)
            .orderBy('e.id', 'desc')
            .limit(w.limit)
            .execute()
        ).reverse()
  const first = rows[0]?.id
  const last = rows[rows.length - 1]?.id
  const exists = async (op: '<' | '>' | '<=' | '>=', id: number) =>
    (await base().select('e.id').where('e.id', op, id).limit(1).executeTakeFirst()) !== undefined
  const [hasOlder, hasNewer] = await Promise.all([
    first !== undefined ? exists('<', first) : w.after !== undefined ? exists('<=', w.after) : false,
    last !== undefined ? exists('>', last) : w.before !== undefined ? exists('>=', w.before) : false,
  ])
  return { rows, hasOlder, hasNewer }
}

/** A window of a tenant's join and leave history, oldest first. */
export function listCommunityEvents(ex: Executor, tenantId: number, f: EventFilter, w: EventWindow) {
  return eventWindow(() => filtered(joined(ex).where('e.tenant_id', '=', tenantId), f), w)
}

/**
 * A window of the customer's own joins and leaves, oldest first, in the communities they may still see (not
 * archived, of an active tenant). Spans tenants: customers are platform-wide accounts (users with tenant_id NULL).
 */
export function listCommunityEventsOfClient(ex: Executor, clientId: number, f: EventFilter, w: EventWindow) {
  const own = () =>
    joined(ex)
      .where('e.client_id', '=', clientId)
      .where('c.is_archived', '=', false)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('tenants as t')
            .select('t.id')
            .whereRef('t.id', '=', 'c.tenant_id')
            .where('t.status', '=', 'active'),
        ),
      )
  return eventWindow(() => filtered(own(), f), w)
}
