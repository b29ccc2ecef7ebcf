import { Texts } from '@proxima/contracts'
import type { ClientActor, StaffActor } from '../../http/actor.js'
import { AppError, type FieldErrors } from '../../lib/errors.js'
import type { OwnAccount } from './accounts.queries.js'
import { passwordProblems } from './password-policy.js'

/** Password rules beyond shape, plus the confirmation; returns the reasons per field (empty when fine). */
export function newPasswordErrors(
  password: string,
  confirm: string,
  who: { username?: string | null; email?: string | null },
  field = 'password',
): FieldErrors {
  const errors: FieldErrors = {}
  const problems = passwordProblems(password, who)
  if (problems.length > 0) errors[field] = problems
  if (password !== confirm) errors.confirm_password = [Texts.passwordMismatch]
  return errors
}

/** Password rules beyond shape, plus the confirmation; throws 400 with every failing field. */
export function assertNewPassword(
  password: string,
  confirm: string,
  who: { username?: string | null; email?: string | null },
  field = 'password',
) {
  throwIfAny(newPasswordErrors(password, confirm, who, field))
}

/** Optional person fields that the old mobile app sends as `""` when left empty. */
const BLANKABLE_PERSON_FIELDS = ['phonenumber', 'gender', 'DOB'] as const

/**
 * Registration bodies (admin, client, invitation acceptance) with `phonenumber`, `gender` and `DOB` sent as `""`
 * treated as absent, as the contract asks (§2.4), so the old mobile app never gets a 400 for them.
 */
export function withoutBlankPersonFields(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body
  const fields = body as Record<string, unknown>
  const blank = BLANKABLE_PERSON_FIELDS.filter((k) => typeof fields[k] === 'string' && fields[k].trim() === '')
  if (blank.length === 0) return body
  const copy = { ...fields }
  for (const k of blank) delete copy[k]
  return copy
}

/** Route hook form of `withoutBlankPersonFields`: runs before the body is validated. */
export async function blankPersonFieldsAbsent(req: { body: unknown }) {
  req.body = withoutBlankPersonFields(req.body)
}

/** Date of birth: not in the future; age 13 to 120. */
export function dobProblem(dob: string | null | undefined, now: Date): string | null {
  if (!dob) return null
  const d = new Date(`${dob}T00:00:00Z`)
  if (Number.isNaN(d.getTime())) return 'Enter a date as YYYY-MM-DD.'
  if (d.getTime() > now.getTime()) return 'Date of birth cannot be in the future.'
  let age = now.getUTCFullYear() - d.getUTCFullYear()
  const beforeBirthday =
    now.getUTCMonth() < d.getUTCMonth() || (now.getUTCMonth() === d.getUTCMonth() && now.getUTCDate() < d.getUTCDate())
  if (beforeBirthday) age--
  if (age < 13 || age > 120) return 'Age must be between 13 and 120 years.'
  return null
}

export function throwIfAny(errors: FieldErrors) {
  const first = Object.values(errors)[0]?.[0]
  if (first) throw new AppError(400, 'validation.failed', first, { errors })
}

/** The seed's three duplicate texts (seed §8); both checks always run. */
export function duplicateUserError(taken: { username: boolean; email: boolean }): AppError | null {
  if (!taken.username && !taken.email) return null
  const summary =
    taken.username && taken.email
      ? Texts.duplicateBoth
      : taken.username
        ? Texts.duplicateUsername
        : Texts.duplicateEmail
  const errors: FieldErrors = {}
  if (taken.username) errors.username = [Texts.duplicateUsername]
  if (taken.email) errors.email = [Texts.duplicateEmail]
  return new AppError(409, 'auth.duplicate_user', summary, { errors })
}

/** The caller's own account as the queries scope it: staff within their tenant, a customer (no tenant) by null. */
export function ownAccountOf(actor: StaffActor | ClientActor): OwnAccount {
  return { tenantId: actor.kind === 'staff' ? actor.tenantId : null, userId: actor.userId }
}
