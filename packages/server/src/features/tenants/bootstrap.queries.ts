import type { Executor } from '../../db/database.js'

/** The operator vouches for the first admin's address: it counts as confirmed without a link. */
export async function markStaffEmailVerified(ex: Executor, tenantId: number, userId: number): Promise<void> {
  await ex
    .updateTable('users')
    .set({ email_verified: true })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .execute()
}

/** Drops the tenant's activation mails to an address (sent or not: the outbox keeps both); returns how many. */
export async function deleteQueuedActivationMail(ex: Executor, tenantId: number, toAddress: string): Promise<number> {
  const res = await ex
    .deleteFrom('outbox_mail')
    .where('tenant_id', '=', tenantId)
    .where('kind', '=', 'activation')
    .where('to_address', '=', toAddress)
    .executeTakeFirst()
  return Number(res.numDeletedRows)
}
