import type { ChatCreate, ChatListQuery, ChatUpdate } from '@proxima/contracts'
import type { Db } from '../../db/database.js'
import type { Actor, ClientActor, StaffActor, VisitorActor } from '../../http/actor.js'
import type { Clock } from '../../lib/clock.js'
import { assertFound, fieldError, isUniqueViolation, notFound } from '../../lib/errors.js'
import { page } from '../../lib/pagination.js'
import { notifyChatCreated } from '../notifications/chat-notices.js'
import { publishEvents } from '../realtime/publish.js'
import type { EventBus, NotificationBusEvent } from '../realtime/bus.js'
import { insertAssignmentEvent, nextRoundRobinAssignee } from './assignment.queries.js'
import { countChatQueues } from './chat-counts.queries.js'
import { insertChatEvent } from './chat-events.queries.js'
import { listChats, listChatsOfClient } from './chat-list.queries.js'
import { presentChat, presentChats } from './chat.presenter.js'
import { changeStatus, chatFieldNames, saveChat } from './chat-state.js'
import { findActiveTenant, findTenantTimezone } from './chat-tenants.queries.js'
import {
  assignedOnly,
  deleteChat,
  findChatSettings,
  findOpenChatOf,
  insertChat,
  loadChatFor,
  type ChatRow,
} from './chats.queries.js'
import { findTopic } from './topics.queries.js'

/** The chat access rules, for features that read chats (AI helpers, search). */
export { assignedOnly, loadChatFor } from './chats.queries.js'

/** Customers start or resume chats; staff list, read, update and delete them. */
export function createChatService({ db, clock, bus }: { db: Db; clock: Clock; bus: EventBus }) {
  /** Returns the chat and whether it was created (201) or an existing open one (200). */
  async function create(
    actor: ClientActor | VisitorActor,
    input: ChatCreate,
  ): Promise<{ created: boolean; chat: Awaited<ReturnType<typeof presentChat>> }> {
    if (input.chat_owner !== undefined && (actor.kind !== 'client' || input.chat_owner !== actor.userId)) {
      throw fieldError('chat_owner', 'A chat can only be started for yourself.')
    }
    let tenantId: number
    if (actor.kind === 'client') {
      if (input.tenant_id === undefined) throw fieldError('tenant_id', 'Choose an organization.')
      tenantId = input.tenant_id
    } else {
      if (input.tenant_id !== undefined && input.tenant_id !== actor.tenantId) throw notFound()
      tenantId = actor.tenantId
    }
    const channel = actor.kind === 'client' ? (input.channel ?? 'mobile') : 'website'
    const owner = actor.kind === 'client' ? { clientId: actor.userId } : { visitorId: actor.visitorId }
    assertFound(await findActiveTenant(db, tenantId))
    if (input.topic_id !== undefined) assertFound(await findTopic(db, tenantId, input.topic_id))

    const existing = await findOpenChatOf(db, tenantId, owner, channel)
    if (existing) return { created: false, chat: await presentChat(db, actor, existing) }
    const now = clock.now()
    let row: ChatRow
    let notices: NotificationBusEvent[] = []
    try {
      row = await db.transaction().execute(async (trx) => {
        const settings = await findChatSettings(trx, tenantId)
        const assignee =
          settings?.auto_assign === 'round_robin' ? await nextRoundRobinAssignee(trx, tenantId) : undefined
        const inserted = await insertChat(trx, tenantId, {
          client_id: 'clientId' in owner ? owner.clientId : null,
          visitor_id: 'visitorId' in owner ? owner.visitorId : null,
          channel,
          assignee_id: assignee ?? null,
          topic_id: input.topic_id ?? null,
          created_at: now,
          updated_at: now,
        })
        await insertChatEvent(trx, tenantId, { chatId: inserted.id, kind: 'created', at: now, detail: { channel } })
        if (assignee !== undefined) {
          await insertAssignmentEvent(trx, tenantId, {
            chatId: inserted.id,
            assigneeId: assignee,
            previousAssigneeId: null,
            auto: true,
            at: now,
          })
        }
        notices = await notifyChatCreated(trx, inserted, now)
        return inserted
      })
    } catch (err) {
      // Another request created it first: answer with that one.
      if (!isUniqueViolation(err)) throw err
      const raced = await findOpenChatOf(db, tenantId, owner, channel)
      if (!raced) throw err
      return { created: false, chat: await presentChat(db, actor, raced) }
    }
    bus.publish({ type: 'chat.created', tenantId, chatId: row.id })
    publishEvents(bus, notices)
    return { created: true, chat: await presentChat(db, actor, row) }
  }

  /** Staff list their tenant's chats, a visitor their own, a client their own with every tenant. */
  async function list(actor: Actor, q: ChatListQuery) {
    let found
    if (actor.kind === 'client') {
      found = await listChatsOfClient(db, actor.userId, q)
    } else {
      if (q.tenant_id !== undefined && q.tenant_id !== actor.tenantId) throw notFound()
      found = await listChats(
        db,
        actor.tenantId,
        actor.kind === 'visitor'
          ? { kind: 'visitor', visitorId: actor.visitorId }
          : {
              kind: 'staff',
              userId: actor.userId,
              assignedOnly: await assignedOnly(db, actor),
              timezone: (q.from || q.to ? await findTenantTimezone(db, actor.tenantId) : undefined) ?? 'UTC',
            },
        q,
      )
    }
    return page(await presentChats(db, actor, found.rows), { limit: q.limit, offset: q.offset, total: found.total })
  }

  /** The overview's chat counts, over the chats this staff member may see. */
  async function queues(actor: StaffActor) {
    return countChatQueues(db, actor.tenantId, { userId: actor.userId, assignedOnly: await assignedOnly(db, actor) })
  }

  async function get(actor: Actor, chatId: number) {
    return presentChat(db, actor, await loadChatFor(db, actor, chatId))
  }

  /** Staff change status, topic and the assistant switch; resolving may ask the customer for a rating. */
  async function update(actor: StaffActor, chatId: number, input: ChatUpdate) {
    const now = clock.now()
    const { row, changed, ratingRequested } = await db.transaction().execute(async (trx) => {
      const chat = await loadChatFor(trx, actor, chatId, { lock: true })
      let changes: Partial<ChatRow> = {}
      if (input.status !== undefined)
        changes = await changeStatus(trx, chat, input.status, now, { actorUserId: actor.userId, reopenedBy: 'staff' })
      if (input.topic_id !== undefined && input.topic_id !== chat.topic_id) {
        if (input.topic_id !== null) assertFound(await findTopic(trx, actor.tenantId, input.topic_id))
        changes.topic_id = input.topic_id
      }
      if (input.iva_enabled !== undefined && input.iva_enabled !== chat.iva_enabled)
        changes.iva_enabled = input.iva_enabled
      const changedFields = chatFieldNames(Object.keys(changes))
      if (changedFields.length === 0) return { row: chat, changed: [], ratingRequested: false }
      const saved = await saveChat(trx, chat, changes, now)
      const csat = changes.status === 'resolved' && (await findChatSettings(trx, actor.tenantId))?.csat_enabled === true
      return { row: saved, changed: changedFields, ratingRequested: csat }
    })
    if (changed.length)
      bus.publish({ type: 'chat.updated', tenantId: row.tenant_id, chatId: row.id, changes: changed, ratingRequested })
    return presentChat(db, actor, row)
  }

  /** Deletes the chat with its messages and events. */
  async function remove(actor: StaffActor, chatId: number) {
    const chat = await loadChatFor(db, actor, chatId)
    await deleteChat(db, actor.tenantId, chat.id)
  }

  return { create, list, queues, get, update, remove }
}

export type ChatService = ReturnType<typeof createChatService>
