import { z } from 'zod'
import {
  DateOnly,
  Gender,
  HttpsUrl,
  Id,
  Phone,
  QueryBool,
  StaffRef,
  TenantRef,
  Timestamp,
  optionalText,
} from './common.js'
import {
  ConfirmPassword,
  Email,
  ForgotPasswordRequest,
  InvitationAcceptance,
  Password,
  ResendActivationRequest,
  ResetPasswordFields,
  SigninCredentials,
  Username,
  text,
} from './credentials.js'

export const StaffUserType = z.enum(['admin', 'employee'])
export type StaffUserType = z.infer<typeof StaffUserType>
export const UserType = z.enum(['admin', 'employee', 'client'])
export type UserType = z.infer<typeof UserType>

/** Enum input is matched case-insensitively (contract §1.6). */
const lowerCase = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v)
const caseInsensitive = <T extends string>(values: readonly [T, ...T[]]) => z.preprocess(lowerCase, z.enum(values))

// ---- sessions (contract §2.1) ----

export const StaffSession = z.object({
  id: z.number().int(),
  token: z.string(),
  user_type: StaffUserType,
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  tenant_id: TenantRef,
  email_verified: z.boolean(),
  profile_photo: z.string().nullable(),
  expires_at: Timestamp,
})
export type StaffSession = z.infer<typeof StaffSession>

export const ClientSession = z.object({
  id: z.number().int(),
  token: z.string(),
  user_type: z.literal('client'),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phonenumber: z.string().nullable(),
  gender: z.string().nullable(),
  DOB: z.string().nullable(),
  email_verified: z.boolean(),
  profile_photo: z.string().nullable(),
  expires_at: Timestamp,
})
export type ClientSession = z.infer<typeof ClientSession>

export const Session = z.union([StaffSession, ClientSession])
export type Session = z.infer<typeof Session>

export const VisitorSession = z.object({
  anonymous_user_id: z.number().int(),
  token: z.string(),
  user_type: z.literal('visitor'),
  tenant_id: TenantRef,
  name: z.string().nullable(),
  contact: z.string().nullable(),
  expires_at: Timestamp,
})
export type VisitorSession = z.infer<typeof VisitorSession>

// ---- sign-in (§2.3) ----

export const Audience = caseInsensitive(['dashboard', 'mobile'])

export const SigninRequest = z.object({ ...SigninCredentials.shape, audience: Audience.optional() })
export type SigninRequest = z.infer<typeof SigninRequest>

export const GoogleSigninRequest = z.object({
  credential: z.string({ error: 'credential is required.' }).min(1, { error: 'credential is required.' }).max(8192),
  audience: Audience.optional(),
})

// ---- registration (§2.4) ----

const personFields = {
  username: Username,
  email: Email,
  first_name: text('First name', 1, 150),
  last_name: text('Last name', 1, 150),
  phonenumber: Phone.nullish(),
  gender: Gender.nullish(),
  DOB: DateOnly.nullish(),
  password: Password,
  confirm_password: ConfirmPassword,
}

/** Plan names in replies; `PlanId` is the request form (matched case-insensitively). */
export const PlanName = z.enum(['basic', 'professional', 'business'])
export const PlanId = caseInsensitive(['basic', 'professional', 'business'] as const)
export type PlanId = z.infer<typeof PlanName>

export const AdminRegistration = z.object({
  tenant_id: Id,
  onboarding_token: z.string({ error: 'onboarding_token is required.' }).min(1).max(200),
  ...personFields,
  user_type: z.preprocess(lowerCase, z.literal('admin', { error: 'user_type must be admin.' })).optional(),
  plan: PlanId.optional(),
})
export type AdminRegistration = z.infer<typeof AdminRegistration>

export const ClientRegistration = z.object({
  ...personFields,
  user_type: z.preprocess(lowerCase, z.literal('client', { error: 'user_type must be client.' })).optional(),
})
export type ClientRegistration = z.infer<typeof ClientRegistration>

const CONTACT_ERROR = 'Enter an email address or a phone number in international format, e.g. +254712345678.'

/** A visitor's contact: an email (stored lower-cased) or an E.164 phone number; empty means none. */
const VisitorContact = z
  .string({ error: CONTACT_ERROR })
  .trim()
  .max(254, { error: 'Contact must be at most 254 characters.' })
  .transform((v, ctx) => {
    if (v === '') return null
    if (z.email().safeParse(v).success) return v.toLowerCase()
    const phone = v.replace(/[\s()-]/g, '')
    if (/^\+[1-9]\d{6,14}$/.test(phone)) return phone
    ctx.addIssue({ code: 'custom', message: CONTACT_ERROR })
    return z.NEVER
  })
  .nullish()

export const AnonymousUserRequest = z.object({
  widget_key: z.string({ error: 'widget_key is required.' }).trim().min(1).max(64),
  name: optionalText('Name', 100),
  contact: VisitorContact,
  // Shown to staff as a link: only web addresses, never javascript: or data: URLs.
  page_url: z
    .string()
    .trim()
    .max(2000, { error: 'page_url must be at most 2,000 characters.' })
    .url({ protocol: /^https?$/, error: 'page_url must be an http or https URL.' })
    .nullish(),
})

export const Visitor = z.object({
  anonymous_user_id: z.number().int(),
  name: z.string().nullable(),
  contact: z.string().nullable(),
  channel: z.string(),
  page_url: z.string().nullable(),
  chat_count: z.number().int(),
  last_seen_at: Timestamp.nullable(),
  created_at: Timestamp,
})

export const VisitorListQuery = z.object({
  contact: z.string().trim().max(254).optional(),
  channel: z.string().trim().toLowerCase().max(20).optional(),
  search: z.string().trim().min(2).max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
})

// ---- invitations (§2.5) ----

export const InvitationStatus = z.enum(['pending', 'accepted', 'revoked', 'expired'])

/**
 * What became of an invitation's latest mail (contract §2.5): `held` until the inviting admin confirms their own
 * address, `queued` for a configured mail transport (retries included), `sent` once a mail server accepted it,
 * `failed` when it gave up, `not_configured` when no mail transport is set up, so it cannot be sent.
 */
export const InvitationDelivery = z.enum(['held', 'queued', 'sent', 'failed', 'not_configured'])
export type InvitationDelivery = z.infer<typeof InvitationDelivery>

export const Invitation = z.object({
  invitation_id: z.number().int(),
  email: z.string(),
  user_type: StaffUserType,
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  status: InvitationStatus,
  invited_by: StaffRef,
  expires_at: Timestamp,
  accepted_at: Timestamp.nullable(),
  created_at: Timestamp,
  /** Null only when the outbox no longer holds the invitation's mail (an invitation older than this field). */
  delivery_status: InvitationDelivery.nullable(),
  /** Why the latest attempt to send the mail failed (`failed`, or `queued` while it is retried); else null. */
  delivery_error: z.string().nullable(),
  /**
   * The acceptance link with its token, so the admin can hand it on: only in the create and resend replies (tokens
   * are stored hashed, so a list never shows it again; resend issues a new one and the old link dies).
   */
  invite_url: z.string().optional(),
})
export type Invitation = z.infer<typeof Invitation>

export const InvitationRequest = z.object({
  email: Email,
  user_type: caseInsensitive(['employee', 'admin']).default('employee'),
  first_name: optionalText('First name', 150),
  last_name: optionalText('Last name', 150),
  message: optionalText('Message', 500),
})
export type InvitationRequest = z.infer<typeof InvitationRequest>

export const InvitationPreview = z.object({
  email: z.string(),
  user_type: StaffUserType,
  tenant_name: z.string(),
  invited_by_name: z.string(),
  expires_at: Timestamp,
})

export const AcceptInvitationRequest = z.object({
  ...InvitationAcceptance.shape,
  phonenumber: Phone.nullish(),
  gender: Gender.nullish(),
  DOB: DateOnly.nullish(),
})
export type AcceptInvitationRequest = z.infer<typeof AcceptInvitationRequest>

// ---- passwords, activation, logout (§2.6) ----

export const ChangePasswordRequest = z.object({
  old_password: z
    .string({ error: 'Enter your current password.' })
    .min(1, { error: 'Enter your current password.' })
    .max(128),
  new_password: Password,
  confirm_password: ConfirmPassword,
})

export { ForgotPasswordRequest, ResendActivationRequest }

export const ResetPasswordRequest = z.preprocess((v) => {
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    const o = v as Record<string, unknown>
    return {
      ...o,
      new_password: o.new_password ?? o.new_password1,
      confirm_password: o.confirm_password ?? o.new_password2,
    }
  }
  return v
}, ResetPasswordFields)

export const TokenRequest = z.object({
  token: z.string({ error: 'token is required.' }).min(1, { error: 'token is required.' }).max(200),
})
export const TokenQuery = z.object({ token: z.string().max(200).optional() })
/**
 * A token in the query string of the session check or a link target: every value is accepted so that the
 * route answers with its own reply (401, or a redirect) instead of a 400; a repeated key is no valid token.
 */
export const LinkTokenQuery = z.object({
  token: z.preprocess((v) => (Array.isArray(v) ? v.join(',') : v), z.string().optional()),
})

/** The body is optional; a request without one reaches validation as null. */
export const LogoutRequest = z.object({ all: z.boolean().optional() }).nullish()

export const TokenCheckReply = z.object({
  message: z.string(),
  code: z.string().optional(),
  expires_at: Timestamp.optional(),
  user_type: z.string().optional(),
})

// ---- profile (§2.6) ----

export const NotificationPreferences = z.object({ email_escalations: z.boolean() })

export const Profile = z.object({
  id: z.number().int(),
  user_type: UserType,
  username: z.string(),
  email: z.string(),
  email_verified: z.boolean(),
  first_name: z.string(),
  last_name: z.string(),
  phonenumber: z.string().nullable(),
  gender: z.string().nullable(),
  DOB: z.string().nullable(),
  profile_photo: z.string().nullable(),
  country: z.string().nullable(),
  state: z.string().nullable(),
  city: z.string().nullable(),
  postal_code: z.string().nullable(),
  tenant_id: TenantRef.nullable(),
  notification_preferences: NotificationPreferences.nullable(),
  has_password: z.boolean(),
  google_linked: z.boolean(),
  /** Whether this server can send account mail (activation, password reset): false when no mail transport is set up. */
  mail_configured: z.boolean(),
  last_login_at: Timestamp.nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
})
export type Profile = z.infer<typeof Profile>

/** Optional personal fields that old clients send as `""` (contract §2.4): on a profile update that clears them. */
const CLEARABLE_WHEN_BLANK = ['phonenumber', 'gender', 'DOB'] as const

export const ProfileUpdate = z.preprocess(
  (v) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const o = { ...(v as Record<string, unknown>) }
      if (o.state === undefined && o.county !== undefined) o.state = o.county
      for (const key of CLEARABLE_WHEN_BLANK) {
        const value = o[key]
        if (typeof value === 'string' && value.trim() === '') o[key] = null
      }
      return o
    }
    return v
  },
  z.object({
    username: z.optional(Username),
    first_name: z.optional(text('First name', 1, 150)),
    last_name: z.optional(text('Last name', 1, 150)),
    phonenumber: Phone.nullish(),
    gender: Gender.nullish(),
    DOB: DateOnly.nullish(),
    profile_photo: HttpsUrl.nullish(),
    country: optionalText('Country', 100),
    state: optionalText('State', 100),
    city: optionalText('City', 100),
    postal_code: optionalText('Postal code', 20),
    notification_preferences: NotificationPreferences.partial().optional(),
  }),
)
export type ProfileUpdate = z.infer<typeof ProfileUpdate>

/** The body is optional (an account without a password needs none); a request without one reaches validation as null. */
export const DeleteAccountRequest = z.object({ password: z.string().max(128).optional() }).nullish()

export { QueryBool }
