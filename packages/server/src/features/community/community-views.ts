import type { Db } from '../../db/database.js'
import type { Actor } from '../../http/actor.js'
import { AppError } from '../../lib/errors.js'
import { isIssueEvent } from '../realtime/bus.js'
import type { CommunityViews, RenderedEvent } from '../realtime/views.js'
import { presentComment } from './comments.presenter.js'
import { loadCommentFor, loadCommunityFor, loadIssueFor, loadThreadFor } from './access.js'
import { presentIssue } from './issues.presenter.js'

/** The loaded rows, or null when the actor may not see them (no access looks like absence, as over REST). */
async function visible<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load()
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 404) return null
    throw err
  }
}

/**
 * Realtime rendering of issue and comment events (contract §4.9) with the access rules and shapes of the REST gets:
 * `community:<id>` and `thread:<id>` may be subscribed by whoever may GET the community or thread, and each event is
 * rendered from the database for each group of viewers.
 *
 * Viewer groups: every staff member of a tenant sees the same issues and comments (`staff:<tenant>`); every client
 * sees the same `Issue` (`clients`: public author fields, and the same visibility rule for all clients), while a
 * `Comment` carries the caller's own reaction, so comments render once per client (`client:<id>`).
 */
export function createCommunityViews(db: Db): CommunityViews {
  return {
    canSubscribe: async (actor, channel) => {
      const m = /^(community|thread):(\d+)$/.exec(channel)
      if (!m) return false
      const id = Number(m[2])
      const found = await visible<unknown>(() =>
        m[1] === 'community' ? loadCommunityFor(db, actor, id) : loadThreadFor(db, actor, id),
      )
      return found !== null
    },
    viewerKey: (actor, event) => {
      if (actor.kind === 'staff') return `staff:${actor.tenantId}`
      if (actor.kind === 'client') return isIssueEvent(event) ? 'clients' : `client:${actor.userId}`
      return `visitor:${actor.visitorId}`
    },
    render: async (event, actor: Actor): Promise<RenderedEvent | null> => {
      if (actor.kind === 'visitor') return null
      if (event.type === 'issue.deleted') {
        // The issue is gone: whoever may see its community hears which one to drop.
        const community = await visible(() => loadCommunityFor(db, actor, event.communityId))
        if (!community || community.tenant_id !== event.tenantId) return null
        return { type: event.type, data: { issue_id: event.issueId, community_id: event.communityId } }
      }
      if (isIssueEvent(event)) {
        const found = await visible(() => loadIssueFor(db, actor, event.issueId))
        if (!found || found.issue.tenant_id !== event.tenantId) return null
        return { type: event.type, data: await presentIssue(db, actor, found.issue) }
      }
      if (event.type === 'comment.deleted') {
        const found = await visible(() => loadThreadFor(db, actor, event.threadId))
        if (!found || found.thread.tenant_id !== event.tenantId) return null
        return { type: event.type, data: { comment_id: event.commentId } }
      }
      const found = await visible(() => loadCommentFor(db, actor, event.commentId))
      if (!found || found.comment.tenant_id !== event.tenantId) return null
      return { type: event.type, data: await presentComment(db, actor, found.comment) }
    },
  }
}
