import type { StaffUserType } from '@proxima/contracts'

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
