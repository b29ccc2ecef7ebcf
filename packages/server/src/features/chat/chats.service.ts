import { sql } from 'kysely'
import type { ChatCreate, ChatListQuery, ChatUpdate } from '@proxima/contracts'
import type { Actor, StaffActor } from '../../http/actor.js'
import { assertFound, fieldError, forbidden, isUniqueViolation, notFound } from '../../lib/errors.js'
import { page } from '../../lib/pagination.js'
import { escapeLike } from '../../lib/like.js'
import { recordChatEvent } from './chat-events.js'
import { changeStatus, chatFieldNames, saveChat, type ChatDeps } from './chat-state.js'
import { presentChat, presentChats } from './chat.presenter.js'
import { notifyChatCreated } from '../notifications/chat-notices.js'
import { publishEvents } from '../notifications/notifications.service.js'
import type { NotificationBusEvent } from '../realtime/bus.js'
import {
  assignedOnly,
  findChatSettings,
  findOpenChatOf,
  findTopic,
  loadChatFor,
  nextRoundRobinAssignee,
  type ChatRow,
} from './chats.queries.js'

const SORTS = {
  '-last_message_at': sql`c.last_message_at desc nulls last`,
  '-created_at': sql`c.created_at desc`,
  created_at: sql`c.created_at asc`,
} as const

/** Customers start or resume chats; staff list, read, update and delete them. */
export function createChatService({ db, clock, bus }: ChatDeps) {
  /** Returns the chat and whether it was created (201) or an existing open one (200). */
  async function create(
    actor: Actor,
    input: ChatCreate,
  ): Promise<{ created: boolean; chat: Awaited<ReturnType<typeof presentChat>> }> {
    if (actor.kind === 'staff') throw forbidden()
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
    const tenant = await db.selectFrom('tenants').select(['id', 'status']).where('id', '=', tenantId).executeTakeFirst()
    if (!tenant || tenant.status !== 'active') throw notFound()
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
        const inserted = await trx
          .insertInto('chats')
          .values({
            tenant_id: tenantId,
            client_id: 'clientId' in owner ? owner.clientId : null,
            visitor_id: 'visitorId' in owner ? owner.visitorId : null,
            channel,
            assignee_id: assignee ?? null,
            topic_id: input.topic_id ?? null,
            created_at: now,
            updated_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow()
        await recordChatEvent(trx, { tenantId, chatId: inserted.id, kind: 'created', at: now, detail: { channel } })
        if (assignee !== undefined) {
          await recordChatEvent(trx, {
            tenantId,
            chatId: inserted.id,
            kind: 'assigned',
            at: now,
            detail: { assignee_id: assignee, previous_assignee_id: null, auto: true },
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

  async function list(actor: Actor, q: ChatListQuery) {
    let rows = db.selectFrom('chats as c')
    if (actor.kind === 'client') {
      rows = rows.where('c.client_id', '=', actor.userId)
      if (q.tenant_id !== undefined) rows = rows.where('c.tenant_id', '=', q.tenant_id)
    } else {
      if (q.tenant_id !== undefined && q.tenant_id !== actor.tenantId) throw notFound()
      rows = rows.where('c.tenant_id', '=', actor.tenantId)
      if (actor.kind === 'visitor') rows = rows.where('c.visitor_id', '=', actor.visitorId)
    }
    if (q.status) rows = rows.where('c.status', 'in', q.status)
    if (q.chat_id !== undefined) rows = rows.where('c.id', '=', q.chat_id)
    if (actor.kind === 'staff') rows = await staffFilters(actor, rows, q)
    const [{ total }, data] = await Promise.all([
      rows.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      rows
        .selectAll('c')
        .orderBy(SORTS[q.sort])
        .orderBy('c.id', q.sort === 'created_at' ? 'asc' : 'desc')
        .limit(q.limit)
        .offset(q.offset)
        .execute(),
    ])
    return page(await presentChats(db, actor, data), { limit: q.limit, offset: q.offset, total: Number(total) })
  }

  type ChatQuery = ReturnType<typeof db.selectFrom<'chats as c'>>

  async function staffFilters(actor: StaffActor, rows: ChatQuery, q: ChatListQuery): Promise<ChatQuery> {
    if (await assignedOnly(db, actor))
      rows = rows.where((eb) => eb.or([eb('c.assignee_id', 'is', null), eb('c.assignee_id', '=', actor.userId)]))
    if (q.assignee === 'me') rows = rows.where('c.assignee_id', '=', actor.userId)
    else if (q.assignee === 'none') rows = rows.where('c.assignee_id', 'is', null)
    else if (q.assignee !== undefined) rows = rows.where('c.assignee_id', '=', q.assignee)
    if (q.channel) rows = rows.where('c.channel', 'in', q.channel)
    if (q.topic_id !== undefined) rows = rows.where('c.topic_id', '=', q.topic_id)
    if (q.category_id !== undefined) {
      const categoryId = q.category_id
      rows = rows.where('c.topic_id', 'in', (eb) =>
        eb
          .selectFrom('chat_topics')
          .select('id')
          .where('tenant_id', '=', actor.tenantId)
          .where('category_id', '=', categoryId),
      )
    }
    if (q.escalated !== undefined) rows = rows.where('c.escalated', '=', q.escalated)
    if (q.chat_owner !== undefined) rows = rows.where('c.client_id', '=', q.chat_owner)
    if (q.from || q.to) {
      const tz =
        (await db.selectFrom('tenants').select('timezone').where('id', '=', actor.tenantId).executeTakeFirst())
          ?.timezone ?? 'UTC'
      // A date means the whole day in the tenant's time zone; `to` includes its day.
      if (q.from)
        rows = rows.where(
          'c.created_at',
          '>=',
          q.from.length === 10
            ? sql<Date>`(${q.from}::date)::timestamp at time zone ${tz}`
            : sql<Date>`${q.from}::timestamptz`,
        )
      if (q.to)
        rows = rows.where(
          'c.created_at',
          q.to.length === 10 ? '<' : '<=',
          q.to.length === 10
            ? sql<Date>`(${q.to}::date + 1)::timestamp at time zone ${tz}`
            : sql<Date>`${q.to}::timestamptz`,
        )
    }
    if (q.search) {
      const like = `%${escapeLike(q.search)}%`
      rows = rows.where((eb) =>
        eb.or([
          eb.exists(
            eb
              .selectFrom('users as o')
              .select('o.id')
              .whereRef('o.id', '=', 'c.client_id')
              .where((w) =>
                w.or([
                  w('o.username', 'ilike', like),
                  w('o.email', 'ilike', like),
                  w(sql<string>`o.first_name || ' ' || o.last_name`, 'ilike', like),
                ]),
              ),
          ),
          eb.exists(
            eb
              .selectFrom('anonymous_users as v')
              .select('v.id')
              .whereRef('v.id', '=', 'c.visitor_id')
              .where((w) => w.or([w('v.name', 'ilike', like), w('v.contact', 'ilike', like)])),
          ),
          eb.exists(
            eb
              .selectFrom('chat_messages as m')
              .select('m.id')
              .where('m.tenant_id', '=', actor.tenantId)
              .whereRef('m.chat_id', '=', 'c.id')
              .where('m.deleted_at', 'is', null)
              .where('m.text_content', 'ilike', like),
          ),
        ]),
      )
    }
    return rows
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
    await db.deleteFrom('chats').where('tenant_id', '=', actor.tenantId).where('id', '=', chat.id).execute()
  }

  return { create, list, get, update, remove }
}

export type ChatService = ReturnType<typeof createChatService>
