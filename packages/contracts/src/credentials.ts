import * as z from 'zod/mini'
import { Texts } from './texts.js'

/*
 * The rules for accounts and credentials: what an email, a username and a password must be, and the bodies of
 * sign-in, password reset and invitation acceptance. They are written with zod's functional form (`zod/mini`, the
 * same zod package) so that the public sign-in pages can check their forms without loading the full library. The
 * server and the dashboard use these same definitions through common.ts and auth.ts: a classic schema takes them as
 * fields (`z.object({ email: Email })`), and `z.optional(Email)` stands for `Email.optional()`.
 */

export { Texts }

/** Lengths are counted after trimming surrounding white space (contract, notation). */
export const text = (label: string, min: number, max: number) =>
  z
    .string({
      error: (iss) =>
        iss.input === undefined || iss.input === null ? `${label} is required.` : `${label} must be text.`,
    })
    .check(
      z.trim(),
      z.minLength(min, { error: min <= 1 ? `${label} is required.` : `${label} must be at least ${min} characters.` }),
      z.maxLength(max, { error: `${label} must be at most ${max} characters.` }),
    )

/** Trimmed, checked as an address, then stored lower-cased. */
export const Email = z.pipe(
  z.pipe(
    z
      .string({
        error: (iss) =>
          iss.input === undefined || iss.input === null ? 'Email is required.' : 'Enter a valid email address.',
      })
      .check(
        z.trim(),
        z.minLength(1, { error: 'Email is required.' }),
        z.maxLength(254, { error: 'Enter a valid email address.' }),
      ),
    z.email({ error: 'Enter a valid email address.' }),
  ),
  z.transform((v: string) => v.toLowerCase()),
)

export const Username = z
  .string({ error: (iss) => (iss.input === undefined ? 'Username is required.' : 'Username must be text.') })
  .check(
    z.trim(),
    z.minLength(3, { error: 'Username must be at least 3 characters.' }),
    z.maxLength(150, { error: 'Username must be at most 150 characters.' }),
    z.regex(/^[A-Za-z0-9._-]+$/, { error: 'Username may contain only letters, digits, ".", "_" and "-".' }),
  )

/** Shape rules only; the server also refuses common passwords and ones equal to the username or email. */
export const Password = z
  .string({ error: (iss) => (iss.input === undefined ? 'Password is required.' : 'Password must be text.') })
  .check(
    z.minLength(8, { error: 'Password must be at least 8 characters.' }),
    z.maxLength(128, { error: 'Password must be at most 128 characters.' }),
    z.regex(/[A-Za-z\p{L}]/u, { error: 'Password must contain at least one letter.' }),
    z.regex(/\d/, { error: 'Password must contain at least one digit.' }),
  )

/** The second entry of a new password; that it repeats the first is checked where both are known. */
export const ConfirmPassword = z
  .string({ error: 'Confirm your password.' })
  .check(z.minLength(1, { error: 'Confirm your password.' }))

/** The password given to sign in: any text, as accounts may predate the shape rules. */
const SigninPassword = z
  .string({ error: 'Password is required.' })
  .check(
    z.minLength(1, { error: 'Password is required.' }),
    z.maxLength(128, { error: 'Password must be at most 128 characters.' }),
  )

/** The single-use token of a password reset link. */
const ResetToken = z
  .string({ error: 'token is required.' })
  .check(z.minLength(1, { error: 'token is required.' }), z.maxLength(200))

/** The single-use token of an invitation link. */
const InvitationToken = z.string({ error: 'token is required.' }).check(z.minLength(1), z.maxLength(200))

// ---- request bodies (contract §2.3, §2.5, §2.6) ----

/** Email and password of a sign-in (the request may also name its audience). */
export const SigninCredentials = z.object({ email: Email, password: SigninPassword })

export const ForgotPasswordRequest = z.object({ email: Email })
export const ResendActivationRequest = z.object({ email: Email })

/** The reset body once the legacy field names (`new_password1`, `new_password2`) are mapped. */
export const ResetPasswordFields = z.object({
  token: ResetToken,
  new_password: Password,
  confirm_password: ConfirmPassword,
})

/** Accepting an invitation: with a Google credential, or with the account's details and a password. */
export const InvitationAcceptance = z.object({
  token: InvitationToken,
  google_credential: z.optional(z.string().check(z.minLength(1), z.maxLength(8192))),
  username: z.optional(Username),
  first_name: z.optional(text('First name', 1, 150)),
  last_name: z.optional(text('Last name', 1, 150)),
  password: z.optional(Password),
  confirm_password: z.optional(z.string()),
})

// ---- forms ----

/**
 * A form's confirmation, once typed, must repeat the password field it confirms (the server checks it too). An empty
 * one is left to its own rule ("Confirm your password.").
 */
const confirms = <K extends string>(password: K) =>
  z.refine<Record<K | 'confirm_password', string>>(
    (values) => values.confirm_password === '' || values.confirm_password === values[password],
    { path: ['confirm_password'], error: Texts.passwordMismatch },
  )

/** The new-password form of a reset link. */
export const ResetPasswordForm = ResetPasswordFields.check(confirms('new_password'))

/** The account an invited person creates with a password. */
export const InvitationAccountForm = z
  .object({
    token: InvitationToken,
    username: Username,
    first_name: text('First name', 1, 150),
    last_name: text('Last name', 1, 150),
    password: Password,
    confirm_password: ConfirmPassword,
  })
  .check(confirms('password'))
