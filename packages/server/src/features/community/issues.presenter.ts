import type { ActorRef, Issue } from '@proxima/contracts'
import type { ExpressionBuilder } from 'kysely'
import type { Executor } from '../../db/database.js'
import type { DB } from '../../db/schema.js'
import type { Actor } from '../../http/actor.js'
import { iso, isoRequired } from '../../lib/clock.js'
import type { IssueRow } from './community.queries.js'
import { displayName } from '../../lib/names.js'
import { userPublic } from './people.js'

const uniq = (ids: (number | null)[]) => [...new Set(ids.filter((x): x is number => x !== null))]

type Person = { id: number; username: string; first_name: string; last_name: string; user_type: string }

/** A person as the author of a comment or the one who solved an issue (contract §1.14 `Actor`). */
export function personActor(u: Person): ActorRef {
  return { kind: u.user_type === 'client' ? 'client' : 'staff', id: u.id, name: displayName(u), username: u.username }
}

/** Likes on an issue's comments that are not deleted: what "most liked" sorts issues by. */
export const issueLikes = (eb: ExpressionBuilder<DB & { i: DB['community_issues'] }, 'i'>) =>
  eb
    .selectFrom('community_comments as lc')
    .innerJoin('comment_reactions as lr', 'lr.comment_id', 'lc.id')
    .select(eb.fn.countAll<number>().as('n'))
    .whereRef('lc.tenant_id', '=', 'i.tenant_id')
    .whereRef('lc.issue_id', '=', 'i.id')
    .where('lc.deleted_at', 'is', null)
    .where('lr.reaction', '=', 'like')

/**
 * The live counts of issues: comments and staff replies that are not deleted (contract §5.1), and the likes on
 * those comments. A staff reply is a comment without a client author.
 */
export async function commentCounts(ex: Executor, tenantIds: number[], issueIds: number[]) {
  const counts = new Map<number, { comments: number; staffReplies: number; likes: number }>()
  if (issueIds.length === 0) return counts
  const rows = await ex
    .selectFrom('community_comments as c')
    .leftJoin('comment_reactions as r', (join) => join.onRef('r.comment_id', '=', 'c.id').on('r.reaction', '=', 'like'))
    .select((eb) => [
      'c.issue_id',
      eb.fn.count<number>('c.id').distinct().as('comments'),
      eb.fn.count<number>('c.id').distinct().filterWhere('c.client_id', 'is', null).as('staff_replies'),
      eb.fn.count<number>('r.client_id').as('likes'),
    ])
    .where('c.tenant_id', 'in', tenantIds)
    .where('c.issue_id', 'in', issueIds)
    .where('c.deleted_at', 'is', null)
    .groupBy('c.issue_id')
    .execute()
  for (const r of rows)
    counts.set(r.issue_id, {
      comments: Number(r.comments),
      staffReplies: Number(r.staff_replies),
      likes: Number(r.likes),
    })
  return counts
}

/**
 * Issues shaped for the caller (contract §5.1): the author nested as `client_id` (`UserPublic`, plus the email for the
 * tenant's staff, to whom the author is a related client), the community as a `CommunityRef`, the thread id and the
 * live counts.
 */
export async function presentIssues(ex: Executor, viewer: Actor, rows: IssueRow[]): Promise<Issue[]> {
  if (rows.length === 0) return []
  const tenantIds = uniq(rows.map((r) => r.tenant_id))
  const issueIds = rows.map((r) => r.id)
  const userIds = uniq(rows.flatMap((r) => [r.client_id, r.solved_by_user_id]))
  const [communities, users, threads, counts] = await Promise.all([
    ex
      .selectFrom('communities')
      .select(['id', 'name'])
      .where('tenant_id', 'in', tenantIds)
      .where('id', 'in', uniq(rows.map((r) => r.community_id)))
      .execute(),
    ex
      .selectFrom('users')
      .select(['id', 'username', 'email', 'first_name', 'last_name', 'profile_photo', 'user_type'])
      .where('id', 'in', userIds)
      .execute(),
    ex
      .selectFrom('community_threads')
      .select(['id', 'issue_id'])
      .where('tenant_id', 'in', tenantIds)
      .where('issue_id', 'in', issueIds)
      .execute(),
    commentCounts(ex, tenantIds, issueIds),
  ])
  const communityMap = new Map(communities.map((c) => [c.id, c.name]))
  const userMap = new Map(users.map((u) => [u.id, u]))
  const threadMap = new Map(threads.map((t) => [t.issue_id, t.id]))
  const staffView = viewer.kind === 'staff'
  return rows.map((r) => {
    const author = userMap.get(r.client_id)
    const solver = r.solved_by_user_id !== null ? userMap.get(r.solved_by_user_id) : undefined
    const publicAuthor = author
      ? userPublic(author)
      : { id: r.client_id, username: '', first_name: '', last_name: '', profile_photo: null }
    const count = counts.get(r.id)
    return {
      issue_id: r.id,
      issue: r.title,
      description: r.description,
      solved: r.solved,
      solved_at: iso(r.solved_at),
      solved_by: r.solved ? (solver ? personActor(solver) : null) : null,
      client_id: staffView && author ? { ...publicAuthor, email: author.email } : publicAuthor,
      community_id: { community_id: r.community_id, community_name: communityMap.get(r.community_id) ?? '' },
      thread_id: threadMap.get(r.id) ?? 0,
      comment_count: count?.comments ?? 0,
      staff_reply_count: count?.staffReplies ?? 0,
      like_count: count?.likes ?? 0,
      last_activity_at: isoRequired(r.last_activity_at),
      created_at: isoRequired(r.created_at),
      updated_at: isoRequired(r.updated_at),
    }
  })
}

export async function presentIssue(ex: Executor, viewer: Actor, row: IssueRow): Promise<Issue> {
  const [issue] = await presentIssues(ex, viewer, [row])
  return issue as Issue
}
