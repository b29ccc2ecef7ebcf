import type { Executor } from '../../db/database.js'
import type { Actor, StaffActor } from '../../http/actor.js'
import { addDays } from '../../lib/clock.js'
import { assertFound, conflict, forbidden, unprocessable } from '../../lib/errors.js'
import { recordChatEvent } from './chat-events.js'
import { actorRefOf, presentChat, sideOf } from './chat.presenter.js'
import { changeStatus, chatFieldNames, saveChat, type ChatDeps } from './chat-state.js'
import { findActiveStaff, loadChatFor, type ChatRow } from './chats.queries.js'
import { noticeEscalation, notifyChatAssigned } from '../notifications/chat-notices.js'
import { publishEvents } from '../notifications/notifications.service.js'
import type { NotificationBusEvent } from '../realtime/bus.js'

/** A replaced rating is accepted for this long after the first one. */
export const RATING_WINDOW_DAYS = 7

/**
 * "A human must take over": marks the chat escalated, stops the assistant, opens the chat and tells staff (in-app
 * notifications and the escalation email). Runs inside the caller's transaction; returns the changes (the caller
 * saves them) and the notification events the caller publishes after the commit.
 */
export async function escalation(
  trx: Executor,
  chat: ChatRow,
  at: Date,
  by: { actor: Actor; reason: string | null; messageId: number | null; dashboardUrl: string },
): Promise<{ changes: Partial<ChatRow>; notices: NotificationBusEvent[] }> {
  const notices = await noticeEscalation(trx, chat, at, by)
  const changes: Partial<ChatRow> = {
    ...(await changeStatus(trx, chat, 'open', at, {
      actorUserId: by.actor.kind === 'visitor' ? null : by.actor.userId,
      reopenedBy: 'escalation',
    })),
    escalated: true,
    escalated_at: at,
    escalation_reason: by.reason,
    iva_enabled: false,
  }
  if (by.messageId !== null) {
    await trx
      .updateTable('chat_messages')
      .set({ escalated: true, updated_at: at })
      .where('tenant_id', '=', chat.tenant_id)
      .where('id', '=', by.messageId)
      .execute()
  }
  await recordChatEvent(trx, {
    tenantId: chat.tenant_id,
    chatId: chat.id,
    kind: 'escalated',
    at,
    actorUserId: by.actor.kind === 'visitor' ? null : by.actor.userId,
    messageId: by.messageId,
    detail: { by: by.actor.kind === 'staff' ? 'staff' : 'customer', reason: by.reason },
  })
  return { changes, notices }
}

/** Assignment, escalation, ratings, read markers and typing signals on one chat. */
export function createChatActionService({ db, clock, bus, dashboardUrl }: ChatDeps) {
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
      await recordChatEvent(trx, {
        tenantId: chat.tenant_id,
        chatId: chat.id,
        kind: 'assigned',
        at: now,
        actorUserId: actor.userId,
        detail: { assignee_id: assigneeId, previous_assignee_id: chat.assignee_id, auto: false },
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
      if (messageId !== null) {
        assertFound(
          await trx
            .selectFrom('chat_messages')
            .select('id')
            .where('tenant_id', '=', chat.tenant_id)
            .where('chat_id', '=', chat.id)
            .where('id', '=', messageId)
            .executeTakeFirst(),
        )
      }
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
  async function rate(actor: Actor, chatId: number, input: { rating: number; comment?: string | null | undefined }) {
    if (actor.kind === 'staff') throw forbidden()
    const now = clock.now()
    const after = await db.transaction().execute(async (trx) => {
      const chat = await loadChatFor(trx, actor, chatId, { lock: true })
      const reply = await trx
        .selectFrom('chat_messages')
        .select('id')
        .where('tenant_id', '=', chat.tenant_id)
        .where('chat_id', '=', chat.id)
        .where('message_sender', '<>', 'client')
        .limit(1)
        .executeTakeFirst()
      if (!reply) throw conflict('chat.rating_not_allowed', 'You can rate this chat once someone has answered you.')
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
      await recordChatEvent(trx, {
        tenantId: chat.tenant_id,
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
      assertFound(
        await trx
          .selectFrom('chat_messages')
          .select('id')
          .where('tenant_id', '=', row.tenant_id)
          .where('chat_id', '=', row.id)
          .where('id', '=', lastReadMessageId)
          .executeTakeFirst(),
      )
      const current = (side === 'tenant' ? row.tenant_read_message_id : row.client_read_message_id) ?? 0
      const next = Math.max(current, lastReadMessageId)
      const saved = await trx
        .updateTable('chats')
        .set(
          side === 'tenant'
            ? { tenant_read_message_id: next, tenant_read_at: now }
            : { client_read_message_id: next, client_read_at: now },
        )
        .where('tenant_id', '=', row.tenant_id)
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirstOrThrow()
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
