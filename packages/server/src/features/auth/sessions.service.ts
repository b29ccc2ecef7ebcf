import type { SubscriptionStatus } from '@proxima/contracts'
import type { Db, Executor } from '../../db/database.js'
import { addDays, type Clock } from '../../lib/clock.js'
import { hashToken, newSessionToken } from '../../lib/crypto.js'
import type { Actor } from '../../http/actor.js'
import { effectiveSubscriptionStatus } from '../tenants/subscription.js'
import type { AccountRow } from './accounts.queries.js'
import type { SessionCache } from './session-cache.js'
import {
  findSessionByTokenHash,
  insertSessionToken,
  revokeSessionToken,
  revokeSessionTokensOfUser,
  revokeSessionTokensOfVisitor,
  sweepDeadSessionTokens,
  touchSessionToken,
  type TokenRow,
} from './tokens.queries.js'

export type { TokenRow } from './tokens.queries.js'

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

/** Issues, resolves and revokes opaque session tokens; only their SHA-256 hashes are stored. */
export function createSessions({ db, clock, staffTokenDays, clientTokenDays, cache }: SessionsDeps) {
  async function issueForUser(ex: Executor, user: Pick<AccountRow, 'id' | 'tenant_id' | 'user_type'>) {
    const token = newSessionToken()
    const days = user.user_type === 'client' ? clientTokenDays : staffTokenDays
    const expiresAt = addDays(clock.now(), days)
    await insertSessionToken(ex, {
      token_hash: hashToken(token),
      user_id: user.id,
      tenant_id: user.tenant_id,
      expires_at: expiresAt,
    })
    return { token, expiresAt }
  }

  async function issueForVisitor(ex: Executor, visitor: { id: number; tenant_id: number }) {
    const token = newSessionToken()
    const expiresAt = addDays(clock.now(), clientTokenDays)
    await insertSessionToken(ex, {
      token_hash: hashToken(token),
      anonymous_user_id: visitor.id,
      tenant_id: visitor.tenant_id,
      expires_at: expiresAt,
    })
    return { token, expiresAt }
  }

  /** The token's row with what it depends on, from memory when a recent lookup read it. */
  async function lookup(tokenHash: string) {
    const cached = cache?.get(tokenHash)
    if (cached) return cached
    const generation = cache?.generation() ?? 0
    const row = await findSessionByTokenHash(db, tokenHash)
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
      await touchSessionToken(db, row.id, now)
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
    await revokeSessionToken(db, tokenId, clock.now())
  }

  /** Revokes every live token of a user, optionally keeping the one in use. */
  async function revokeAllForUser(ex: Executor, userId: number, exceptTokenId?: number) {
    await revokeSessionTokensOfUser(ex, userId, clock.now(), exceptTokenId)
  }

  async function revokeAllForVisitor(ex: Executor, visitorId: number) {
    await revokeSessionTokensOfVisitor(ex, visitorId, clock.now())
  }

  /** Drops tokens that expired or were revoked more than a week ago. */
  async function purge() {
    await sweepDeadSessionTokens(db, addDays(clock.now(), -7))
  }

  return { issueForUser, issueForVisitor, resolve, revoke, revokeAllForUser, revokeAllForVisitor, purge }
}

export type Sessions = ReturnType<typeof createSessions>
