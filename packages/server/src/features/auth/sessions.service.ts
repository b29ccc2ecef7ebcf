import type { ClientSession, StaffSession, SubscriptionStatus, VisitorSession } from '@proxima/contracts'
import type { Db, Executor } from '../../db/database.js'
import type { TenantRow, UserRow } from '../../db/schema.js'
import { addDays, isoRequired, type Clock } from '../../lib/clock.js'
import { hashToken, newSessionToken } from '../../lib/crypto.js'
import type { Actor } from '../../http/actor.js'
import { effectiveSubscriptionStatus } from '../tenants/subscription.js'
import type { SessionCache } from './session-cache.js'

export type TokenStatus = 'ok' | 'expired' | 'revoked' | 'invalid'

export type ResolvedToken =
  | { status: Exclude<TokenStatus, 'ok'> }
  | {
      status: 'ok'
      actor: Actor
      expiresAt: Date
      userType: string
      /** The staff or visitor's tenant: its status and its subscription as of now. */
      tenant: { status: string; subscription: SubscriptionStatus | null } | null
    }

export type SessionsDeps = {
  db: Db
  clock: Clock
  staffTokenDays: number
  clientTokenDays: number
  /** Recent token lookups kept in memory (see session-cache.ts); none means every request reads the database. */
  cache?: SessionCache<TokenRow> | undefined
}

/** What resolving a token reads: the token, its account or visitor, and its tenant. */
export type TokenRow = {
  id: number
  user_id: number | null
  anonymous_user_id: number | null
  tenant_id: number | null
  expires_at: Date
  revoked_at: Date | null
  last_used_at: Date | null
  user_type: string | null
  is_active: boolean | null
  deleted_at: Date | null
  erased_at: Date | null
  tenant_status: TenantRow['status'] | null
  subscription_status: TenantRow['subscription_status']
  trial_ends_at: Date | null
  current_period_end: Date | null
}

/** Issues, resolves and revokes opaque session tokens; only their SHA-256 hashes are stored. */
export function createSessions({ db, clock, staffTokenDays, clientTokenDays, cache }: SessionsDeps) {
  async function issueForUser(ex: Executor, user: Pick<UserRow, 'id' | 'tenant_id' | 'user_type'>) {
    const token = newSessionToken()
    const days = user.user_type === 'client' ? clientTokenDays : staffTokenDays
    const expiresAt = addDays(clock.now(), days)
    await ex
      .insertInto('auth_tokens')
      .values({ token_hash: hashToken(token), user_id: user.id, tenant_id: user.tenant_id, expires_at: expiresAt })
      .execute()
    return { token, expiresAt }
  }

  async function issueForVisitor(ex: Executor, visitor: { id: number; tenant_id: number }) {
    const token = newSessionToken()
    const expiresAt = addDays(clock.now(), clientTokenDays)
    await ex
      .insertInto('auth_tokens')
      .values({
        token_hash: hashToken(token),
        anonymous_user_id: visitor.id,
        tenant_id: visitor.tenant_id,
        expires_at: expiresAt,
      })
      .execute()
    return { token, expiresAt }
  }

  /** The token's row with what it depends on, from memory when a recent lookup read it. */
  async function lookup(tokenHash: string) {
    const cached = cache?.get(tokenHash)
    if (cached) return cached
    const generation = cache?.generation() ?? 0
    const row = await db
      .selectFrom('auth_tokens as t')
      .leftJoin('users as u', 'u.id', 't.user_id')
      .leftJoin('anonymous_users as v', 'v.id', 't.anonymous_user_id')
      .leftJoin('tenants as tn', 'tn.id', 't.tenant_id')
      .select([
        't.id',
        't.user_id',
        't.anonymous_user_id',
        't.tenant_id',
        't.expires_at',
        't.revoked_at',
        't.last_used_at',
        'u.user_type',
        'u.is_active',
        'u.deleted_at',
        'v.erased_at',
        'tn.status as tenant_status',
        'tn.subscription_status',
        'tn.trial_ends_at',
        'tn.current_period_end',
      ])
      .where('t.token_hash', '=', tokenHash)
      .executeTakeFirst()
    if (row) cache?.set(tokenHash, row, generation)
    return row
  }

  async function resolve(token: string): Promise<ResolvedToken> {
    if (!/^pxm_[A-Za-z0-9_-]{43}$/.test(token)) return { status: 'invalid' }
    const row = await lookup(hashToken(token))
    if (!row) return { status: 'invalid' }
    if (row.revoked_at) return { status: 'revoked' }
    const now = clock.now()
    if (row.expires_at.getTime() <= now.getTime()) return { status: 'expired' }
    if (row.user_id !== null && (row.is_active === false || row.deleted_at)) return { status: 'revoked' }
    if (row.anonymous_user_id !== null && row.erased_at) return { status: 'revoked' }

    // Recording use costs a write; once a minute per token is enough.
    if (!row.last_used_at || now.getTime() - row.last_used_at.getTime() > 60_000) {
      await db.updateTable('auth_tokens').set({ last_used_at: now }).where('id', '=', row.id).execute()
      row.last_used_at = now
    }
    const tenant =
      row.tenant_id !== null
        ? {
            status: row.tenant_status ?? 'active',
            subscription: effectiveSubscriptionStatus(
              {
                subscription_status: row.subscription_status ?? null,
                trial_ends_at: row.trial_ends_at ?? null,
                current_period_end: row.current_period_end ?? null,
              },
              now,
            ),
          }
        : null
    let actor: Actor
    if (row.anonymous_user_id !== null) {
      actor = { kind: 'visitor', visitorId: row.anonymous_user_id, tenantId: row.tenant_id!, tokenId: row.id }
    } else if (row.user_type === 'client') {
      actor = { kind: 'client', userId: row.user_id!, tokenId: row.id }
    } else {
      actor = {
        kind: 'staff',
        userId: row.user_id!,
        tenantId: row.tenant_id!,
        userType: row.user_type === 'admin' ? 'admin' : 'employee',
        tokenId: row.id,
      }
    }
    return { status: 'ok', actor, expiresAt: row.expires_at, userType: row.user_type ?? 'visitor', tenant }
  }

  async function revoke(tokenId: number) {
    await db
      .updateTable('auth_tokens')
      .set({ revoked_at: clock.now() })
      .where('id', '=', tokenId)
      .where('revoked_at', 'is', null)
      .execute()
  }

  /** Revokes every live token of a user, optionally keeping the one in use. */
  async function revokeAllForUser(ex: Executor, userId: number, exceptTokenId?: number) {
    let q = ex
      .updateTable('auth_tokens')
      .set({ revoked_at: clock.now() })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
    if (exceptTokenId !== undefined) q = q.where('id', '<>', exceptTokenId)
    await q.execute()
  }

  async function revokeAllForVisitor(ex: Executor, visitorId: number) {
    await ex
      .updateTable('auth_tokens')
      .set({ revoked_at: clock.now() })
      .where('anonymous_user_id', '=', visitorId)
      .where('revoked_at', 'is', null)
      .execute()
  }

  /** Drops tokens that expired or were revoked more than a week ago. */
  async function purge() {
    const cutoff = addDays(clock.now(), -7)
    await db
      .deleteFrom('auth_tokens')
      .where((eb) => eb.or([eb('expires_at', '<', cutoff), eb('revoked_at', '<', cutoff)]))
      .execute()
  }

  return { issueForUser, issueForVisitor, resolve, revoke, revokeAllForUser, revokeAllForVisitor, purge }
}

export type Sessions = ReturnType<typeof createSessions>

// ---- presenters ----

export function staffSession(
  user: UserRow,
  tenant: Pick<TenantRow, 'id' | 'name'>,
  token: string,
  expiresAt: Date,
): StaffSession {
  return {
    id: user.id,
    token,
    user_type: user.user_type === 'admin' ? 'admin' : 'employee',
    username: user.username,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    tenant_id: { tenant_id: tenant.id, tenant_name: tenant.name },
    email_verified: user.email_verified,
    profile_photo: user.profile_photo,
    expires_at: isoRequired(expiresAt),
  }
}

export function clientSession(user: UserRow, token: string, expiresAt: Date): ClientSession {
  return {
    id: user.id,
    token,
    user_type: 'client',
    username: user.username,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    phonenumber: user.phonenumber,
    gender: user.gender,
    DOB: user.dob,
    email_verified: user.email_verified,
    profile_photo: user.profile_photo,
    expires_at: isoRequired(expiresAt),
  }
}

export function visitorSession(
  visitor: { id: number; name: string | null; contact: string | null },
  tenant: { id: number; name: string },
  token: string,
  expiresAt: Date,
): VisitorSession {
  return {
    anonymous_user_id: visitor.id,
    token,
    user_type: 'visitor',
    tenant_id: { tenant_id: tenant.id, tenant_name: tenant.name },
    name: visitor.name,
    contact: visitor.contact,
    expires_at: isoRequired(expiresAt),
  }
}
