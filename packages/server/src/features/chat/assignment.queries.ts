import { sql, type QueryCreator } from 'kysely'
import type { Executor } from '../../db/database.js'
import type { DB } from '../../db/schema.js'

/**
 * The assignable members of a tenant, written as literals so that the planner can use the partial index
 * `users_round_robin_idx` (migration 0011) also for prepared statements.
 */
const ASSIGNABLE = sql<boolean>`user_type IN ('admin', 'employee') AND is_active AND deleted_at IS NULL`

/** An active staff member of the tenant (assignment target), or undefined. */
export function findActiveStaff(ex: Executor, tenantId: number, userId: number) {
  return ex
    .selectFrom('users')
    .select(['id', 'user_type'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .where(ASSIGNABLE)
    .executeTakeFirst()
}

/**
 * Round robin: the active staff member whose latest assignment is the oldest (never assigned first), ties broken
 * by id. Reads the first entry of the tenant's turn-order index instead of the tenant's assignment history.
 */
export async function nextRoundRobinAssignee(ex: Executor, tenantId: number): Promise<number | undefined> {
  const row = await ex
    .selectFrom('users')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where(ASSIGNABLE)
    .orderBy('last_assignment_event_id', (ob) => ob.asc().nullsFirst())
    .orderBy('id')
    .limit(1)
    .executeTakeFirst()
  return row?.id
}

export type Assignment = {
  chatId: number
  assigneeId: number | null
  previousAssigneeId: number | null
  /** Made by round robin rather than by a person. */
  auto: boolean
  actorUserId?: number | null
  at: Date
}

/**
 * Records an `assigned` chat event and, in the same statement, makes it the new assignee's latest assignment (the
 * round-robin turn order). An unassignment (`assigneeId` null) is recorded without touching anyone's turn.
 */
export async function insertAssignmentEvent(ex: Executor, tenantId: number, a: Assignment): Promise<void> {
  const event = (db: QueryCreator<DB>) =>
    db
      .insertInto('chat_events')
      .values({
        tenant_id: tenantId,
        chat_id: a.chatId,
        kind: 'assigned',
        actor_user_id: a.actorUserId ?? null,
        detail: JSON.stringify({ assignee_id: a.assigneeId, previous_assignee_id: a.previousAssigneeId, auto: a.auto }),
        occurred_at: a.at,
      })
      .returning('id')
  if (a.assigneeId === null) {
    await event(ex).execute()
    return
  }
  const assigneeId = a.assigneeId
  await ex
    .with('e', (db) => event(db))
    .updateTable('users')
    .from('e')
    // Concurrent assignments may commit out of id order: the turn only moves forward.
    .set({ last_assignment_event_id: sql<number>`greatest(users.last_assignment_event_id, e.id)` })
    .where('users.tenant_id', '=', tenantId)
    .where('users.id', '=', assigneeId)
    .execute()
}
