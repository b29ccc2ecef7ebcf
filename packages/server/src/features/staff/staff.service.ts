import type { Staff, StaffSummary, StaffUpdate, TenantScope } from '@proxima/contracts'
import { planById } from '@proxima/contracts'
import { sql } from 'kysely'
import type { Db, Executor } from '../../db/database.js'
import type { UserRow } from '../../db/schema.js'
import { iso, isoRequired, type Clock } from '../../lib/clock.js'
import { AppError, conflict, notFound } from '../../lib/errors.js'
import { page } from '../../lib/pagination.js'
import type { StaffActor } from '../../http/actor.js'
import { assertOwnTenant } from '../../http/tenant-scope.js'
import type { Sessions } from '../auth/sessions.service.js'
import { seatsInUse } from '../auth/invitations.service.js'
import { releaseChatsOf } from '../chat/chat-state.js'
import type { EventBus } from '../realtime/bus.js'

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

type ChatCounts = Map<number, { open: number; resolved: number }>

function present(u: UserRow, counts: ChatCounts): Staff {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    first_name: u.first_name,
    last_name: u.last_name,
    phonenumber: u.phonenumber,
    profile_photo: u.profile_photo,
    user_type: u.user_type === 'admin' ? 'admin' : 'employee',
    is_active: u.is_active,
    email_verified: u.email_verified,
    last_login_at: iso(u.last_login_at),
    open_chat_count: counts.get(u.id)?.open ?? 0,
    resolved_chat_count: counts.get(u.id)?.resolved ?? 0,
    created_at: isoRequired(u.created_at),
    updated_at: isoRequired(u.updated_at),
  }
}

/** Employees see their colleagues' names and roles only. */
function visibleTo(actor: StaffActor, s: Staff): Staff | StaffSummary {
  if (actor.userType === 'admin') return s
  return {
    id: s.id,
    username: s.username,
    first_name: s.first_name,
    last_name: s.last_name,
    user_type: s.user_type,
    is_active: s.is_active,
  }
}

/** The organization's staff: list, read, change role, disable and enable. */
export function createStaffService({
  db,
  clock,
  sessions,
  bus,
}: {
  db: Db
  clock: Clock
  sessions: Sessions
  bus: EventBus
}) {
  /** Chats currently assigned to each member: not yet resolved, and resolved (all time). */
  async function chatCounts(ex: Executor, tenantId: number, userIds: number[]): Promise<ChatCounts> {
    if (userIds.length === 0) return new Map()
    const rows = await ex
      .selectFrom('chats')
      .select([
        'assignee_id',
        (eb) => eb.fn.countAll<number>().filterWhere('status', '<>', 'resolved').as('open'),
        (eb) => eb.fn.countAll<number>().filterWhere('status', '=', 'resolved').as('resolved'),
      ])
      .where('tenant_id', '=', tenantId)
      .where('assignee_id', 'in', userIds)
      .groupBy('assignee_id')
      .execute()
    return new Map(rows.map((r) => [r.assignee_id!, { open: Number(r.open), resolved: Number(r.resolved) }]))
  }

  const base = (ex: Executor, tenantId: number) =>
    ex
      .selectFrom('users')
      .where('tenant_id', '=', tenantId)
      .where('user_type', 'in', ['admin', 'employee'])
      .where('deleted_at', 'is', null)

  async function list(
    actor: StaffActor,
    q: TenantScope & {
      search?: string | undefined
      user_type?: 'admin' | 'employee' | undefined
      is_active?: boolean | undefined
      limit: number
      offset: number
    },
  ) {
    assertOwnTenant(actor, q)
    let rows = base(db, actor.tenantId)
    if (q.user_type) rows = rows.where('user_type', '=', q.user_type)
    if (q.is_active !== undefined) rows = rows.where('is_active', '=', q.is_active)
    if (q.search) {
      const like = `%${escapeLike(q.search)}%`
      rows = rows.where((eb) =>
        eb.or([
          eb('username', 'ilike', like),
          eb('email', 'ilike', like),
          eb(sql<string>`first_name || ' ' || last_name`, 'ilike', like),
        ]),
      )
    }
    const [{ total }, data] = await Promise.all([
      rows.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      rows
        .selectAll()
        .orderBy(sql`lower(first_name)`)
        .orderBy(sql`lower(last_name)`)
        .orderBy('id')
        .limit(q.limit)
        .offset(q.offset)
        .execute(),
    ])
    const counts = await chatCounts(
      db,
      actor.tenantId,
      data.map((u) => u.id),
    )
    return page(
      data.map((u) => visibleTo(actor, present(u, counts))),
      { limit: q.limit, offset: q.offset, total: Number(total) },
    )
  }

  async function load(ex: Executor, actor: StaffActor, id: number) {
    const u = await base(ex, actor.tenantId).selectAll().where('id', '=', id).executeTakeFirst()
    if (!u) throw notFound()
    return u
  }

  async function get(actor: StaffActor, id: number, named: TenantScope = {}) {
    assertOwnTenant(actor, named)
    const user = await load(db, actor, id)
    return visibleTo(actor, present(user, await chatCounts(db, actor.tenantId, [id])))
  }

  /** Role and activity changes keep at least one active admin; admins cannot demote or disable themselves. */
  async function update(actor: StaffActor, id: number, input: StaffUpdate) {
    const { staff, released } = await db.transaction().execute(async (trx) => {
      const tenant = await trx
        .selectFrom('tenants')
        .select(['id', 'plan'])
        .where('id', '=', actor.tenantId)
        .forUpdate()
        .executeTakeFirstOrThrow()
      const user = await load(trx, actor, id)
      const demote = input.user_type === 'employee' && user.user_type === 'admin'
      const disable = input.is_active === false && user.is_active
      const enable = input.is_active === true && !user.is_active
      if (id === actor.userId && (demote || disable)) {
        throw conflict('staff.self_change', 'You cannot disable or demote yourself. Ask another admin.')
      }
      if ((demote || disable) && user.user_type === 'admin') {
        const admins = await base(trx, actor.tenantId)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_type', '=', 'admin')
          .where('is_active', '=', true)
          .executeTakeFirstOrThrow()
        if (Number(admins.n) <= 1)
          throw conflict('staff.last_admin', 'Your organization needs at least one active admin.')
      }
      if (enable) {
        const max = planById(tenant.plan).limits.max_agents
        const seats = await seatsInUse(trx, actor.tenantId, clock.now())
        if (seats.staff + seats.pending + 1 > max) {
          throw new AppError(403, 'plan.limit_reached', `Your plan allows at most ${max} agents.`, {
            errors: { limit: ['max_agents'] },
          })
        }
      }
      const updated = await trx
        .updateTable('users')
        .set({
          ...(input.user_type !== undefined ? { user_type: input.user_type } : {}),
          ...(input.is_active !== undefined ? { is_active: input.is_active } : {}),
          updated_at: clock.now(),
        })
        .where('tenant_id', '=', actor.tenantId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow()
      // A disabled member is signed out everywhere at once, and their open chats go back to the queue.
      let released: number[] = []
      if (disable) {
        await sessions.revokeAllForUser(trx, id)
        released = await releaseChatsOf(trx, actor.tenantId, id, clock.now())
      }
      return { staff: present(updated, await chatCounts(trx, actor.tenantId, [id])), released }
    })
    for (const chatId of released) {
      bus.publish({
        type: 'chat.updated',
        tenantId: actor.tenantId,
        chatId,
        changes: ['assignee'],
        ratingRequested: false,
      })
    }
    return staff
  }

  return { list, get, update }
}

export type StaffService = ReturnType<typeof createStaffService>
