import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely'
import type { CreatedAt, Json, Timestamp, UpdatedAt } from './column-types.js'
import type {
  CommunitiesTable,
  CommunityMembershipsTable,
  CommunityEventsTable,
  CommunityFavouritesTable,
  CommunityRatingsTable,
  CommunityIssuesTable,
  CommunityThreadsTable,
  CommunityCommentsTable,
  CommentReactionsTable,
} from './schema-community.js'
import type {
  SurveysTable,
  SurveyAudienceClientsTable,
  SurveyAudienceCommunitiesTable,
  SurveyAudienceSubgroupsTable,
  SurveySubgroupsTable,
  SurveySubgroupClientsTable,
  SurveyInvitationsTable,
  SurveyResponsesTable,
  SurveyImpressionsTable,
  SurveyConclusionsTable,
} from './schema-survey.js'

export type {
  CommunitiesTable,
  CommunityMembershipsTable,
  CommunityEventsTable,
  CommunityFavouritesTable,
  CommunityRatingsTable,
  CommunityIssuesTable,
  CommunityThreadsTable,
  CommunityCommentsTable,
  CommentReactionsTable,
} from './schema-community.js'
export type {
  SurveysTable,
  SurveyAudienceClientsTable,
  SurveyAudienceCommunitiesTable,
  SurveyAudienceSubgroupsTable,
  SurveySubgroupsTable,
  SurveySubgroupClientsTable,
  SurveyInvitationsTable,
  SurveyResponsesTable,
  SurveyImpressionsTable,
  SurveyConclusionsTable,
  StoredAnswers,
  StoredQuestion,
  SurveyStatus,
} from './schema-survey.js'

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
  widget_color: Generated<string>
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
  /** Staff: the id of their latest `assigned` chat event, the round-robin turn order (migration 0011). */
  last_assignment_event_id: number | null
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
  /** The latest invitation mail in the outbox (no foreign key: migration 0012). */
  mail_id: number | null
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

export type ChatCategoriesTable = {
  id: Generated<number>
  tenant_id: number
  name: string
  description: string | null
  created_at: CreatedAt
  updated_at: UpdatedAt
}

export type ChatTopicsTable = {
  id: Generated<number>
  tenant_id: number
  category_id: number | null
  name: string
  description: string | null
  keywords: ColumnType<string[], string | undefined, string>
  is_active: Generated<boolean>
  created_at: CreatedAt
  updated_at: UpdatedAt
}

export type ChannelValue = 'mobile' | 'website' | 'facebook' | 'instagram' | 'whatsapp' | 'email'

export type ChatsTable = {
  id: Generated<number>
  tenant_id: number
  client_id: number | null
  visitor_id: number | null
  channel: ChannelValue
  status: Generated<'open' | 'pending' | 'resolved'>
  assignee_id: number | null
  topic_id: number | null
  escalated: Generated<boolean>
  escalated_at: Timestamp | null
  escalation_reason: string | null
  iva_enabled: Generated<boolean>
  satisfaction_rating: number | null
  satisfaction_comment: string | null
  rated_at: Timestamp | null
  first_rated_at: Timestamp | null
  last_message_id: number | null
  last_message_at: Timestamp | null
  first_response_at: Timestamp | null
  resolved_at: Timestamp | null
  reopened_count: Generated<number>
  client_read_message_id: number | null
  client_read_at: Timestamp | null
  tenant_read_message_id: number | null
  tenant_read_at: Timestamp | null
  waiting_since: Timestamp | null
  created_at: CreatedAt
  updated_at: UpdatedAt
}

export type ChatMessagesTable = {
  id: Generated<number>
  tenant_id: number
  chat_id: number
  message_sender: 'client' | 'tenant' | 'tenant_iva'
  sender_kind: 'client' | 'visitor' | 'staff' | 'assistant' | 'external'
  sender_user_id: number | null
  sender_visitor_id: number | null
  text_content: string | null
  voice_key: string | null
  voice_mime_type: string | null
  voice_size_bytes: number | null
  voice_duration_ms: number | null
  voice_transcript: string | null
  topic_id: number | null
  topic_name: string | null
  escalated: Generated<boolean>
  client_message_id: string | null
  external_id: string | null
  delivery_status: 'queued' | 'sent' | 'delivered' | 'read' | 'failed' | null
  delivery_error: string | null
  sent_at: ColumnType<Date, Date | string | undefined, Date | string>
  deleted_at: Timestamp | null
  created_at: CreatedAt
  updated_at: UpdatedAt
}

export type ChatEventKind =
  'created' | 'first_response' | 'reply' | 'resolved' | 'reopened' | 'escalated' | 'rated' | 'assigned'

export type ChatEventsTable = {
  id: Generated<number>
  tenant_id: number
  chat_id: number
  kind: ChatEventKind
  actor_user_id: number | null
  message_id: number | null
  wait_seconds: ColumnType<string | null, number | string | null | undefined, never>
  detail: ColumnType<unknown, string | null | undefined, never>
  occurred_at: ColumnType<Date, Date | string | undefined, never>
}

export type IdempotencyKeysTable = {
  id: Generated<number>
  caller: string
  route: string
  key: string
  request_hash: string
  status_code: number | null
  response_body: string | null
  response_type: string | null
  response_location: string | null
  created_at: CreatedAt
  expires_at: Timestamp
}

export type NotificationsTable = {
  id: Generated<number>
  tenant_id: number
  user_id: number
  type: string
  title: string
  body: Generated<string>
  data: ColumnType<Record<string, unknown>, string | undefined, string>
  read_at: Timestamp | null
  created_at: CreatedAt
}

export type AiGenerationsTable = {
  id: string
  tenant_id: number
  user_id: number | null
  kind: 'survey_questions'
  topic: string
  questions: Json<unknown[]>
  provider: 'local' | 'openai'
  model: string
  fallback: Generated<boolean>
  created_at: Timestamp
}

export type AiUsageTable = {
  tenant_id: number
  /** `YYYY-MM` in the tenant's time zone. */
  month: string
  requests: Generated<number>
  updated_at: Timestamp
}

export type ServerSecretsTable = { name: string; value: Buffer | Uint8Array; created_at: Generated<Timestamp> }

/** Analytics rollups (migration 0016): one row per tenant, UTC hour (or day), channel and topic (0: none). */
type AnalyticsRollupMeasures = {
  tenant_id: number
  channel: string
  topic_id: number
  chats: number
  chats_open: number
  chats_pending: number
  chats_resolved: number
  messages: number
  voice_messages: number
  voice_timed: number
  voice_ms: number
  voice_bytes: number
  escalations: number
  replies: number
  wait_seconds: string
  rated_1: number
  rated_2: number
  rated_3: number
  rated_4: number
  rated_5: number
}
export type AnalyticsHoursTable = AnalyticsRollupMeasures & { hour: Date }
export type AnalyticsDaysTable = AnalyticsRollupMeasures & { day: Date }
/** A chat active in a UTC hour or day (migration 0020), with its channel, topic and owner copied. */
type AnalyticsChatPresence = {
  tenant_id: number
  chat_id: number
  channel: string
  topic_id: number
  client_id: number | null
  visitor_id: number | null
  messages: number
  customer_messages: number
  voice_messages: number
  voice_timed: number
  voice_ms: number
  escalations: number
}
export type AnalyticsChatHoursTable = AnalyticsChatPresence & { hour: Date }
export type AnalyticsChatDaysTable = AnalyticsChatPresence & { day: Date }
type AnalyticsCommunityFacts = {
  tenant_id: number
  community_id: number
  comments: number
  staff_comments: number
  issues: number
  issues_solved: number
  joins: number
  leaves: number
}
export type AnalyticsCommunityHoursTable = AnalyticsCommunityFacts & { hour: Date }
export type AnalyticsCommunityDaysTable = AnalyticsCommunityFacts & { day: Date }
export type AnalyticsRollupStateTable = { id: Generated<boolean>; sealed_until: Date | null }
export type AnalyticsRollupDirtyTable = { tenant_id: number; hour: Date }
export type AnalyticsPeriodCountsTable = {
  tenant_id: number
  measure: string
  time_zone: string
  unit: 'day' | 'week' | 'month'
  period_start: Date
  key: string
  value: number
}
export type AnalyticsPeriodFillsTable = {
  tenant_id: number
  time_zone: string
  unit: 'day' | 'week' | 'month'
  filled_from: Date
  filled_until: Date
  next_due: Date
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
  community_memberships: CommunityMembershipsTable
  community_events: CommunityEventsTable
  community_favourites: CommunityFavouritesTable
  community_ratings: CommunityRatingsTable
  community_issues: CommunityIssuesTable
  community_threads: CommunityThreadsTable
  community_comments: CommunityCommentsTable
  comment_reactions: CommentReactionsTable
  products: ProductsTable
  addresses: AddressesTable
  tenant_metadata: TenantMetadataTable
  chat_categories: ChatCategoriesTable
  chat_topics: ChatTopicsTable
  chats: ChatsTable
  chat_messages: ChatMessagesTable
  chat_events: ChatEventsTable
  analytics_hours: AnalyticsHoursTable
  analytics_days: AnalyticsDaysTable
  analytics_chat_hours: AnalyticsChatHoursTable
  analytics_chat_days: AnalyticsChatDaysTable
  analytics_community_hours: AnalyticsCommunityHoursTable
  analytics_period_counts: AnalyticsPeriodCountsTable
  analytics_period_fills: AnalyticsPeriodFillsTable
  analytics_community_days: AnalyticsCommunityDaysTable
  analytics_rollup_state: AnalyticsRollupStateTable
  analytics_rollup_dirty: AnalyticsRollupDirtyTable
  idempotency_keys: IdempotencyKeysTable
  server_secrets: ServerSecretsTable
  notifications: NotificationsTable
  ai_generations: AiGenerationsTable
  ai_usage: AiUsageTable
  surveys: SurveysTable
  survey_audience_clients: SurveyAudienceClientsTable
  survey_audience_communities: SurveyAudienceCommunitiesTable
  survey_audience_subgroups: SurveyAudienceSubgroupsTable
  survey_subgroups: SurveySubgroupsTable
  survey_subgroup_clients: SurveySubgroupClientsTable
  survey_invitations: SurveyInvitationsTable
  survey_responses: SurveyResponsesTable
  survey_impressions: SurveyImpressionsTable
  survey_conclusions: SurveyConclusionsTable
}

export type TenantRow = Selectable<TenantsTable>
export type UserRow = Selectable<UsersTable>
export type NewUser = Insertable<UsersTable>
export type UserUpdate = Updateable<UsersTable>
export type InvitationRow = Selectable<InvitationsTable>
export type SettingsRow = Selectable<TenantSettingsTable>
