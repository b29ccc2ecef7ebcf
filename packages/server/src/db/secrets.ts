import { randomBytes } from 'node:crypto'
import type { Db } from './database.js'
import { findSecret, insertSecretIfAbsent } from './secrets.queries.js'

/**
 * A 32-byte key shared by every server process on the database: the first process to ask creates it,
 * the others read the same row.
 */
export async function sharedSecret(db: Db, name: string): Promise<Buffer> {
  await insertSecretIfAbsent(db, name, randomBytes(32))
  const value = await findSecret(db, name)
  if (!value) throw new Error(`The server secret "${name}" could not be stored.`)
  return value
}
