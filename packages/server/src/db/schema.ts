import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely'

/** Timestamps are read as Date and may be written as Date or ISO strings. */
type Timestamp = ColumnType<Date, Date | string, Date | string>
type CreatedAt = ColumnType<Date, Date | string | undefined, never>
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>
/** jsonb columns are written as JSON text and read as parsed values. */
type Json<T> = ColumnType<T, string, string>

export type TenantsTable = {
  id: Generated<number>
  name: string
  industry: string
  email: string
  phonenumber: string | null
  status: Generated<'pending_admin' | 'active' | 'suspended'>
  plan: Generated<'basic' | 'professional' | 'business'>
  subscription_status: 'trialing' | 'active' | 'expired' | 'canceled' | null
  trial_started_at: Timestamp | null
  trial_ends_at: Timestamp | null
  current_period_end: Timestamp | null
  timezone: Generated<string>
  onboarding_token_hash: string | null
  onboarding_expires_at: Timestamp | null
  created_at: CreatedAt
  updated_at: UpdatedAt
}

export type BusinessHoursValue = {
  enabled: boolean
  schedule: { day: 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun'; open: string; close: string }[]
  holidays: string[]
}

export type TenantSettingsTable = {
  tenant_id: number
  business_hours: Json<BusinessHoursValue>
  locale: Generated<string>
  currency: Generated<string>
  chat_visibility: Generated<'all' | 'assigned'>
  auto_assign: Generated<'none' | 'round_robin'>
  csat_enabled: Generated<boolean>
  iva_enabled: Generated<boolean>
  ai_external_processing: Generated<boolean>
  widget_key: string
  widget_enabled: Generated<boolean>
  widget_allowed_origins: ColumnType<string[], string | undefined, string>
  widget_greeting: string | null
  widget_offline_message: string | null
  updated_at: UpdatedAt
}

export type UsersTable = {
  id: Generated<number>
  tenant_id: number | null
  user_type: 'admin' | 'employee' | 'client'
  username: string
  email: string
  password_hash: string | null
  first_name: string
  last_name: string
  phonenumber: string | null
  gender: 'Male' | 'Female' | 'Other' | null
  dob: string | null
  profile_photo: string | null
  country: string | null
  state: string | null
  city: string | null
  postal_code: string | null
  email_verified: Generated<boolean>
  is_active: Generated<boolean>
  google_sub: string | null
  notification_prefs: ColumnType<{ email_escalations: boolean }, string | undefined, string>
  failed_signins: Generated<number>
  first_failed_at: Timestamp | null
  locked_until: Timestamp | null
  last_login_at: Timestamp | null
  deleted_at: Timestamp | null
  created_at: CreatedAt
  updated_at: UpdatedAt
}

export type AnonymousUsersTable = {
  id: Generated<number>
  tenant_id: number
  name: string | null
  contact: string | null
  channel: Generated<string>
  page_url: string | null
  last_seen_at: Timestamp | null
  erased_at: Timestamp | null
  created_at: CreatedAt
}

export type AuthTokensTable = {
  id: Generated<number>
  token_hash: string
  user_id: number | null
  anonymous_user_id: number | null
  tenant_id: number | null
  created_at: CreatedAt
  expires_at: Timestamp
  last_used_at: Timestamp | null
  revoked_at: Timestamp | null
}

export type OneTimeTokenKind = 'activation' | 'reset' | 'handoff'

export type OneTimeTokensTable = {
  id: Generated<number>
  kind: OneTimeTokenKind
  user_id: number
  token_hash: string
  expires_at: Timestamp
  used_at: Timestamp | null
  created_at: CreatedAt
}

export type InvitationsTable = {
  id: Generated<number>
  tenant_id: number
  email: string
  user_type: 'admin' | 'employee'
  first_name: string | null
  last_name: string | null
  message: string | null
  token_hash: string
  status: Generated<'pending' | 'accepted' | 'revoked'>
  invited_by: number
  expires_at: Timestamp
  accepted_at: Timestamp | null
  created_at: CreatedAt
  updated_at: UpdatedAt
}

export type OutboxStatus = 'queued' | 'sending' | 'retrying' | 'sent' | 'failed'

export type OutboxMailTable = {
  id: Generated<number>
  tenant_id: number | null
  kind: string
  to_address: string
  subject: string
  text_body: string | null
  html_body: string | null
  reply_to: string | null
  from_name: string | null
  hold_for_user: number | null
  status: Generated<OutboxStatus>
  attempts: Generated<number>
  last_error: string | null
  next_attempt_at: ColumnType<Date, Date | string | undefined, Date | string>
  created_at: CreatedAt
  sent_at: Timestamp | null
}

export type WorkerHeartbeatsTable = { name: string; beat_at: Timestamp }

export type CommunitiesTable = {
  id: Generated<number>
  tenant_id: number
  name: string
  description: string | null
  created_at: CreatedAt
  updated_at: UpdatedAt
}

export type ProductsTable = {
  id: Generated<number>
  tenant_id: number
  name: string
  description: string | null
  price: string
  currency: string
  is_active: Generated<boolean>
  created_at: CreatedAt
  updated_at: UpdatedAt
}

export type AddressesTable = {
  id: Generated<number>
  tenant_id: number
  billing_details_id: string | null
  city: string
  country: string
  postal_code: string | null
  state: string | null
  payment_number: string | null
  created_at: CreatedAt
  updated_at: UpdatedAt
}

export type TenantMetadataTable = {
  id: Generated<number>
  tenant_id: number
  key: string
  value: Json<unknown>
  created_at: CreatedAt
  updated_at: UpdatedAt
}

export type DB = {
  tenants: TenantsTable
  tenant_settings: TenantSettingsTable
  users: UsersTable
  anonymous_users: AnonymousUsersTable
  auth_tokens: AuthTokensTable
  one_time_tokens: OneTimeTokensTable
  invitations: InvitationsTable
  outbox_mail: OutboxMailTable
  worker_heartbeats: WorkerHeartbeatsTable
  communities: CommunitiesTable
  products: ProductsTable
  addresses: AddressesTable
  tenant_metadata: TenantMetadataTable
}

export type TenantRow = Selectable<TenantsTable>
export type UserRow = Selectable<UsersTable>
export type NewUser = Insertable<UsersTable>
export type UserUpdate = Updateable<UsersTable>
export type InvitationRow = Selectable<InvitationsTable>
export type SettingsRow = Selectable<TenantSettingsTable>
