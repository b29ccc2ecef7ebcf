import type { Executor } from '../../db/database.js'
import type { ChatsTable } from '../../db/schema.js'
import type { Actor, StaffActor } from '../../http/actor.js'
import { fullName } from '../../lib/names.js'
import { enqueueMail } from '../mail/outbox.js'
import { escalationMail } from '../mail/templates.js'
import { lookUpVisitorName } from '../chat/visitor-names.js'
import type { NotificationBusEvent } from '../realtime/bus.js'
import { notify } from './notifications.service.js'
import {
  findClientName,
  findLatestEscalationAndResolution,
  findStaffName,
  findTenantSender,
} from './chat-notices.queries.js'

type Chat = {
  id: number
  tenant_id: number
  client_id: number | null
  visitor_id: number | null
  channel: ChatsTable['channel']
  assignee_id: number | null
  escalated: boolean
}

const CHANNEL_LABELS: Record<Chat['channel'], string> = {
  mobile: 'the mobile app',
  website: 'the website',
  facebook: 'Facebook',
  instagram: 'Instagram',
  whatsapp: 'WhatsApp',
  email: 'email',
}

/** The customer's name as the chat list shows it (`display_name`). */
async function customerName(ex: Executor, chat: Chat): Promise<string> {
  if (chat.client_id !== null) {
    const u = await findClientName(ex, chat.client_id)
    if (u) return fullName(u)
  }
  if (chat.visitor_id !== null) return lookUpVisitorName(ex, chat.tenant_id, chat.visitor_id)
  return `Visitor #${chat.id}`
}

/** `chat.created`: to the assignee when the chat was auto-assigned, else to every active staff member. */
export async function notifyChatCreated(ex: Executor, chat: Chat, at: Date): Promise<NotificationBusEvent[]> {
  const { events } = await notify(ex, {
    tenantId: chat.tenant_id,
    userIds: chat.assignee_id !== null ? [chat.assignee_id] : 'all-active-staff',
    type: 'chat.created',
    title: 'New chat',
    body: `${await customerName(ex, chat)} started a chat on ${CHANNEL_LABELS[chat.channel]}`,
    data: { chat_id: chat.id },
    at,
  })
  return events
}

/** `chat.assigned`: to the new assignee, unless they assigned the chat to themselves. */
export async function notifyChatAssigned(
  ex: Executor,
  chat: Chat,
  actor: StaffActor,
  at: Date,
): Promise<NotificationBusEvent[]> {
  if (chat.assignee_id === null || chat.assignee_id === actor.userId) return []
  const by = await findStaffName(ex, actor.tenantId, actor.userId)
  const { events } = await notify(ex, {
    tenantId: chat.tenant_id,
    userIds: [chat.assignee_id],
    type: 'chat.assigned',
    title: 'Chat assigned to you',
    body: `${by ? fullName(by) : 'An admin'} assigned you the chat with ${await customerName(ex, chat)}`,
    data: { chat_id: chat.id },
    at,
  })
  return events
}

/**
 * Whether an escalation is news: the chat was never escalated, or it was resolved after its latest escalation
 * (contract §4.7: escalating again before the chat is next resolved notifies nobody). Call it before the new
 * escalation is recorded.
 */
async function isNewEscalation(ex: Executor, chat: Chat): Promise<boolean> {
  if (!chat.escalated) return true
  const latest = await findLatestEscalationAndResolution(ex, chat.tenant_id, chat.id)
  return latest.resolved > latest.escalated
}

/**
 * The effects of an escalation on people (contract §4.7, §11.5), inside the caller's transaction: a `chat.escalated`
 * notification to the assignee, else to every active staff member (never to the staff member who escalated), and
 * the escalation email to those of them who keep `email_escalations` on, linking to the chat at `dashboardUrl`.
 * Returns the events the caller publishes once the transaction has committed. Nothing happens when the chat is
 * still escalated from before.
 */
export async function noticeEscalation(
  trx: Executor,
  chat: Chat,
  at: Date,
  by: { actor: Actor; reason: string | null; dashboardUrl: string },
): Promise<NotificationBusEvent[]> {
  if (!(await isNewEscalation(trx, chat))) return []
  const name = await customerName(trx, chat)
  const { events, recipients } = await notify(trx, {
    tenantId: chat.tenant_id,
    userIds: chat.assignee_id !== null ? [chat.assignee_id] : 'all-active-staff',
    exceptUserId: by.actor.kind === 'staff' ? by.actor.userId : null,
    type: 'chat.escalated',
    title: 'Chat escalated',
    body: by.reason ? `Chat #${chat.id} needs a person: ${by.reason}` : `Chat #${chat.id} needs a person`,
    data: { chat_id: chat.id },
    at,
  })
  const mailTo = recipients.filter((r) => r.notification_prefs?.email_escalations !== false)
  if (mailTo.length === 0) return events
  const tenant = await findTenantSender(trx, chat.tenant_id)
  for (const r of mailTo) {
    await enqueueMail(trx, {
      kind: 'chat_escalation',
      to: r.email,
      tenantId: chat.tenant_id,
      fromName: `${tenant.name} via Proxima`,
      replyTo: tenant.email,
      at,
      ...escalationMail({
        firstName: r.first_name,
        tenantName: tenant.name,
        chatId: chat.id,
        customerName: name,
        reason: by.reason,
        url: `${by.dashboardUrl}/chats/${chat.id}`,
      }),
    })
  }
  return events
}
