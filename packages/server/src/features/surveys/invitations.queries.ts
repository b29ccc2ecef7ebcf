import { sql } from 'kysely'
import type { Executor } from '../../db/database.js'

/*
 * Survey invitations (contract §6.3): one per address and survey, compared regardless of case. Their delivery is
 * their mail's in the outbox (joined by `mail_id`, as staff invitations are); `responded` once answered.
 */

export type InvitationStatus = 'queued' | 'sent' | 'failed' | 'responded'

/** An invitation's status: responded, else its mail's (a mail the outbox no longer keeps was delivered). */
const STATUS = sql<InvitationStatus>`(case
  when i.responded_at is not null then 'responded'
  when m.id is null or m.status = 'sent' then 'sent'
  when m.status = 'failed' then 'failed'
  else 'queued' end)`

/** The survey's invitations among these addresses (lower-cased), with whether they responded. */
export function findInvitationsByEmail(ex: Executor, tenantId: number, surveyId: number, emails: string[]) {
  if (emails.length === 0) return Promise.resolve([])
  return ex
    .selectFrom('survey_invitations as i')
    .select(['i.id', sql<string>`lower(i.email)`.as('email'), 'i.client_id', 'i.responded_at'])
    .where('i.tenant_id', '=', tenantId)
    .where('i.survey_id', '=', surveyId)
    .where(sql<string>`lower(i.email)`, 'in', emails)
    .execute()
}

/** Customers' emails by id (lower-cased). */
export function clientEmails(ex: Executor, clientIds: number[]) {
  if (clientIds.length === 0) return Promise.resolve([])
  return ex
    .selectFrom('users')
    .select(['id', sql<string>`lower(email)`.as('email')])
    .where('id', 'in', clientIds)
    .where('user_type', '=', 'client')
    .execute()
}

/** Customers with these emails (lower-cased); the caller keeps those related to its tenant. */
export function clientsByEmail(ex: Executor, emails: string[]) {
  if (emails.length === 0) return Promise.resolve([])
  return ex
    .selectFrom('users')
    .select(['id', sql<string>`lower(email)`.as('email')])
    .where(sql<string>`lower(email)`, 'in', emails)
    .where('user_type', '=', 'client')
    .execute()
}

/** The ids among `clientIds` of clients who have answered the survey. */
export async function clientsWhoResponded(
  ex: Executor,
  tenantId: number,
  surveyId: number,
  clientIds: number[],
): Promise<Set<number>> {
  if (clientIds.length === 0) return new Set()
  const rows = await ex
    .selectFrom('survey_responses')
    .select('client_id')
    .distinct()
    .where('tenant_id', '=', tenantId)
    .where('survey_id', '=', surveyId)
    .where('client_id', 'in', clientIds)
    .execute()
  return new Set(rows.flatMap((r) => (r.client_id === null ? [] : [r.client_id])))
}

/** A new invitation; its id. */
export async function insertInvitation(
  ex: Executor,
  tenantId: number,
  values: { surveyId: number; email: string; clientId: number | null; tokenHash: string; at: Date },
): Promise<number> {
  const row = await ex
    .insertInto('survey_invitations')
    .values({
      tenant_id: tenantId,
      survey_id: values.surveyId,
      email: values.email,
      client_id: values.clientId,
      token_hash: values.tokenHash,
      created_at: values.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** Records the invitation's mail. */
export async function setInvitationMail(ex: Executor, tenantId: number, invitationId: number, mailId: number) {
  await ex
    .updateTable('survey_invitations')
    .set({ mail_id: mailId })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', invitationId)
    .execute()
}

/** A page of the survey's invitations, newest first, optionally of one status, and how many match. */
export async function listInvitations(
  ex: Executor,
  tenantId: number,
  surveyId: number,
  q: { status?: InvitationStatus | undefined; limit: number; offset: number },
) {
  let rows = ex
    .selectFrom('survey_invitations as i')
    .leftJoin('outbox_mail as m', (j) => j.onRef('m.tenant_id', '=', 'i.tenant_id').onRef('m.id', '=', 'i.mail_id'))
    .where('i.tenant_id', '=', tenantId)
    .where('i.survey_id', '=', surveyId)
  if (q.status !== undefined) rows = rows.where(STATUS, '=', q.status)
  const [count, page] = await Promise.all([
    rows.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    rows
      .select([
        'i.id',
        'i.email',
        'i.client_id',
        'i.responded_at',
        STATUS.as('status'),
        sql<Date | null>`(case when m.status = 'sent' then m.sent_at end)`.as('sent_at'),
      ])
      .orderBy('i.created_at', 'desc')
      .orderBy('i.id', 'desc')
      .limit(q.limit)
      .offset(q.offset)
      .execute(),
  ])
  return { rows: page, total: Number(count.n) }
}
