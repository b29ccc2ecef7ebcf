import type { Executor } from '../../db/database.js'

/**
 * `proxima_outbox_mails{status}`: outgoing mails in the outbox by delivery status, over every tenant and the
 * platform's own mail (queued and retrying ones waiting, sent ones kept, failed ones given up).
 */
export async function countOutboxMailsByStatus(ex: Executor): Promise<{ status: string; count: number }[]> {
  const rows = await ex
    .selectFrom('outbox_mail')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute()
  return rows.map((r) => ({ status: r.status, count: Number(r.n) }))
}
