import type { Executor } from '../../db/database.js'
import type { Actor } from '../../http/actor.js'
import { noticeEscalation } from '../notifications/chat-notices.js'
import type { NotificationBusEvent } from '../realtime/bus.js'
import { insertChatEvent } from './chat-events.queries.js'
import { changeStatus } from './chat-state.js'
import type { ChatRow } from './chats.queries.js'
import { markMessageEscalated } from './messages.queries.js'

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
  if (by.messageId !== null) await markMessageEscalated(trx, chat.tenant_id, by.messageId, at)
  await insertChatEvent(trx, chat.tenant_id, {
    chatId: chat.id,
    kind: 'escalated',
    at,
    actorUserId: by.actor.kind === 'visitor' ? null : by.actor.userId,
    messageId: by.messageId,
    detail: { by: by.actor.kind === 'staff' ? 'staff' : 'customer', reason: by.reason },
  })
  return { changes, notices }
}
