import { sql } from 'kysely'
import type { Executor } from '../../db/database.js'

/** Whose counts: a staff member, limited to assigned and unassigned chats when `assignedOnly` (contract §3.4). */
export type QueueViewer = { userId: number; assignedOnly: boolean }

/**
 * How many of a tenant's chats sit in each queue of the overview, among the chats the viewer may see: `open` by
 * status; of the chats not resolved, `waiting` (the customer's latest message has no human reply: `waiting_since`),
 * `mine` (assigned to the viewer) and `unassigned`. One pass over the tenant's unresolved chats.
 */
export async function countChatQueues(ex: Executor, tenantId: number, viewer: QueueViewer) {
  let rows = ex.selectFrom('chats as c').where('c.tenant_id', '=', tenantId).where('c.status', '<>', 'resolved')
  if (viewer.assignedOnly)
    rows = rows.where((eb) => eb.or([eb('c.assignee_id', 'is', null), eb('c.assignee_id', '=', viewer.userId)]))
  const row = await rows
    .select([
      sql<string>`count(*) filter (where c.status = 'open')`.as('open'),
      sql<string>`count(*) filter (where c.waiting_since is not null)`.as('waiting'),
      sql<string>`count(*) filter (where c.assignee_id = ${viewer.userId})`.as('mine'),
      sql<string>`count(*) filter (where c.assignee_id is null)`.as('unassigned'),
    ])
    .executeTakeFirstOrThrow()
  return {
    open: Number(row.open),
    waiting: Number(row.waiting),
    mine: Number(row.mine),
    unassigned: Number(row.unassigned),
  }
}
