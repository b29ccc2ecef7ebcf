import type { Thread, ThreadListQuery } from '@proxima/contracts'
import type { z } from 'zod'
import type { Executor } from '../../db/database.js'
import type { Actor } from '../../http/actor.js'
import { isoRequired } from '../../lib/clock.js'
import { AppError, fieldError } from '../../lib/errors.js'
import { page } from '../../lib/pagination.js'
import type { CommunityDeps } from './communities.service.js'
import { findThreadOfIssue, loadIssueFor, loadThreadFor, type IssueRow, type ThreadRow } from './community.queries.js'
import { presentIssue } from './issues.presenter.js'

type ListQuery = z.output<typeof ThreadListQuery>

export async function presentThread(ex: Executor, viewer: Actor, thread: ThreadRow, issue: IssueRow): Promise<Thread> {
  return {
    thread_id: thread.id,
    issue: await presentIssue(ex, viewer, issue),
    created_at: isoRequired(thread.created_at),
  }
}

/** Null instead of 404: legacy single-row filters answer an empty list (contract §1.8). */
async function orNull<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load()
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 404) return null
    throw err
  }
}

/** Threads exist only with their issue (one each); these calls read them, and the legacy POST finds them. */
export function createThreadService({ db, clock }: CommunityDeps) {
  /** The issue's thread, created if it is somehow missing (never a second one: `issue_id` is unique). */
  async function threadOf(issue: IssueRow): Promise<ThreadRow> {
    const found = await findThreadOfIssue(db, issue.tenant_id, issue.id)
    if (found) return found
    await db
      .insertInto('community_threads')
      .values({ tenant_id: issue.tenant_id, issue_id: issue.id, created_at: clock.now() })
      .onConflict((oc) => oc.columns(['tenant_id', 'issue_id']).doNothing())
      .execute()
    return (await findThreadOfIssue(db, issue.tenant_id, issue.id))!
  }

  /** 0 or 1 thread, named by `thread_id` or `issue_id` (both: they must agree). */
  async function listThreads(actor: Actor, q: ListQuery) {
    if (q.issue_id === undefined && q.thread_id === undefined)
      throw fieldError('issue_id', 'Send issue_id or thread_id.')
    const found =
      q.thread_id !== undefined
        ? await orNull(() => loadThreadFor(db, actor, q.thread_id!))
        : await orNull(async () => {
            const { issue } = await loadIssueFor(db, actor, q.issue_id!)
            return { issue, thread: await threadOf(issue) }
          })
    const data =
      found && (q.issue_id === undefined || found.issue.id === q.issue_id)
        ? [await presentThread(db, actor, found.thread, found.issue)]
        : []
    return page(data, { limit: 25, offset: 0, total: data.length })
  }

  async function getThread(actor: Actor, threadId: number) {
    const { thread, issue } = await loadThreadFor(db, actor, threadId)
    return presentThread(db, actor, thread, issue)
  }

  /** Legacy "create a thread": answers the issue's existing thread. */
  async function ensureThread(actor: Actor, issueId: number) {
    const { issue } = await loadIssueFor(db, actor, issueId)
    return presentThread(db, actor, await threadOf(issue), issue)
  }

  return { listThreads, getThread, ensureThread }
}
