import { sql, type Insertable, type Selectable } from 'kysely'
import type { Executor } from '../../db/database.js'
import type { OutboxMailTable } from '../../db/schema.js'

/**
 * The outbox holds platform mail (no tenant: activation, password reset) next to tenants' mail, and the worker
 * sends all of it: the queries here that work by address or by due time span every tenant on purpose.
 */

/** What the worker needs to send a claimed mail. */
export const DUE_MAIL_COLUMNS = [
  'id',
  'kind',
  'to_address',
  'subject',
  'text_body',
  'html_body',
  'reply_to',
  'from_name',
  'attempts',
] as const

export type DueMail = Pick<Selectable<OutboxMailTable>, (typeof DUE_MAIL_COLUMNS)[number]>

/** Limits a pass to some tenants' mail and/or some recipients (dedicated workers; tests sharing a database). */
export type RunScope = { tenantIds?: number[]; to?: string[] }

/** Writes one mail to the outbox, due at once; returns its id. */
export async function insertOutboxMail(
  ex: Executor,
  mail: Pick<
    Insertable<OutboxMailTable>,
    | 'tenant_id'
    | 'kind'
    | 'to_address'
    | 'subject'
    | 'text_body'
    | 'html_body'
    | 'reply_to'
    | 'from_name'
    | 'hold_for_user'
    | 'created_at'
    | 'next_attempt_at'
  >,
): Promise<number> {
  const row = await ex.insertInto('outbox_mail').values(mail).returning('id').executeTakeFirstOrThrow()
  return row.id
}

/**
 * How many mails of some kinds went to an address since a moment, whichever tenant sent them (per-address limits
 * that reveal nothing).
 */
export async function countRecentMails(ex: Executor, to: string, kinds: string[], since: Date): Promise<number> {
  const row = await ex
    .selectFrom('outbox_mail')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('to_address', '=', to)
    .where('kind', 'in', kinds)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * The mail worker's sweep over all tenants: claims up to `batch` due mails (queued, retrying, or left `sending` by
 * a process that died), oldest first, skipping rows another process holds and mails held for an unconfirmed
 * address. Each claimed mail counts an attempt and is leased until `leaseUntil`.
 */
export function claimDueMails(ex: Executor, now: Date, leaseUntil: Date, batch: number, scope: RunScope = {}) {
  let due = ex
    .selectFrom('outbox_mail as m')
    .leftJoin('users as u', 'u.id', 'm.hold_for_user')
    .select('m.id')
    .where('m.status', 'in', ['queued', 'retrying', 'sending'])
    .where('m.next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('m.hold_for_user', 'is', null), eb('u.email_verified', '=', true)]))
  if (scope.tenantIds) due = due.where('m.tenant_id', 'in', scope.tenantIds.length > 0 ? scope.tenantIds : [-1])
  if (scope.to) due = due.where('m.to_address', 'in', scope.to.length > 0 ? scope.to.map((a) => a.toLowerCase()) : [''])
  due = due.orderBy('m.id').limit(batch).forUpdate('m').skipLocked()
  return ex
    .updateTable('outbox_mail')
    .set({ status: 'sending', attempts: sql`attempts + 1`, next_attempt_at: leaseUntil })
    .where('id', 'in', due)
    .returning(DUE_MAIL_COLUMNS)
    .execute()
}

/** A delivered mail: its bodies may hold single-use links, so they go. */
export async function markMailSent(ex: Executor, id: number, at: Date): Promise<void> {
  await ex
    .updateTable('outbox_mail')
    .set({ status: 'sent', sent_at: at, last_error: null, text_body: null, html_body: null })
    .where('id', '=', id)
    .execute()
}

/** A failed attempt: to be retried at `nextAttemptAt`, or given up. */
export async function markMailNotSent(
  ex: Executor,
  id: number,
  outcome: { retry: boolean; error: string; nextAttemptAt: Date },
): Promise<void> {
  await ex
    .updateTable('outbox_mail')
    .set({
      status: outcome.retry ? 'retrying' : 'failed',
      last_error: outcome.error,
      next_attempt_at: outcome.nextAttemptAt,
    })
    .where('id', '=', id)
    .execute()
}

/**
 * The state of some of a tenant's mails: status, last error, and whether the sender they wait for (if any) has
 * confirmed their address. Only the tenant's own mail, and only these columns: never a body.
 */
export function listMailStates(ex: Executor, tenantId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([])
  return ex
    .selectFrom('outbox_mail as m')
    .leftJoin('users as u', (join) =>
      join.onRef('u.tenant_id', '=', 'm.tenant_id').onRef('u.id', '=', 'm.hold_for_user'),
    )
    .select(['m.id', 'm.status', 'm.last_error', 'm.hold_for_user', 'u.email_verified'])
    .where('m.tenant_id', '=', tenantId)
    .where('m.id', 'in', ids)
    .execute()
}

/** Deletes a tenant's mail that has not started going out; false when it is sent, failed, in flight or absent. */
export async function deleteUnsentMail(ex: Executor, tenantId: number, id: number): Promise<boolean> {
  const res = await ex
    .deleteFrom('outbox_mail')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'retrying'])
    .executeTakeFirst()
  return Number(res.numDeletedRows) > 0
}
