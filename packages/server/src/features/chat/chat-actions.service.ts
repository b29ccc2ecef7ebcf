import type { Db } from '../../db/database.js'
import type { Actor, ClientActor, StaffActor, VisitorActor } from '../../http/actor.js'
import { addDays, type Clock } from '../../lib/clock.js'
import { conflict, forbidden, notFound, unprocessable } from '../../lib/errors.js'
import { notifyChatAssigned } from '../notifications/chat-notices.js'
import { publishEvents } from '../realtime/publish.js'
import type { EventBus, NotificationBusEvent } from '../realtime/bus.js'
import { findActiveStaff, insertAssignmentEvent } from './assignment.queries.js'
import { insertChatEvent } from './chat-events.queries.js'
import { presentChat, sideOf } from './chat.presenter.js'
import { chatFieldNames, saveChat } from './chat-state.js'
import { loadChatFor, updateChat, type ChatRow } from './chats.queries.js'
import { escalation } from './escalation.js'
import { actorRefOf } from './message.presenter.js'
import { hasAnswer, messageExists } from './messages.queries.js'

/** A replaced rating is accepted for this long after the first one. */
export const RATING_WINDOW_DAYS = 7

/** Assignment, escalation, ratings, read markers and typing signals on one chat. */
export function createChatActionService({
  db,
  clock,
  bus,
  dashboardUrl,
}: {
  db: Db
  clock: Clock
  bus: EventBus
  /** The dashboard's address, for links in escalation mails. */
  dashboardUrl: string
}) {
  const changedFields = (before: ChatRow, after: ChatRow) =>
    chatFieldNames((Object.keys(after) as (keyof ChatRow)[]).filter((k) => String(before[k]) !== String(after[k])))

  /** Admins assign any active member; employees only take a chat or give back their own. */
  async function assign(actor: StaffActor, chatId: number, assigneeId: number | null) {
    const now = clock.now()
    let notices: NotificationBusEvent[] = []
    const { before, after } = await db.transaction().execute(async (trx) => {
      const chat = await loadChatFor(trx, actor, chatId, { lock: true })
      if (actor.userType !== 'admin') {
        const ownTake = assigneeId === actor.userId
        const ownRelease = assigneeId === null && chat.assignee_id === actor.userId
        if (!ownTake && !ownRelease) throw forbidden('You can assign chats only to yourself.')
      }
      if (assigneeId !== null && !(await findActiveStaff(trx, actor.tenantId, assigneeId))) {
        throw unprocessable('chat.invalid_assignee', 'Choose an active member of your organization.', {
          assignee_id: ['Choose an active member of your organization.'],
        })
      }
      if (assigneeId === chat.assignee_id) return { before: chat, after: chat }
      const saved = await saveChat(trx, chat, { assignee_id: assigneeId }, now)
      await insertAssignmentEvent(trx, chat.tenant_id, {
        chatId: chat.id,
        assigneeId,
        previousAssigneeId: chat.assignee_id,
        auto: false,
        actorUserId: actor.userId,
        at: now,
      })
      notices = await notifyChatAssigned(trx, saved, actor, now)
      return { before: chat, after: saved }
    })
    if (before !== after)
      bus.publish({
        type: 'chat.updated',
        tenantId: after.tenant_id,
        chatId: after.id,
        changes: ['assignee'],
        ratingRequested: false,
      })
    publishEvents(bus, notices)
    return presentChat(db, actor, after)
  }

  async function escalate(
    actor: Actor,
    chatId: number,
    input: { reason?: string | null | undefined; message_id?: number | undefined } | null | undefined,
  ) {
    const now = clock.now()
    const { before, after, notices } = await db.transaction().execute(async (trx) => {
      const chat = await loadChatFor(trx, actor, chatId, { lock: true })
      const messageId = input?.message_id ?? null
      if (messageId !== null && !(await messageExists(trx, chat.tenant_id, chat.id, messageId))) throw notFound()
      const { changes, notices } = await escalation(trx, chat, now, {
        actor,
        reason: input?.reason ?? null,
        messageId,
        dashboardUrl,
      })
      return { before: chat, after: await saveChat(trx, chat, changes, now), notices }
    })
    bus.publish({
      type: 'chat.updated',
      tenantId: after.tenant_id,
      chatId: after.id,
      changes: changedFields(before, after),
      ratingRequested: false,
    })
    publishEvents(bus, notices)
    return presentChat(db, actor, after)
  }

  /** The owner rates once someone answered; a new rating replaces the old within seven days of the first. */
  async function rate(
    actor: ClientActor | VisitorActor,
    chatId: number,
    input: { rating: number; comment?: string | null | undefined },
  ) {
    const now = clock.now()
    const after = await db.transaction().execute(async (trx) => {
      const chat = await loadChatFor(trx, actor, chatId, { lock: true })
      if (!(await hasAnswer(trx, chat.tenant_id, chat.id)))
        throw conflict('chat.rating_not_allowed', 'You can rate this chat once someone has answered you.')
      if (chat.first_rated_at && now > addDays(chat.first_rated_at, RATING_WINDOW_DAYS)) {
        throw conflict(
          'chat.rating_locked',
          'This chat was rated more than 7 days ago; the rating can no longer change.',
        )
      }
      const saved = await saveChat(
        trx,
        chat,
        {
          satisfaction_rating: input.rating,
          satisfaction_comment: input.comment ?? null,
          rated_at: now,
          first_rated_at: chat.first_rated_at ?? now,
        },
        now,
      )
      await insertChatEvent(trx, chat.tenant_id, {
        chatId: chat.id,
        kind: 'rated',
        at: now,
        actorUserId: actor.kind === 'client' ? actor.userId : null,
        detail: { rating: input.rating, replaced: chat.satisfaction_rating !== null },
      })
      return saved
    })
    bus.publish({
      type: 'chat.updated',
      tenantId: after.tenant_id,
      chatId: after.id,
      changes: ['satisfaction_rating', 'satisfaction_comment', 'client_satisfaction', 'rated_at'],
      ratingRequested: false,
    })
    return presentChat(db, actor, after)
  }

  /** Staff share the tenant-side marker; the owner has the client-side one. Markers never move back. */
  async function markRead(actor: Actor, chatId: number, lastReadMessageId: number) {
    const now = clock.now()
    const side = sideOf(actor)
    const { chat, marker } = await db.transaction().execute(async (trx) => {
      const row = await loadChatFor(trx, actor, chatId, { lock: true })
      if (!(await messageExists(trx, row.tenant_id, row.id, lastReadMessageId))) throw notFound()
      const current = (side === 'tenant' ? row.tenant_read_message_id : row.client_read_message_id) ?? 0
      const next = Math.max(current, lastReadMessageId)
      const saved = await updateChat(
        trx,
        row.tenant_id,
        row.id,
        side === 'tenant'
          ? { tenant_read_message_id: next, tenant_read_at: now }
          : { client_read_message_id: next, client_read_at: now },
      )
      return { chat: saved, marker: next }
    })
    const readAt = now.toISOString()
    bus.publish({
      type: 'chat.read',
      tenantId: chat.tenant_id,
      chatId: chat.id,
      side,
      lastReadMessageId: marker,
      readAt,
    })
    const presented = await presentChat(db, actor, chat)
    return { chat_id: chat.id, unread_count: presented.unread_count, read_at: readAt }
  }

  /** Nothing is stored: the signal goes to whoever watches the chat. */
  async function typing(actor: Actor, chatId: number, state: 'start' | 'stop') {
    const chat = await loadChatFor(db, actor, chatId)
    const user = await actorRefOf(db, actor)
    bus.publish({ type: 'typing', tenantId: chat.tenant_id, chatId: chat.id, sender: sideOf(actor), user, state })
  }

  return { assign, escalate, rate, markRead, typing }
}

export type ChatActionService = ReturnType<typeof createChatActionService>
