import { sql } from 'kysely'
import type { Executor } from '../../db/database.js'
import {
  cellColumns,
  countQuery,
  keyOf,
  numberCell,
  personCell,
  textCell,
  timeCell,
  yesNoCell,
  type Slice,
  afterKey,
} from './report-sql.queries.js'

/*
 * The rows of the issues and threads reports (contract §9.1) as text cells, in the report's order: a page after the
 * last row of the one before (keyset), or all of them for one COPY. Every query leads with the tenant.
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

/** The query of how many issues the report has, counting no further than `cap`. */
export const countIssueReport = (db: Executor, tenantId: number, s: IssueReportScope, cap: number) =>
  countQuery(db, issueRows(db, tenantId, s).select('i.id').limit(cap))

/** The issues report's cells, newest first (ties by id): a page after a row, or every row. */
export function issueReportQuery(db: Executor, tenantId: number, s: IssueReportScope, slice: Slice, guard: boolean) {
  let q = issueRows(db, tenantId, s)
  if (slice !== 'all' && slice.after) q = q.where(afterKey('i.created_at', 'i.id', slice.after, 'newest'))
  const rows = q
    .innerJoin('communities as co', (j) =>
      j.onRef('co.tenant_id', '=', 'i.tenant_id').onRef('co.id', '=', 'i.community_id'),
    )
    .leftJoin('users as u', 'u.id', 'i.client_id')
    .select((eb) =>
      cellColumns([
        numberCell(eb.ref('i.id')),
        textCell(eb.ref('co.name'), guard),
        textCell(eb.ref('i.title'), guard),
        textCell(eb.ref('i.description'), guard),
        personCell(eb.ref('u.first_name'), eb.ref('u.last_name'), eb.ref('u.username'), guard),
        yesNoCell(eb.ref('i.solved')),
        numberCell(
          eb
            .selectFrom('community_comments as c')
            .select((e) => e.fn.countAll().as('n'))
            .whereRef('c.tenant_id', '=', 'i.tenant_id')
            .whereRef('c.issue_id', '=', 'i.id')
            .where('c.deleted_at', 'is', null),
        ),
        timeCell(eb.ref('i.created_at')),
        timeCell(eb.ref('i.solved_at')),
      ]),
    )
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc')
  if (slice === 'all') return rows.compile()
  return rows
    .select([keyOf('i.created_at').as('sort_at'), 'i.id as id'])
    .limit(slice.limit)
    .compile()
}

/** One thread, an issue's thread or a community's threads (exactly one is given), in a window of comment creation. */
export type ThreadReportScope = {
  threadId: number | undefined
  issueId: number | undefined
  communityId: number | undefined
  from: Date
  to: Date
}

/** The comments in scope; deleted ones stay hidden, as everywhere in the product (contract §5.1). */
function commentRows(db: Executor, tenantId: number, s: ThreadReportScope) {
  let q = db
    .selectFrom('community_comments as c')
    .where('c.tenant_id', '=', tenantId)
    .where('c.deleted_at', 'is', null)
    .where('c.created_at', '>=', s.from)
    .where('c.created_at', '<', s.to)
  if (s.threadId !== undefined) q = q.where('c.thread_id', '=', s.threadId)
  if (s.issueId !== undefined) q = q.where('c.issue_id', '=', s.issueId)
  if (s.communityId !== undefined) q = q.where('c.community_id', '=', s.communityId)
  return q
}

/** The query of how many comments the report has, counting no further than `cap`. */
export const countThreadReport = (db: Executor, tenantId: number, s: ThreadReportScope, cap: number) =>
  countQuery(db, commentRows(db, tenantId, s).select('c.id').limit(cap))

/** Reactions of one kind to comment `c`. */
const reactionCount = (reaction: 'like' | 'dislike') =>
  sql`(SELECT count(*) FROM comment_reactions x
    WHERE x.tenant_id = c.tenant_id AND x.comment_id = c.id AND x.reaction = ${reaction})`

/** The threads report's cells, one per comment, oldest first (ties by id): a page after a row, or every row. */
export function threadReportQuery(db: Executor, tenantId: number, s: ThreadReportScope, slice: Slice, guard: boolean) {
  let q = commentRows(db, tenantId, s)
  if (slice !== 'all' && slice.after) q = q.where(afterKey('c.created_at', 'c.id', slice.after, 'oldest'))
  const rows = q
    .innerJoin('community_issues as i', (j) =>
      j.onRef('i.tenant_id', '=', 'c.tenant_id').onRef('i.id', '=', 'c.issue_id'),
    )
    .innerJoin('tenants as t', 't.id', 'c.tenant_id')
    .leftJoin('users as cu', 'cu.id', 'c.client_id')
    .leftJoin('users as su', (j) => j.onRef('su.tenant_id', '=', 'c.tenant_id').onRef('su.id', '=', 'c.staff_user_id'))
    .select((eb) =>
      cellColumns([
        numberCell(eb.ref('c.id')),
        numberCell(eb.ref('c.thread_id')),
        textCell(eb.ref('i.title'), guard),
        // As the comments show their author (community/comments.presenter.ts): a client whose account is gone is
        // "Unknown", a staff reply whose staff account is gone is the organization's.
        textCell(
          sql`CASE WHEN ${eb.ref('c.client_id')} IS NOT NULL
            THEN coalesce(${personCell(eb.ref('cu.first_name'), eb.ref('cu.last_name'), eb.ref('cu.username'), false)}, 'Unknown')
            ELSE coalesce(${personCell(eb.ref('su.first_name'), eb.ref('su.last_name'), eb.ref('su.username'), false)}, ${eb.ref('t.name')}) END`,
          guard,
        ),
        sql`CASE WHEN ${eb.ref('c.client_id')} IS NOT NULL THEN 'client' ELSE 'staff' END`,
        textCell(eb.ref('c.body'), guard),
        numberCell(reactionCount('like')),
        numberCell(reactionCount('dislike')),
        timeCell(eb.ref('c.created_at')),
      ]),
    )
    .orderBy('c.created_at')
    .orderBy('c.id')
  if (slice === 'all') return rows.compile()
  return rows
    .select([keyOf('c.created_at').as('sort_at'), 'c.id as id'])
    .limit(slice.limit)
    .compile()
}

/** A thread of the tenant, with its issue's title. */
export function findReportThread(db: Executor, tenantId: number, threadId: number) {
  return db
    .selectFrom('community_threads as th')
    .innerJoin('community_issues as i', (j) =>
      j.onRef('i.tenant_id', '=', 'th.tenant_id').onRef('i.id', '=', 'th.issue_id'),
    )
    .select(['th.id', 'i.title'])
    .where('th.tenant_id', '=', tenantId)
    .where('th.id', '=', threadId)
    .executeTakeFirst()
}

/** An issue's title, if it is the tenant's. */
export async function issueTitle(db: Executor, tenantId: number, issueId: number) {
  const row = await db
    .selectFrom('community_issues')
    .select('title')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', issueId)
    .executeTakeFirst()
  return row?.title
}
