import type { Selectable } from 'kysely'
import { sql } from 'kysely'
import type { Executor } from '../../db/database.js'
import type { InvitationsTable } from '../../db/schema.js'

/** An invitation as it is shown and mailed; never its token hash. */
const INVITATION_COLUMNS = [
  'id',
  'tenant_id',
  'email',
  'user_type',
  'first_name',
  'last_name',
  'message',
  'status',
  'invited_by',
  'expires_at',
  'accepted_at',
  'mail_id',
  'created_at',
] as const

export type InvitationRow = Pick<Selectable<InvitationsTable>, (typeof INVITATION_COLUMNS)[number]>

/** Seats in use: active staff plus live pending invitations (contract §3.3). */
export async function seatsInUse(ex: Executor, tenantId: number, now: Date, exceptInvitation?: number) {
  const staff = await ex
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('is_active', '=', true)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow()
  let q = ex
    .selectFrom('invitations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now)
  if (exceptInvitation !== undefined) q = q.where('id', '<>', exceptInvitation)
  const pending = await q.executeTakeFirstOrThrow()
  return { staff: Number(staff.n), pending: Number(pending.n) }
}

/** The staff members who invited, by id, as invitations and their mails name them. */
export function listInviters(ex: Executor, tenantId: number, userIds: number[]) {
  return ex
    .selectFrom('users')
    .select(['id', 'username', 'first_name', 'last_name', 'user_type', 'email_verified'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', userIds)
    .execute()
}

/** The pending invitation of an address (lower-cased) in the tenant, if any: one at a time per address. */
export function findPendingInvitationOf(ex: Executor, tenantId: number, email: string) {
  return ex
    .selectFrom('invitations')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where(sql`lower(email)`, '=', email)
    .where('status', '=', 'pending')
    .executeTakeFirst()
}

export type NewInvitation = {
  email: string
  user_type: 'admin' | 'employee'
  first_name: string | null
  last_name: string | null
  message: string | null
  token_hash: string
  invited_by: number
  expires_at: Date
  now: Date
}

export function insertInvitation(ex: Executor, tenantId: number, values: NewInvitation) {
  const { now, ...rest } = values
  return ex
    .insertInto('invitations')
    .values({ tenant_id: tenantId, ...rest, created_at: now, updated_at: now })
    .returning(INVITATION_COLUMNS)
    .executeTakeFirstOrThrow()
}

/** The live invitation a link names, found by its token's hash in any tenant (the link is all its holder has). */
export function findLiveInvitationByTokenHash(ex: Executor, tokenHash: string, now: Date) {
  return ex
    .selectFrom('invitations')
    .select(INVITATION_COLUMNS)
    .where('token_hash', '=', tokenHash)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now)
    .executeTakeFirst()
}

/** Marks a pending invitation accepted; undefined when it was accepted or revoked meanwhile. */
export function claimInvitation(ex: Executor, tenantId: number, id: number, now: Date) {
  return ex
    .updateTable('invitations')
    .set({ status: 'accepted', accepted_at: now, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returning('id')
    .executeTakeFirst()
}

/** The tenant's invitations, newest first; `expired` and `pending` are told apart by the clock. */
export async function listInvitations(
  ex: Executor,
  tenantId: number,
  q: { status?: string | undefined; limit: number; offset: number },
  now: Date,
) {
  let base = ex.selectFrom('invitations').where('tenant_id', '=', tenantId)
  if (q.status === 'expired') base = base.where('status', '=', 'pending').where('expires_at', '<=', now)
  else if (q.status === 'pending') base = base.where('status', '=', 'pending').where('expires_at', '>', now)
  else if (q.status) base = base.where('status', '=', q.status as 'accepted' | 'revoked')
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base
      .select(INVITATION_COLUMNS)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(q.limit)
      .offset(q.offset)
      .execute(),
  ])
  return { total: Number(total), rows }
}

/** Whether an invitation of the tenant exists, and its state. */
export function findInvitationState(ex: Executor, tenantId: number, id: number) {
  return ex
    .selectFrom('invitations')
    .select(['id', 'status', 'expires_at', 'mail_id'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst()
}

/** A pending invitation's new link and expiry; undefined when it is not pending (or not the tenant's). */
export function renewInvitation(
  ex: Executor,
  tenantId: number,
  id: number,
  renewal: { tokenHash: string; expiresAt: Date; now: Date },
) {
  return ex
    .updateTable('invitations')
    .set({ token_hash: renewal.tokenHash, expires_at: renewal.expiresAt, updated_at: renewal.now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returning(INVITATION_COLUMNS)
    .executeTakeFirst()
}

/** Revokes a pending invitation; undefined when it is not pending (or not the tenant's). */
export function revokeInvitation(ex: Executor, tenantId: number, id: number, now: Date) {
  return ex
    .updateTable('invitations')
    .set({ status: 'revoked', updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returning(['id', 'mail_id'])
    .executeTakeFirst()
}

/** Records the invitation's latest mail, written in the same transaction. */
export async function setInvitationMail(ex: Executor, tenantId: number, id: number, mailId: number) {
  await ex
    .updateTable('invitations')
    .set({ mail_id: mailId })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute()
}
