import { randomBytes } from 'node:crypto'
import type { Db } from '../db/database.js'

/**
 * A 32-byte key shared by every server process on the database: the first process to ask creates it,
 * the others read the same row.
 */
export async function sharedSecret(db: Db, name: string): Promise<Buffer> {
  await db
    .insertInto('server_secrets')
    .values({ name, value: randomBytes(32) })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute()
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow()
  return Buffer.from(row.value)
}
