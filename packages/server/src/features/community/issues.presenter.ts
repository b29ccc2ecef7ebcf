import type { ActorRef, Issue } from '@proxima/contracts'
import type { Executor } from '../../db/database.js'
import type { Actor } from '../../http/actor.js'
import { iso, isoRequired } from '../../lib/clock.js'
import { displayName } from '../../lib/names.js'
import { listCommentCounts } from './comments.queries.js'
import { listCommunityNames } from './communities.queries.js'
import type { IssueRow } from './issues.queries.js'
import { listAuthors, listAuthorsWithEmail } from './people.queries.js'
import { userPublic } from './people.js'
import { listThreadIdsOfIssues } from './threads.queries.js'

const uniq = (ids: (number | null)[]) => [...new Set(ids.filter((x): x is number => x !== null))]

type Person = { id: number; username: string; first_name: string; last_name: string; user_type: string }

/** A person as the author of a comment or the one who solved an issue (contract §1.14 `Actor`). */
export function personActor(u: Person): ActorRef {
  return { kind: u.user_type === 'client' ? 'client' : 'staff', id: u.id, name: displayName(u), username: u.username }
}

/** The one tenant some rows belong to: every list and event shows one tenant's content. */
export function tenantOf(rows: { tenant_id: number }[]): number {
  const tenantId = rows[0]!.tenant_id
  if (rows.some((r) => r.tenant_id !== tenantId)) throw new Error('Rows of several tenants cannot be shown together.')
  return tenantId
}

/**
 * Issues of one tenant shaped for the caller (contract §5.1): the author nested as `client_id` (`UserPublic`, plus
 * the email for the tenant's staff, to whom the author is a related client), the community as a `CommunityRef`, the
 * thread id and the live counts.
 */
export async function presentIssues(ex: Executor, viewer: Actor, rows: IssueRow[]): Promise<Issue[]> {
  if (rows.length === 0) return []
  const tenantId = tenantOf(rows)
  const issueIds = rows.map((r) => r.id)
  const userIds = uniq(rows.flatMap((r) => [r.client_id, r.solved_by_user_id]))
  const staffView = viewer.kind === 'staff'
  const [communities, users, threads, counts] = await Promise.all([
    listCommunityNames(ex, tenantId, uniq(rows.map((r) => r.community_id))),
    // Only the tenant's staff see the author's email: nobody else's view loads it.
    staffView ? listAuthorsWithEmail(ex, userIds) : listAuthors(ex, userIds),
    listThreadIdsOfIssues(ex, tenantId, issueIds),
    listCommentCounts(ex, tenantId, issueIds),
  ])
  const communityMap = new Map(communities.map((c) => [c.id, c.name]))
  const userMap = new Map<number, Person & Parameters<typeof userPublic>[0] & { email?: string }>(
    users.map((u) => [u.id, u]),
  )
  const threadMap = new Map(threads.map((t) => [t.issue_id, t.id]))
  const countMap = new Map(counts.map((c) => [c.issue_id, c]))
  return rows.map((r) => {
    const author = userMap.get(r.client_id)
    const solver = r.solved_by_user_id !== null ? userMap.get(r.solved_by_user_id) : undefined
    const publicAuthor = author
      ? userPublic(author)
      : { id: r.client_id, username: '', first_name: '', last_name: '', profile_photo: null }
    const count = countMap.get(r.id)
    return {
      issue_id: r.id,
      issue: r.title,
      description: r.description,
      solved: r.solved,
      solved_at: iso(r.solved_at),
      solved_by: r.solved ? (solver ? personActor(solver) : null) : null,
      client_id: author?.email !== undefined ? { ...publicAuthor, email: author.email } : publicAuthor,
      community_id: { community_id: r.community_id, community_name: communityMap.get(r.community_id) ?? '' },
      thread_id: threadMap.get(r.id) ?? 0,
      comment_count: Number(count?.comments ?? 0),
      staff_reply_count: Number(count?.staff_replies ?? 0),
      like_count: Number(count?.likes ?? 0),
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
