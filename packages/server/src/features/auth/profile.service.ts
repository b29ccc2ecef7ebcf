import type { Profile, ProfileUpdate } from '@proxima/contracts'
import { iso, isoRequired } from '../../lib/clock.js'
import { randomKey, verifyPassword } from '../../lib/crypto.js'
import { AppError, conflict, isUniqueViolation } from '../../lib/errors.js'
import type { ClientActor, StaffActor } from '../../http/actor.js'
import type { AuthDeps } from './auth.deps.js'
import { dobProblem, ownAccountOf, throwIfAny } from './account-rules.js'
import {
  anonymiseCustomer,
  findCredentials,
  findProfile,
  takenIdentifiers,
  updateOwnProfile,
  type ProfileRow,
} from './accounts.queries.js'
import { findTenant } from './auth.queries.js'

const sessionGone = () => new AppError(401, 'auth.token_revoked', 'Your session has ended. Sign in again.')

export type ProfileDeps = Pick<AuthDeps, 'db' | 'clock' | 'sessions' | 'mailConfigured'>

/** Own profile: read, update, and (customers only) delete. */
export function createProfileService({ db, clock, sessions, mailConfigured }: ProfileDeps) {
  async function present(user: ProfileRow): Promise<Profile> {
    const tenant = user.tenant_id !== null ? await findTenant(db, user.tenant_id) : undefined
    const staff = user.user_type !== 'client'
    return {
      id: user.id,
      user_type: user.user_type,
      username: user.username,
      email: user.email,
      email_verified: user.email_verified,
      first_name: user.first_name,
      last_name: user.last_name,
      phonenumber: user.phonenumber,
      gender: user.gender,
      DOB: user.dob,
      profile_photo: user.profile_photo,
      country: user.country,
      state: user.state,
      city: user.city,
      postal_code: user.postal_code,
      tenant_id: tenant ? { tenant_id: tenant.id, tenant_name: tenant.name } : null,
      notification_preferences: staff
        ? { email_escalations: user.notification_prefs.email_escalations !== false }
        : null,
      has_password: user.has_password,
      google_linked: user.google_sub !== null,
      mail_configured: mailConfigured,
      last_login_at: iso(user.last_login_at),
      created_at: isoRequired(user.created_at),
      updated_at: isoRequired(user.updated_at),
    }
  }

  async function getProfile(actor: StaffActor | ClientActor) {
    const user = await findProfile(db, ownAccountOf(actor))
    if (!user) throw sessionGone()
    return present(user)
  }

  async function updateProfile(actor: StaffActor | ClientActor, input: ProfileUpdate) {
    const own = ownAccountOf(actor)
    const user = await findProfile(db, own)
    if (!user) throw sessionGone()
    const dob = dobProblem(input.DOB, clock.now())
    throwIfAny(dob ? { DOB: [dob] } : {})
    const usernameConflict = () =>
      conflict('auth.duplicate_user', 'username already registered', { username: ['username already registered'] })
    if (input.username && input.username.toLowerCase() !== user.username.toLowerCase()) {
      if ((await takenIdentifiers(db, input.username, null, user.id)).username) throw usernameConflict()
    }
    const prefs =
      input.notification_preferences && user.user_type !== 'client'
        ? JSON.stringify({ ...user.notification_prefs, ...input.notification_preferences })
        : undefined
    try {
      const updated = await updateOwnProfile(
        db,
        own,
        {
          ...(input.username !== undefined ? { username: input.username } : {}),
          ...(input.first_name !== undefined ? { first_name: input.first_name } : {}),
          ...(input.last_name !== undefined ? { last_name: input.last_name } : {}),
          ...(input.phonenumber !== undefined ? { phonenumber: input.phonenumber } : {}),
          ...(input.gender !== undefined ? { gender: input.gender } : {}),
          ...(input.DOB !== undefined ? { dob: input.DOB } : {}),
          ...(input.profile_photo !== undefined ? { profile_photo: input.profile_photo } : {}),
          ...(input.country !== undefined ? { country: input.country } : {}),
          ...(input.state !== undefined ? { state: input.state } : {}),
          ...(input.city !== undefined ? { city: input.city } : {}),
          ...(input.postal_code !== undefined ? { postal_code: input.postal_code } : {}),
          ...(prefs ? { notification_prefs: prefs } : {}),
        },
        clock.now(),
      )
      return present(updated)
    } catch (err) {
      if (isUniqueViolation(err, 'users_username_key')) throw usernameConflict()
      throw err
    }
  }

  /** Anonymises a customer account: content stays, shown as "Deleted user"; every token dies. */
  async function deleteOwnAccount(actor: ClientActor, password: string | undefined) {
    const user = await findCredentials(db, ownAccountOf(actor))
    if (!user) throw sessionGone()
    if (user.password_hash) {
      if (!password)
        throw new AppError(400, 'validation.failed', 'Enter your password to delete your account.', {
          errors: { password: ['Enter your password to delete your account.'] },
        })
      if (!(await verifyPassword(password, user.password_hash))) {
        throw new AppError(400, 'auth.wrong_password', 'The password is incorrect.', {
          errors: { password: ['The password is incorrect.'] },
        })
      }
    }
    const placeholder = `deleted-${user.id}-${randomKey(8)}`
    await db.transaction().execute(async (trx) => {
      await anonymiseCustomer(trx, user.id, placeholder, clock.now())
      await sessions.revokeAllForUser(trx, user.id)
    })
  }

  return { getProfile, updateProfile, deleteOwnAccount }
}

export type ProfileService = ReturnType<typeof createProfileService>
