import type { Executor } from '../../db/database.js'

/** Records that a background worker reached the database now (one row per worker name, for operators). */
export async function recordHeartbeat(ex: Executor, name: string, at: Date): Promise<void> {
  await ex
    .insertInto('worker_heartbeats')
    .values({ name, beat_at: at })
    .onConflict((oc) => oc.column('name').doUpdateSet({ beat_at: at }))
    .execute()
}
