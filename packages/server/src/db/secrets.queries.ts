import type { Executor } from './database.js'

/** Stores a server-wide secret under `name` unless one is there already (the first process to start wins). */
export async function insertSecretIfAbsent(ex: Executor, name: string, value: Buffer): Promise<void> {
  await ex
    .insertInto('server_secrets')
    .values({ name, value })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute()
}

/** The one query that reads a server-wide secret: the value every process then uses. */
export async function findSecret(ex: Executor, name: string): Promise<Buffer | undefined> {
  const row = await ex.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirst()
  return row ? Buffer.from(row.value) : undefined
}
