import type { Staff, StaffSummary, StaffUpdate } from '@proxima/contracts'
import { planById } from '@proxima/contracts'
import type { Db, Executor } from '../../db/database.js'
import { iso, isoRequired, type Clock } from '../../lib/clock.js'
import { AppError, assertFound, conflict } from '../../lib/errors.js'
import { page } from '../../lib/pagination.js'
import type { StaffActor } from '../../http/actor.js'
import type { Sessions } from '../auth/sessions.service.js'
import { seatsInUse } from '../auth/invitations.service.js'
import { releaseChatsOf } from '../chat/chat-state.js'
import type { EventBus } from '../realtime/bus.js'
import { lockTenant } from '../tenants/tenants.service.js'
import {
  countActiveAdmins,
  countAssignedChats,
  findStaffMember,
  listStaff,
  updateStaffMember,
  type ChatCounts,
  type StaffRow,
} from './staff.queries.js'

function present(u: StaffRow, counts: ChatCounts): Staff {
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
  sessions: Pick<Sessions, 'revokeAllForUser'>
  bus: EventBus
}) {
  async function list(
    actor: StaffActor,
    q: {
      search?: string | undefined
      user_type?: 'admin' | 'employee' | undefined
      is_active?: boolean | undefined
      limit: number
      offset: number
    },
  ) {
    const { rows, total } = await listStaff(db, actor.tenantId, q, q)
    const counts = await countAssignedChats(
      db,
      actor.tenantId,
      rows.map((u) => u.id),
    )
    return page(
      rows.map((u) => visibleTo(actor, present(u, counts))),
      { limit: q.limit, offset: q.offset, total },
    )
  }

  async function load(ex: Executor, actor: StaffActor, id: number) {
    return assertFound(await findStaffMember(ex, actor.tenantId, id))
  }

  async function get(actor: StaffActor, id: number) {
    const user = await load(db, actor, id)
    return visibleTo(actor, present(user, await countAssignedChats(db, actor.tenantId, [id])))
  }

  /** Role and activity changes keep at least one active admin; admins cannot demote or disable themselves. */
  async function update(actor: StaffActor, id: number, input: StaffUpdate) {
    const { staff, released } = await db.transaction().execute(async (trx) => {
      // The tenant row lock serialises changes of a tenant's admins and seats.
      const tenant = await lockTenant(trx, actor.tenantId)
      const user = await load(trx, actor, id)
      const demote = input.user_type === 'employee' && user.user_type === 'admin'
      const disable = input.is_active === false && user.is_active
      const enable = input.is_active === true && !user.is_active
      if (id === actor.userId && (demote || disable)) {
        throw conflict('staff.self_change', 'You cannot disable or demote yourself. Ask another admin.')
      }
      if ((demote || disable) && user.user_type === 'admin' && (await countActiveAdmins(trx, actor.tenantId)) <= 1) {
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
      const updated = assertFound(
        await updateStaffMember(trx, actor.tenantId, id, {
          ...(input.user_type !== undefined ? { user_type: input.user_type } : {}),
          ...(input.is_active !== undefined ? { is_active: input.is_active } : {}),
          updated_at: clock.now(),
        }),
      )
      // A disabled member is signed out everywhere at once, and their open chats go back to the queue.
      let released: number[] = []
      if (disable) {
        await sessions.revokeAllForUser(trx, id)
        released = await releaseChatsOf(trx, actor.tenantId, id, clock.now())
      }
      return { staff: present(updated, await countAssignedChats(trx, actor.tenantId, [id])), released }
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
