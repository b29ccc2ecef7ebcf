import type { Actor } from '../../http/actor.js'
import { isIssueEvent, type BusEvent, type ChatBusEvent, type CommunityBusEvent, type SurveyBusEvent } from './bus.js'
import type { Connection } from './connection.js'
import type { Channel, CommunityViews, RealtimeViews, RenderedEvent, TopicChannel, UserViews } from './views.js'

/** The indexes of this process's sockets that routing reads (the hub keeps them up to date). */
export type SocketIndex = {
  /** Subscribers of each `chat:`, `community:` and `thread:` channel. */
  subscribers: Map<TopicChannel, Set<Connection>>
  /** The `tenant` channel: staff sockets by tenant. */
  staffByTenant: Map<number, Set<Connection>>
  /** The `user` channel: every authenticated socket of an account (staff and clients), by user id. */
  byUser: Map<number, Set<Connection>>
}

/** The renderings in use when an event is routed. */
export type EventViews = { chat: RealtimeViews; community: CommunityViews; user: UserViews }

/** Where an event goes in this process, and how to render it once per group of viewers. */
export type Routing = {
  targets: Map<Connection, Channel>
  viewerKey: (actor: Actor) => string
  render: (actor: Actor) => Promise<RenderedEvent | null>
}

const ON_CHAT_CHANNEL = new Set<BusEvent['type']>([
  'message.created',
  'message.updated',
  'chat.updated',
  'chat.read',
  'typing',
])
const ON_TENANT_CHANNEL = new Set<BusEvent['type']>([
  'message.created',
  'message.updated',
  'chat.created',
  'chat.updated',
])

/** Whether an event goes to its tenant's staff on the `tenant` channel (contract §4.9: client typing does too). */
const onTenantChannel = (e: ChatBusEvent) =>
  ON_TENANT_CHANNEL.has(e.type) || (e.type === 'typing' && e.sender === 'client')

const isActor = (actor: Actor, ref: { kind: string; id: number | null }) =>
  ref.id !== null &&
  ((actor.kind === 'visitor' && ref.kind === 'visitor' && actor.visitorId === ref.id) ||
    (actor.kind !== 'visitor' && actor.kind === ref.kind && actor.userId === ref.id))

/** The local sockets a chat event concerns, each with its channel, and how to render it for a group. */
function chatRouting(event: ChatBusEvent, { subscribers, staffByTenant }: SocketIndex, views: RealtimeViews): Routing {
  const targets = new Map<Connection, Channel>()
  if (ON_CHAT_CHANNEL.has(event.type)) {
    const channel: TopicChannel = `chat:${event.chatId}`
    for (const conn of subscribers.get(channel) ?? []) targets.set(conn, channel)
  }
  if (onTenantChannel(event)) {
    for (const conn of staffByTenant.get(event.tenantId) ?? []) if (!targets.has(conn)) targets.set(conn, 'tenant')
  }
  if (event.type === 'typing') {
    // Typing goes to the other participants, never back to the typist.
    for (const conn of targets.keys()) if (conn.actor && isActor(conn.actor, event.user)) targets.delete(conn)
  }
  return {
    targets,
    viewerKey: (actor) => views.viewerKey(actor, event),
    render: (actor) => views.render(event, actor),
  }
}

/**
 * Issues go to `community:<id>` subscribers and the tenant's staff; comments to `thread:<id>` subscribers, and a
 * staff reply also to the issue author's sockets on `user`.
 */
function communityRouting(
  event: CommunityBusEvent,
  { subscribers, staffByTenant, byUser }: SocketIndex,
  communityViews: CommunityViews,
): Routing {
  const targets = new Map<Connection, Channel>()
  if (isIssueEvent(event)) {
    const channel: TopicChannel = `community:${event.communityId}`
    for (const conn of subscribers.get(channel) ?? []) targets.set(conn, channel)
    for (const conn of staffByTenant.get(event.tenantId) ?? []) if (!targets.has(conn)) targets.set(conn, 'tenant')
  } else {
    const channel: TopicChannel = `thread:${event.threadId}`
    for (const conn of subscribers.get(channel) ?? []) targets.set(conn, channel)
    if (event.type === 'comment.created' && event.staffReply)
      for (const conn of byUser.get(event.issueAuthorId) ?? [])
        if (conn.actor?.kind === 'client' && !targets.has(conn)) targets.set(conn, 'user')
  }
  return {
    targets,
    viewerKey: (actor) => communityViews.viewerKey(actor, event),
    render: (actor) => communityViews.render(event, actor),
  }
}

/** A survey's new response goes to its tenant's staff; the event carries all it shows, so every viewer sees the same. */
function surveyRouting(event: SurveyBusEvent, { staffByTenant }: SocketIndex): Routing {
  const targets = new Map<Connection, Channel>()
  for (const conn of staffByTenant.get(event.tenantId) ?? []) targets.set(conn, 'tenant')
  const rendered: RenderedEvent = {
    type: 'survey.response.created',
    data: { survey_id: event.surveyId, response_id: event.responseId, response_count: event.responseCount },
  }
  return { targets, viewerKey: () => 'staff', render: () => Promise.resolve(rendered) }
}

/**
 * Where a bus event goes among this process's sockets, each with its channel, and how to render it once per group
 * of viewers. A notification goes to every socket of its recipient, as long as it is signed in to the
 * notification's tenant.
 */
export function routeEvent(event: BusEvent, index: SocketIndex, views: EventViews): Routing {
  if (event.type.startsWith('issue.') || event.type.startsWith('comment.'))
    return communityRouting(event as CommunityBusEvent, index, views.community)
  if (event.type === 'survey.response.created') return surveyRouting(event, index)
  if (event.type !== 'notification.created') return chatRouting(event as ChatBusEvent, index, views.chat)
  const targets = new Map<Connection, Channel>()
  for (const conn of index.byUser.get(event.userId) ?? [])
    if (conn.actor?.kind === 'staff' && conn.actor.tenantId === event.tenantId) targets.set(conn, 'user')
  return { targets, viewerKey: () => `user:${event.userId}`, render: (actor) => views.user.render(event, actor) }
}
