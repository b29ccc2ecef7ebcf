import { sql } from 'kysely'
import type { Executor } from '../../../db/database.js'

/*
 * The roller's bookkeeping (migration 0016): the sealing watermark, the dirty marks, and which tenants have data.
 */

/** Serialises rolls of one tenant across processes, for the transaction. */
export async function lockTenantRollups(db: Executor, tenantId: number) {
  await sql`SELECT pg_advisory_xact_lock(4242016, ${tenantId}::int)`.execute(db)
}

/** The watermark, the database's clock, and the hour that may be sealed now (`margin` ms ago, whole hours). */
export async function sealingClock(db: Executor, marginMs: number) {
  const { rows } = await sql<{ sealed_until: Date | string | null; target: Date | string }>`
    SELECT sealed_until,
      date_trunc('hour', clock_timestamp() - make_interval(secs => ${marginMs / 1000}), 'UTC') AS target
    FROM analytics_rollup_state`.execute(db)
  const row = rows[0]!
  return { sealedUntil: row.sealed_until ? new Date(row.sealed_until) : null, target: new Date(row.target) }
}

/** Moves the watermark from `from` (as read) to `to`; false when another process moved it meanwhile. */
export async function advanceSealing(db: Executor, from: Date | null, to: Date): Promise<boolean> {
  const { rows } = await sql<{ ok: number }>`
    UPDATE analytics_rollup_state SET sealed_until = ${to.toISOString()}::timestamptz
    WHERE sealed_until IS NOT DISTINCT FROM ${from?.toISOString() ?? null}::timestamptz
    RETURNING 1 AS ok`.execute(db)
  return rows.length === 1
}

/** Removes every rollup row and dirty mark (a full rebuild follows). */
export async function clearRollups(db: Executor) {
  await sql`DELETE FROM analytics_days`.execute(db)
  await sql`DELETE FROM analytics_hours`.execute(db)
  await sql`DELETE FROM analytics_chat_days`.execute(db)
  await sql`DELETE FROM analytics_chat_hours`.execute(db)
  await sql`DELETE FROM analytics_community_days`.execute(db)
  await sql`DELETE FROM analytics_community_hours`.execute(db)
  await sql`DELETE FROM analytics_period_counts`.execute(db)
  await sql`DELETE FROM analytics_period_fills`.execute(db)
  await sql`DELETE FROM analytics_period_stale`.execute(db)
  await sql`DELETE FROM analytics_rollup_dirty`.execute(db)
}

/** Sets the watermark back to nothing (everything is read live until it is sealed again). */
export async function resetSealing(db: Executor) {
  await sql`UPDATE analytics_rollup_state SET sealed_until = NULL`.execute(db)
}

/**
 * The hour of the earliest fact of any tenant (where sealing starts), or null without any. Once per database (while
 * nothing is sealed), so the scans of whole tables are paid once. A stay ends after it begins, so its join bounds its
 * leave.
 */
export async function earliestActivity(db: Executor): Promise<Date | null> {
  const { rows } = await sql<{ at: Date | string | null }>`
    SELECT date_trunc('hour', least(
      (SELECT min(created_at) FROM chats), (SELECT min(rated_at) FROM chats),
      (SELECT min(sent_at) FROM chat_messages), (SELECT min(occurred_at) FROM chat_events),
      (SELECT min(created_at) FROM community_comments), (SELECT min(created_at) FROM community_issues),
      (SELECT min(joined_at) FROM community_memberships)
    ), 'UTC') AS at`.execute(db)
  return rows[0]?.at ? new Date(rows[0].at) : null
}

/**
 * Tenants with a fact in `[from, to)` (a chat created or rated, a message, an event, a comment, an issue, a join or a
 * leave): the others have nothing to roll up there. One index probe per tenant and table.
 */
export async function tenantsWithActivity(db: Executor, from: Date, to: Date): Promise<number[]> {
  const a = from.toISOString()
  const b = to.toISOString()
  const { rows } = await sql<{ id: number | string }>`
    SELECT t.id FROM tenants t
    WHERE EXISTS (SELECT 1 FROM chats c WHERE c.tenant_id = t.id
        AND c.created_at >= ${a}::timestamptz AND c.created_at < ${b}::timestamptz)
      OR EXISTS (SELECT 1 FROM chat_messages m WHERE m.tenant_id = t.id
        AND m.sent_at >= ${a}::timestamptz AND m.sent_at < ${b}::timestamptz)
      OR EXISTS (SELECT 1 FROM chat_events e WHERE e.tenant_id = t.id
        AND e.kind IN ('escalated', 'first_response', 'reply')
        AND e.occurred_at >= ${a}::timestamptz AND e.occurred_at < ${b}::timestamptz)
      OR EXISTS (SELECT 1 FROM chats c WHERE c.tenant_id = t.id
        AND c.rated_at >= ${a}::timestamptz AND c.rated_at < ${b}::timestamptz)
      OR EXISTS (SELECT 1 FROM community_comments x WHERE x.tenant_id = t.id AND x.deleted_at IS NULL
        AND x.created_at >= ${a}::timestamptz AND x.created_at < ${b}::timestamptz)
      OR EXISTS (SELECT 1 FROM community_issues x WHERE x.tenant_id = t.id
        AND x.created_at >= ${a}::timestamptz AND x.created_at < ${b}::timestamptz)
      OR EXISTS (SELECT 1 FROM community_memberships x WHERE x.tenant_id = t.id
        AND x.joined_at >= ${a}::timestamptz AND x.joined_at < ${b}::timestamptz)
      OR EXISTS (SELECT 1 FROM community_memberships x WHERE x.tenant_id = t.id
        AND x.left_at >= ${a}::timestamptz AND x.left_at < ${b}::timestamptz)
    ORDER BY t.id`.execute(db)
  return rows.map((r) => Number(r.id))
}

/**
 * Takes up to `limit` dirty marks (oldest tenants first), skipping those another roller holds. An hour may have
 * several marks (each change writes its own); exactly the rows locked here are taken, so two rollers never wait
 * for each other's marks.
 */
export async function takeDirtyHours(db: Executor, limit: number): Promise<{ tenantId: number; hour: Date }[]> {
  const { rows } = await sql<{ tenant_id: number | string; hour: Date | string }>`
    DELETE FROM analytics_rollup_dirty d
    USING (
      SELECT ctid FROM analytics_rollup_dirty ORDER BY tenant_id, hour LIMIT ${limit} FOR UPDATE SKIP LOCKED
    ) k
    WHERE d.ctid = k.ctid
    RETURNING d.tenant_id, d.hour`.execute(db)
  return rows.map((r) => ({ tenantId: Number(r.tenant_id), hour: new Date(r.hour) }))
}

/**
 * Removes one tenant's marks in `[from, to)` before those hours are rolled up in the same transaction: the roll's
 * later statement sees every change whose mark this one removed (a mark commits with its change). Marks another
 * roller has taken are left to it: it rolls their hours once it has the tenant's lock, after this transaction, and
 * waiting for them here while holding that lock would deadlock.
 */
export async function dropDirtyMarks(db: Executor, tenantId: number, from: Date, to: Date) {
  await sql`DELETE FROM analytics_rollup_dirty d
    USING (
      SELECT ctid FROM analytics_rollup_dirty WHERE tenant_id = ${tenantId}
        AND hour >= ${from.toISOString()}::timestamptz AND hour < ${to.toISOString()}::timestamptz
      FOR UPDATE SKIP LOCKED
    ) k
    WHERE d.ctid = k.ctid`.execute(db)
}

/**
 * Marks every hour of one tenant from its first chat, issue or join (a comment comes after its issue) up to `to` dirty
 * (a rebuild); returns how many.
 */
export async function markTenantDirty(db: Executor, tenantId: number, to: Date): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`
    WITH marked AS (
      INSERT INTO analytics_rollup_dirty (tenant_id, hour)
      SELECT ${tenantId}, h
      FROM (
          SELECT date_trunc('hour', least(
            (SELECT min(created_at) FROM chats WHERE tenant_id = ${tenantId}),
            (SELECT min(created_at) FROM community_issues WHERE tenant_id = ${tenantId}),
            (SELECT min(joined_at) FROM community_memberships WHERE tenant_id = ${tenantId})
          ), 'UTC') AS first
        ) s,
        generate_series(s.first, ${to.toISOString()}::timestamptz - interval '1 hour', interval '1 hour') h
      WHERE s.first IS NOT NULL
      RETURNING 1
    )
    SELECT count(*) AS n FROM marked`.execute(db)
  return Number(rows[0]?.n ?? 0)
}

/** Dirty marks left for one tenant (all tenants without one). */
export async function dirtyCount(db: Executor, tenantId?: number): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`
    SELECT count(*) AS n FROM analytics_rollup_dirty
    WHERE ${tenantId === undefined ? sql`TRUE` : sql`tenant_id = ${tenantId}`}`.execute(db)
  return Number(rows[0]?.n ?? 0)
}

/**
 * Recomputes the first chats of one tenant's clients (or everyone's) from their chats: a repair. Rows are corrected
 * in place, not dropped first, so chats written meanwhile (whose triggers keep their own rows) are not lost.
 */
export async function rebuildClientFirsts(db: Executor, tenantId: number | undefined): Promise<void> {
  const tenant = (alias: string) =>
    tenantId === undefined ? sql`` : sql`AND ${sql.ref(`${alias}.tenant_id`)} = ${tenantId}`
  await sql`INSERT INTO analytics_client_firsts (tenant_id, client_id, first_chat_at)
    SELECT c.tenant_id, c.client_id, min(c.created_at) FROM chats c WHERE c.client_id IS NOT NULL ${tenant('c')}
    GROUP BY 1, 2
    ON CONFLICT (tenant_id, client_id) DO UPDATE SET first_chat_at = excluded.first_chat_at
      WHERE analytics_client_firsts.first_chat_at IS DISTINCT FROM excluded.first_chat_at`.execute(db)
  await sql`DELETE FROM analytics_client_firsts f
    WHERE NOT EXISTS (SELECT FROM chats c WHERE c.tenant_id = f.tenant_id AND c.client_id = f.client_id) ${tenant('f')}`.execute(
    db,
  )
}
