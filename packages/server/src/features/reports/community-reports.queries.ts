import { sql } from 'kysely'
import type { Executor } from '../../db/database.js'
import { countRows, keyOf, type Keyset } from './chat-reports.queries.js'

/*
 * The rows of the issues report (contract §9.1), a page at a time, newest first, each page after the last row of the
 * one before (keyset). Every query leads with the tenant.
 */

export type IssueReportScope = {
  communityId: number | undefined
  solved: boolean | undefined
  from: Date
  to: Date
}

function issueRows(db: Executor, tenantId: number, s: IssueReportScope) {
  let q = db
    .selectFrom('community_issues as i')
    .where('i.tenant_id', '=', tenantId)
    .where('i.created_at', '>=', s.from)
    .where('i.created_at', '<', s.to)
  if (s.communityId !== undefined) q = q.where('i.community_id', '=', s.communityId)
  if (s.solved !== undefined) q = q.where('i.solved', '=', s.solved)
  return q
}

/** How many issues the report has, counting no further than `cap`. */
export const countIssueReport = (db: Executor, tenantId: number, s: IssueReportScope, cap: number) =>
  countRows(db, issueRows(db, tenantId, s).select('i.id').limit(cap))

/** Up to `limit` issues, newest first (ties by id), after `after`. */
export async function issueReportPage(
  db: Executor,
  tenantId: number,
  s: IssueReportScope,
  after: Keyset | null,
  limit: number,
) {
  let q = issueRows(db, tenantId, s)
  if (after)
    q = q
      .where(sql<boolean>`i.created_at <= ${after.at}::timestamptz`)
      .where(sql<boolean>`(i.created_at, i.id) < (${after.at}::timestamptz, ${after.id})`)
  return q
    .innerJoin('communities as co', (j) =>
      j.onRef('co.tenant_id', '=', 'i.tenant_id').onRef('co.id', '=', 'i.community_id'),
    )
    .leftJoin('users as u', 'u.id', 'i.client_id')
    .select(keyOf('i.created_at').as('sort_at'))
    .select([
      'i.id',
      'co.name as community',
      'i.title',
      'i.description',
      'u.first_name',
      'u.last_name',
      'u.username',
      'i.solved',
      'i.created_at',
      'i.solved_at',
    ])
    .select((eb) =>
      eb
        .selectFrom('community_comments as c')
        .select((e) => e.fn.countAll<string | number>().as('n'))
        .whereRef('c.tenant_id', '=', 'i.tenant_id')
        .whereRef('c.issue_id', '=', 'i.id')
        .where('c.deleted_at', 'is', null)
        .as('comments'),
    )
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc')
    .limit(limit)
    .execute()
}
export type IssueReportRow = Awaited<ReturnType<typeof issueReportPage>>[number]
