import type { StaffUserType } from '@proxima/contracts'
import { AppError } from '../lib/errors.js'

export type StaffActor = {
  kind: 'staff'
  userId: number
  tenantId: number
  userType: StaffUserType
  tokenId: number
}
export type ClientActor = { kind: 'client'; userId: number; tokenId: number }
export type VisitorActor = { kind: 'visitor'; visitorId: number; tenantId: number; tokenId: number }
export type Actor = StaffActor | ClientActor | VisitorActor

export type Role = 'admin' | 'employee' | 'client' | 'visitor'
export const STAFF: readonly Role[] = ['admin', 'employee']
export const ADMIN: readonly Role[] = ['admin']
export const STAFF_OR_CLIENT: readonly Role[] = ['admin', 'employee', 'client']
export const ANY_ACTOR: readonly Role[] = ['admin', 'employee', 'client', 'visitor']

export function roleOf(actor: Actor): Role {
  return actor.kind === 'staff' ? actor.userType : actor.kind
}

// Module augmentation merges only with interfaces.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** No token needed. Every other route requires one. */
    public?: boolean
    /** With `public`: a token, when one is sent, must be valid and names the caller (`req.actor`). */
    optionalActor?: boolean
    /** Actor types allowed; default staff (admin and employee). */
    roles?: readonly Role[]
    /** Errors in the legacy `message.error[0]` form (sign-in, admin registration, tenant creation). */
    legacyErrors?: boolean
    /** A staff write that keeps working after the subscription has ended (contract §3.3). */
    allowWhenExpired?: boolean
    /** Extra body fields of the email-configuration error form. */
    detailErrors?: boolean
    /** Accepts an `Idempotency-Key` header (contract §1.10). */
    idempotent?: boolean
  }
  interface FastifyRequest {
    actor: Actor | null
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/**
 * Checked narrowing of the authenticated caller, for route handlers. The authentication hook has already enforced
 * the route's `roles`; these check the kind again at run time (a route whose roles and helper disagree answers 403
 * instead of handing a service the wrong actor), so no handler casts `req.actor`.
 */
type HasActor = { actor: Actor | null }
const notAllowed = () => new AppError(403, 'auth.forbidden', 'You are not allowed to do this.')

/** Any signed-in caller. */
export function actorOf(req: HasActor): Actor {
  if (!req.actor) throw new AppError(401, 'auth.required', 'Sign in to continue.')
  return req.actor
}

/** An admin or employee of a tenant. */
export function staffOf(req: HasActor): StaffActor {
  const actor = actorOf(req)
  if (actor.kind !== 'staff') throw notAllowed()
  return actor
}

/** An admin of a tenant. */
export function adminOf(req: HasActor): StaffActor & { userType: 'admin' } {
  const actor = staffOf(req)
  if (actor.userType !== 'admin') throw notAllowed()
  return { ...actor, userType: 'admin' }
}

/** A customer with a platform account. */
export function clientOf(req: HasActor): ClientActor {
  const actor = actorOf(req)
  if (actor.kind !== 'client') throw notAllowed()
  return actor
}

/** A customer: a platform account or a widget visitor. */
export function customerOf(req: HasActor): ClientActor | VisitorActor {
  const actor = actorOf(req)
  if (actor.kind === 'staff') throw notAllowed()
  return actor
}

/** Staff or a customer with a platform account (not a visitor). */
export function accountOf(req: HasActor): StaffActor | ClientActor {
  const actor = actorOf(req)
  if (actor.kind === 'visitor') throw notAllowed()
  return actor
}
