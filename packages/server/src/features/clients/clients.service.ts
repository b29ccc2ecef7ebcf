import type { ClientActivity, StaffClient } from '@proxima/contracts'
import type { z } from 'zod'
import type { ClientListQuery } from '@proxima/contracts'
import type { Db } from '../../db/database.js'
import type { StaffActor } from '../../http/actor.js'
import { iso, isoRequired } from '../../lib/clock.js'
import { notFound } from '../../lib/errors.js'
import { page } from '../../lib/pagination.js'
import { clientActivity, listClientIds, listClientRows, listCurrentCommunities, relatedIds } from './clients.queries.js'
import { clientDetail } from '../community/people.js'

/** Read by other features (survey audiences, subgroups, invitations); they go through this module. */
export { relatedClientIds } from './relation.queries.js'

const ACTIVITY_LIMIT = 50
const EXCERPT_MAX = 120

/** A comment's first characters, cut at a word where one ends near the limit. */
function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= EXCERPT_MAX) return flat
  const room = flat.slice(0, EXCERPT_MAX - 1)
  const space = room.lastIndexOf(' ')
  return `${(space > EXCERPT_MAX / 2 ? room.slice(0, space) : room).replace(/[\uD800-\uDBFF]$/u, '')}…`
}

/** Clients as a tenant's staff see them (contract §13.2): only those related to the tenant. */
export function createClientService(deps: { db: Db }) {
  const { db } = deps

  async function present(tenantId: number, ids: number[]): Promise<StaffClient[]> {
    const [rows, communities] = await Promise.all([
      listClientRows(db, tenantId, ids),
      listCurrentCommunities(db, tenantId, ids),
    ])
    const byId = new Map(
      rows.map((u) => [
        u.id,
        {
          ...clientDetail(u),
          chat_count: Number(u.chat_count),
          last_chat_at: iso(u.last_chat_at),
          communities: communities
            .filter((c) => c.client_id === u.id)
            .map((c) => ({ community_id: c.id, community_name: c.name })),
        } satisfies StaffClient,
      ]),
    )
    return ids.flatMap((id) => {
      const c = byId.get(id)
      return c ? [c] : []
    })
  }

  async function list(actor: StaffActor, q: z.infer<typeof ClientListQuery>) {
    const found = await listClientIds(db, actor.tenantId, {
      search: q.search,
      communityId: q.community_id,
      hasChat: q.has_chat,
      limit: q.limit,
      offset: q.offset,
    })
    return page(await present(actor.tenantId, found.ids), { limit: q.limit, offset: q.offset, total: found.total })
  }

  async function get(actor: StaffActor, id: number) {
    const [client] = await present(actor.tenantId, [id])
    if (!client) throw notFound()
    return client
  }

  async function activity(actor: StaffActor, id: number): Promise<ClientActivity> {
    if (!(await relatedIds(db, actor.tenantId, [id])).has(id)) throw notFound()
    const a = await clientActivity(db, actor.tenantId, id, ACTIVITY_LIMIT)
    return {
      chats: a.chats.map((c) => ({
        chat_id: c.id,
        channel: c.channel,
        status: c.status,
        satisfaction_rating: c.satisfaction_rating,
        created_at: isoRequired(c.created_at),
        last_message_at: iso(c.last_message_at),
      })),
      issues: a.issues.map((i) => ({
        issue_id: i.id,
        community_id: i.community_id,
        community_name: i.community_name,
        issue: i.title,
        solved: i.solved,
        created_at: isoRequired(i.created_at),
      })),
      comments: a.comments.map((c) => ({
        comment_id: c.id,
        issue_id: c.issue_id,
        excerpt: excerpt(c.body),
        created_at: isoRequired(c.created_at),
      })),
      survey_responses: a.responses.map((r) => ({
        response_id: r.id,
        survey_id: r.survey_id,
        survey_topic: r.topic,
        submitted_at: isoRequired(r.submitted_at),
      })),
    }
  }

  return { list, get, activity }
}

export type ClientService = ReturnType<typeof createClientService>
