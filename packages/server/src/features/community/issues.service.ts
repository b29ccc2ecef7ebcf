import { CommunityTexts } from '@proxima/contracts'
import type { IssueCreate, IssueListQuery, IssueUpdate } from '@proxima/contracts'
import type { z } from 'zod'
import type { Updateable } from 'kysely'
import type { Executor } from '../../db/database.js'
import type { CommunityIssuesTable } from '../../db/schema.js'
import type { Actor } from '../../http/actor.js'
import { conflict, fieldError, forbidden } from '../../lib/errors.js'
import { page } from '../../lib/pagination.js'
import { escapeLike } from '../../lib/like.js'
import { notify, publishEvents } from '../notifications/notifications.service.js'
import type { NotificationBusEvent } from '../realtime/bus.js'
import type { CommunityDeps } from './communities.service.js'
import {
  assertMember,
  assertSelf,
  assertWritable,
  loadCommunityFor,
  loadIssueFor,
  type IssueRow,
} from './community.queries.js'
import { issueLikes, presentIssue, presentIssues } from './issues.presenter.js'
import { displayName } from '../../lib/names.js'
import { createThreadService } from './threads.service.js'

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
export function createIssueService(deps: CommunityDeps) {
  const { db, clock, bus } = deps

  /** Staff: the tenant's issues (one community with `community_id`); clients: one visible community's issues. */
  async function list(actor: Actor, q: ListQuery) {
    if (actor.kind === 'visitor') throw forbidden()
    let rows = db.selectFrom('community_issues as i')
    if (actor.kind === 'staff') {
      rows = rows.where('i.tenant_id', '=', actor.tenantId)
      if (q.community_id !== undefined) {
        const community = await loadCommunityFor(db, actor, q.community_id)
        rows = rows.where('i.community_id', '=', community.id)
      }
    } else {
      if (q.community_id === undefined) throw fieldError('community_id', 'Choose a community.')
      const community = await loadCommunityFor(db, actor, q.community_id)
      rows = rows.where('i.tenant_id', '=', community.tenant_id).where('i.community_id', '=', community.id)
    }
    if (q.issue_id !== undefined) rows = rows.where('i.id', '=', q.issue_id)
    if (q.solved !== undefined) rows = rows.where('i.solved', '=', q.solved)
    if (q.client_id !== undefined) rows = rows.where('i.client_id', '=', q.client_id)
    if (q.from !== undefined) rows = rows.where('i.created_at', '>=', new Date(q.from))
    if (q.to !== undefined) rows = rows.where('i.created_at', '<=', new Date(q.to))
    if (q.search) {
      const like = `%${escapeLike(q.search)}%`
      rows = rows.where((eb) => eb.or([eb('i.title', 'ilike', like), eb('i.description', 'ilike', like)]))
    }
    const sorted =
      q.sort === '-like_count'
        ? rows.selectAll('i').orderBy((eb) => issueLikes(eb), 'desc')
        : rows.selectAll('i').orderBy(q.sort === '-last_activity_at' ? 'i.last_activity_at' : 'i.created_at', 'desc')
    const [{ total }, data] = await Promise.all([
      rows.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      sorted.orderBy('i.id', 'desc').limit(q.limit).offset(q.offset).execute(),
    ])
    return page(await presentIssues(db, actor, data), { limit: q.limit, offset: q.offset, total: Number(total) })
  }

  async function get(actor: Actor, issueId: number) {
    const { issue } = await loadIssueFor(db, actor, issueId)
    return presentIssue(db, actor, issue)
  }

  /**
   * A member raises an issue: the issue and its thread are written in one transaction with the `issue.created`
   * notification to every active staff member; the events leave after the commit.
   */
  async function create(actor: Actor, input: CreateInput) {
    if (actor.kind !== 'client') throw forbidden()
    const community = await loadCommunityFor(db, actor, input.community_id)
    assertSelf(actor, input.client_id)
    await assertMember(db, community.id, actor.userId, CommunityTexts.notMember)
    assertWritable(community)
    const now = clock.now()
    let notices: NotificationBusEvent[] = []
    const row = await db.transaction().execute(async (trx) => {
      const issue = await trx
        .insertInto('community_issues')
        .values({
          tenant_id: community.tenant_id,
          community_id: community.id,
          client_id: actor.userId,
          title: input.issue,
          description: input.description,
          solved: false,
          last_activity_at: now,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
      const thread = await trx
        .insertInto('community_threads')
        .values({ tenant_id: community.tenant_id, issue_id: issue.id, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
      const author = await trx
        .selectFrom('users')
        .select(['username', 'first_name', 'last_name'])
        .where('id', '=', actor.userId)
        .executeTakeFirstOrThrow()
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
  async function update(actor: Actor, issueId: number, input: UpdateInput) {
    const edits = input.issue !== undefined || input.description !== undefined
    const { issue, community } = await loadIssueFor(db, actor, issueId)
    if (actor.kind === 'client' && issue.client_id !== actor.userId) throw forbidden(IssueTexts.authorOnly)
    if (actor.kind === 'staff' && edits) throw forbidden(IssueTexts.staffEditsSolvedOnly)
    if (actor.kind === 'visitor') throw forbidden()
    assertWritable(community)
    const now = clock.now()
    const row = await db.transaction().execute(async (trx) => {
      const { issue: current } = await loadIssueFor(trx, actor, issueId, { lock: true })
      if (edits && current.solved && input.solved !== false) throw conflict('issue.solved', IssueTexts.solvedLocked)
      const set: Updateable<CommunityIssuesTable> = {}
      if (input.issue !== undefined && input.issue !== current.title) set.title = input.issue
      if (input.description !== undefined && input.description !== current.description)
        set.description = input.description
      if (input.solved !== undefined && input.solved !== current.solved) {
        set.solved = input.solved
        set.solved_at = input.solved ? now : null
        set.solved_by_user_id = input.solved ? actor.userId : null
      }
      if (Object.keys(set).length === 0) return null
      return trx
        .updateTable('community_issues')
        .set({ ...set, updated_at: now, last_activity_at: now })
        .where('tenant_id', '=', current.tenant_id)
        .where('id', '=', current.id)
        .returningAll()
        .executeTakeFirstOrThrow()
    })
    if (!row) return presentIssue(db, actor, issue)
    bus.publish({ type: 'issue.updated', tenantId: row.tenant_id, communityId: row.community_id, issueId: row.id })
    return presentIssue(db, actor, row)
  }

  /** Staff delete any issue; the author only while it has no comments. Thread, comments and reactions go with it. */
  async function remove(actor: Actor, issueId: number) {
    const { issue, community } = await loadIssueFor(db, actor, issueId)
    if (actor.kind === 'visitor' || (actor.kind === 'client' && issue.client_id !== actor.userId))
      throw forbidden(IssueTexts.authorOnly)
    assertWritable(community)
    await db.transaction().execute(async (trx) => {
      const { issue: current } = await loadIssueFor(trx, actor, issueId, { lock: true })
      if (actor.kind === 'client' && (await liveComments(trx, current)) > 0)
        throw conflict('issue.has_comments', IssueTexts.hasComments)
      await trx
        .deleteFrom('community_issues')
        .where('tenant_id', '=', current.tenant_id)
        .where('id', '=', current.id)
        .execute()
    })
    bus.publish({
      type: 'issue.deleted',
      tenantId: issue.tenant_id,
      communityId: issue.community_id,
      issueId: issue.id,
    })
  }

  async function liveComments(ex: Executor, i: IssueRow) {
    const { n } = await ex
      .selectFrom('community_comments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', i.tenant_id)
      .where('issue_id', '=', i.id)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow()
    return Number(n)
  }

  return { list, get, create, update, remove, ...createThreadService(deps) }
}

export type IssueService = ReturnType<typeof createIssueService>
