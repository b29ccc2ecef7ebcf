import { CommunityTexts } from '@proxima/contracts'
import type { IssueCreate, IssueListQuery, IssueUpdate } from '@proxima/contracts'
import type { z } from 'zod'
import type { Db } from '../../db/database.js'
import type { ClientActor, StaffActor } from '../../http/actor.js'
import type { Clock } from '../../lib/clock.js'
import { conflict, fieldError, forbidden } from '../../lib/errors.js'
import { displayName } from '../../lib/names.js'
import { page } from '../../lib/pagination.js'
import { notify } from '../notifications/notifications.service.js'
import { publishEvents } from '../realtime/publish.js'
import type { EventBus, NotificationBusEvent } from '../realtime/bus.js'
import { assertMember, assertSelf, assertWritable, loadCommunityFor, loadIssueFor } from './access.js'
import { countLiveComments } from './comments.queries.js'
import { presentIssue, presentIssues } from './issues.presenter.js'
import { countIssuesForOverview, deleteIssue, insertIssue, listIssues, updateIssue } from './issues.queries.js'
import { findAuthor } from './people.queries.js'
import { insertThread } from './threads.queries.js'
import { createThreadService } from './threads.service.js'

/** Staff or a customer with a platform account: visitors have no community access. */
type Account = StaffActor | ClientActor
type ListQuery = z.output<typeof IssueListQuery>
type CreateInput = z.output<typeof IssueCreate>
type UpdateInput = z.output<typeof IssueUpdate>

export const IssueTexts = {
  solvedLocked: 'This issue is solved. Reopen it before editing its title or description.',
  hasComments: 'This issue already has comments and can no longer be deleted.',
  authorOnly: 'Only the author of this issue can do this.',
  staffEditsSolvedOnly: 'Staff can only mark an issue solved or unsolved.',
} as const

/** Issues and their one thread each (contract §5). */
export function createIssueService(deps: { db: Db; clock: Clock; bus: EventBus }) {
  const { db, clock, bus } = deps

  /** Staff: the tenant's issues (one community with `community_id`); clients: one visible community's issues. */
  async function list(actor: Account, q: ListQuery) {
    let scope: { tenantId: number; communityId?: number }
    if (q.community_id !== undefined) {
      const community = await loadCommunityFor(db, actor, q.community_id)
      scope = { tenantId: community.tenant_id, communityId: community.id }
    } else if (actor.kind === 'staff') scope = { tenantId: actor.tenantId }
    else throw fieldError('community_id', 'Choose a community.')
    const { issues, total } = await listIssues(db, scope.tenantId, {
      communityId: scope.communityId,
      issueId: q.issue_id,
      solved: q.solved,
      clientId: q.client_id,
      from: q.from !== undefined ? new Date(q.from) : undefined,
      to: q.to !== undefined ? new Date(q.to) : undefined,
      search: q.search,
      sort: q.sort,
      limit: q.limit,
      offset: q.offset,
    })
    return page(await presentIssues(db, actor, issues), { limit: q.limit, offset: q.offset, total })
  }

  async function get(actor: Account, issueId: number) {
    const { issue } = await loadIssueFor(db, actor, issueId)
    return presentIssue(db, actor, issue)
  }

  /**
   * A member raises an issue: the issue and its thread are written in one transaction with the `issue.created`
   * notification to every active staff member; the events leave after the commit.
   */
  async function create(actor: ClientActor, input: CreateInput) {
    const community = await loadCommunityFor(db, actor, input.community_id)
    assertSelf(actor, input.client_id)
    await assertMember(db, community, actor.userId, CommunityTexts.notMember)
    assertWritable(community)
    const now = clock.now()
    let notices: NotificationBusEvent[] = []
    const row = await db.transaction().execute(async (trx) => {
      const issue = await insertIssue(trx, community.tenant_id, {
        communityId: community.id,
        clientId: actor.userId,
        title: input.issue,
        description: input.description,
        at: now,
      })
      // A new issue has no thread yet, so this always writes one.
      const thread = (await insertThread(trx, community.tenant_id, issue.id, now))!
      const author = await findAuthor(trx, actor.userId)
      notices = (
        await notify(trx, {
          tenantId: community.tenant_id,
          userIds: 'all-active-staff',
          type: 'issue.created',
          title: 'New issue raised',
          body: `${displayName(author)} just raised an issue on ${community.name}`,
          data: { issue_id: issue.id, thread_id: thread.id, community_id: community.id },
          at: now,
        })
      ).events
      return issue
    })
    bus.publish({ type: 'issue.created', tenantId: row.tenant_id, communityId: row.community_id, issueId: row.id })
    publishEvents(bus, notices)
    return presentIssue(db, actor, row)
  }

  /**
   * Staff mark an issue solved or unsolved; the author also edits its title and description while it is unsolved
   * (a request that reopens it may edit it too). Nothing changed → the issue as it is, no event.
   */
  async function update(actor: Account, issueId: number, input: UpdateInput) {
    const edits = input.issue !== undefined || input.description !== undefined
    const { issue, community } = await loadIssueFor(db, actor, issueId)
    if (actor.kind === 'client' && issue.client_id !== actor.userId) throw forbidden(IssueTexts.authorOnly)
    if (actor.kind === 'staff' && edits) throw forbidden(IssueTexts.staffEditsSolvedOnly)
    assertWritable(community)
    const now = clock.now()
    const row = await db.transaction().execute(async (trx) => {
      const { issue: current } = await loadIssueFor(trx, actor, issueId, { lock: true })
      if (edits && current.solved && input.solved !== false) throw conflict('issue.solved', IssueTexts.solvedLocked)
      const set: Parameters<typeof updateIssue>[3] = {}
      if (input.issue !== undefined && input.issue !== current.title) set.title = input.issue
      if (input.description !== undefined && input.description !== current.description)
        set.description = input.description
      if (input.solved !== undefined && input.solved !== current.solved) {
        set.solved = input.solved
        set.solved_at = input.solved ? now : null
        set.solved_by_user_id = input.solved ? actor.userId : null
      }
      if (Object.keys(set).length === 0) return null
      return updateIssue(trx, current.tenant_id, current.id, set, now)
    })
    if (!row) return presentIssue(db, actor, issue)
    bus.publish({ type: 'issue.updated', tenantId: row.tenant_id, communityId: row.community_id, issueId: row.id })
    return presentIssue(db, actor, row)
  }

  /** Staff delete any issue; the author only while it has no comments. Thread, comments and reactions go with it. */
  async function remove(actor: Account, issueId: number) {
    const { issue, community } = await loadIssueFor(db, actor, issueId)
    if (actor.kind === 'client' && issue.client_id !== actor.userId) throw forbidden(IssueTexts.authorOnly)
    assertWritable(community)
    await db.transaction().execute(async (trx) => {
      const { issue: current } = await loadIssueFor(trx, actor, issueId, { lock: true })
      if (actor.kind === 'client' && (await countLiveComments(trx, current.tenant_id, current.id)) > 0)
        throw conflict('issue.has_comments', IssueTexts.hasComments)
      await deleteIssue(trx, current.tenant_id, current.id)
    })
    bus.publish({
      type: 'issue.deleted',
      tenantId: issue.tenant_id,
      communityId: issue.community_id,
      issueId: issue.id,
    })
  }

  /** The overview's issue counts; `day` is today in the tenant's `timezone`. */
  async function overviewCounts(actor: StaffActor, day: string, timezone: string) {
    return countIssuesForOverview(db, actor.tenantId, day, timezone)
  }

  return { list, get, create, update, remove, overviewCounts, ...createThreadService(deps) }
}

export type IssueService = ReturnType<typeof createIssueService>
