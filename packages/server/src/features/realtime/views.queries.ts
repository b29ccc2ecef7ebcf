import type { Executor } from '../../db/database.js'

/** Whether the chat is one of the tenant's: the stand-in views' whole access rule. */
export async function isTenantChat(ex: Executor, tenantId: number, chatId: number): Promise<boolean> {
  const row = await ex
    .selectFrom('chats')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', chatId)
    .executeTakeFirst()
  return row !== undefined
}

/** A staff member's names, for the `user` of a typing event. */
export function findStaffNames(ex: Executor, tenantId: number, userId: number) {
  return ex
    .selectFrom('users')
    .select(['first_name', 'last_name', 'username'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .executeTakeFirst()
}
