import type { Database } from '../../db/database.js'
import type { TableWrite } from '../../db/writes.js'
import type { Clock } from '../../lib/clock.js'

/**
 * The columns a token's resolution reads, by table. A change to any of them may change what a token resolves to;
 * migration 0007 fires its `proxima_sessions` notice on the same columns.
 */
const RESOLUTION_COLUMNS: Record<string, ReadonlySet<string>> = {
  auth_tokens: new Set(['revoked_at', 'expires_at', 'user_id', 'anonymous_user_id', 'tenant_id']),
  users: new Set(['user_type', 'is_active', 'deleted_at', 'tenant_id']),
  anonymous_users: new Set(['erased_at', 'tenant_id']),
  tenants: new Set(['status', 'subscription_status', 'trial_ends_at', 'current_period_end']),
}

/** The notice channel of migration 0007: another session changed something a token resolves to. */
export const SESSIONS_CHANNEL = 'proxima_sessions'

/** Whether a write may change what some token resolves to. */
export function affectsSessions(write: TableWrite): boolean {
  const columns = RESOLUTION_COLUMNS[write.table]
  if (!columns) return false
  return write.columns === null || write.columns.some((c) => columns.has(c))
}

/** The keys of a cached lookup that a notice can name: the token, its account or visitor, and its tenant. */
type Keyed = { id: number; user_id: number | null; anonymous_user_id: number | null; tenant_id: number | null }

/** Which field of a cached lookup holds the id of a row of each table. */
const KEY_OF: Record<string, keyof Keyed> = {
  auth_tokens: 'id',
  users: 'user_id',
  anonymous_users: 'anonymous_user_id',
  tenants: 'tenant_id',
}

/**
 * Token lookups kept in memory for up to `ttlMs`, so a busy client does not cost a database round trip per
 * request. Entries hold what the database said, not a verdict: expiry and the subscription are judged against the
 * clock on every use. Entries are dropped whenever something they depend on changes (see `watchSessions`).
 */
export function createSessionCache<Row extends Keyed>({
  clock,
  ttlMs,
  maxEntries = 10_000,
}: {
  clock: Clock
  ttlMs: number
  maxEntries?: number
}) {
  const entries = new Map<string, { row: Row; at: number }>()
  // A lookup that started before a change must not store what it read once the change is known.
  let generation = 0
  return {
    enabled: ttlMs > 0,
    /** The generation to hand back to `set`: a clear in between makes that `set` a no-op. */
    generation: () => generation,
    get(tokenHash: string): Row | undefined {
      const entry = entries.get(tokenHash)
      if (!entry) return undefined
      if (clock.now().getTime() - entry.at >= ttlMs) {
        entries.delete(tokenHash)
        return undefined
      }
      return entry.row
    },
    set(tokenHash: string, row: Row, readAtGeneration: number) {
      if (ttlMs <= 0 || readAtGeneration !== generation) return
      if (entries.size >= maxEntries) {
        // Maps iterate in insertion order: the first key is the oldest entry.
        const oldest = entries.keys().next().value
        if (oldest !== undefined) entries.delete(oldest)
      }
      entries.set(tokenHash, { row, at: clock.now().getTime() })
    },
    clear() {
      generation++
      entries.clear()
    },
    /** Drops the lookups that depend on one row (`users`, 42); an unknown table drops them all. */
    forget(table: string, id: number) {
      const key = KEY_OF[table]
      if (!key) return this.clear()
      generation++
      for (const [hash, entry] of entries) if (entry.row[key] === id) entries.delete(hash)
    },
    size: () => entries.size,
  }
}

export type SessionCache<Row extends Keyed> = ReturnType<typeof createSessionCache<Row>>

/** A `proxima_sessions` notice: `users:42` names one row; anything else (a deletion) concerns every entry. */
function onNotice(cache: Pick<SessionCache<Keyed>, 'clear' | 'forget'>, payload: string) {
  const m = /^([a-z_]+):(\d+)$/.exec(payload)
  if (m) cache.forget(m[1] as string, Number(m[2]))
  else cache.clear()
}

/**
 * Clears `cache` when this process writes a column a token resolves to (at once, before and after the statement,
 * whatever rows it touches), and drops the entries a change concerns when any session of the database commits one
 * (the `proxima_sessions` notice of migration 0007, which also covers other server processes and changes made by
 * hand). Notices sent while the PostgreSQL listener was reconnecting are lost, so the whole cache is dropped once
 * it is back.
 */
export async function watchSessions(
  database: Pick<Database, 'onWrite' | 'listen' | 'onListenResumed'>,
  cache: Pick<SessionCache<Keyed>, 'clear' | 'forget' | 'enabled'>,
): Promise<() => Promise<void>> {
  if (!cache.enabled) return async () => undefined
  const stopWrites = database.onWrite((write) => {
    if (affectsSessions(write)) cache.clear()
  })
  const stopResumes = database.onListenResumed(() => cache.clear())
  let stopListening: () => Promise<void>
  try {
    stopListening = await database.listen(SESSIONS_CHANNEL, (payload) => onNotice(cache, payload))
  } catch (err) {
    stopWrites()
    stopResumes()
    throw err
  }
  return async () => {
    stopWrites()
    stopResumes()
    await stopListening()
  }
}
