import type { ClientSession, StaffSession, VisitorSession } from '@proxima/contracts'
import { isoRequired } from '../../lib/clock.js'
import type { AccountRow } from './accounts.queries.js'

type SessionAccount = Pick<
  AccountRow,
  'id' | 'user_type' | 'username' | 'email' | 'first_name' | 'last_name' | 'email_verified' | 'profile_photo'
>

/** The reply to a staff sign-in, registration or invitation acceptance: the account, its tenant and the new token. */
export function staffSession(
  user: SessionAccount,
  tenant: { id: number; name: string },
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

/** The reply to a customer's sign-in or registration. */
export function clientSession(
  user: SessionAccount & Pick<AccountRow, 'phonenumber' | 'gender' | 'dob'>,
  token: string,
  expiresAt: Date,
): ClientSession {
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

/** The reply to a widget visitor's start. */
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
