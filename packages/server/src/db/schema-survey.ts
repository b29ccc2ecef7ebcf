import type { Generated } from 'kysely'
import type { CreatedAt, Json, Timestamp, UpdatedAt } from './column-types.js'

/** Row types of the survey tables (migration 0015); `schema.ts` gathers every table into `DB`. */

/** A §6.1 question as stored: ids assigned, options with ids. */
export type StoredQuestion = {
  id: string
  type: 'rating' | 'nps' | 'single_choice' | 'multiple_choice' | 'open_text'
  title: string
  description?: string | null
  required: boolean
  options?: { id: string; label: string }[]
  min_choices?: number
  max_choices?: number
  scale_labels?: { min_label: string; max_label: string }
  max_length?: number
}

/** Answers keyed by question id (contract §6.1). */
export type StoredAnswers = Record<string, number | string | string[] | null>

export type SurveyStatus = 'draft' | 'published' | 'closed'

export type SurveysTable = {
  id: Generated<number>
  tenant_id: number
  topic: string
  description: string | null
  context: string | null
  questions: Json<StoredQuestion[]>
  status: Generated<SurveyStatus>
  allow_anonymous: Generated<boolean>
  allow_multiple_responses: Generated<boolean>
  /** `YYYY-MM-DD` in the tenant's time zone. */
  start_day: string | null
  end_day: string | null
  public_key: string | null
  generated: Generated<boolean>
  generation_id: string | null
  created_by: number | null
  published_at: Timestamp | null
  closed_at: Timestamp | null
  created_at: CreatedAt
  updated_at: UpdatedAt
}

export type SurveyAudienceClientsTable = { tenant_id: number; survey_id: number; client_id: number }
export type SurveyAudienceCommunitiesTable = { tenant_id: number; survey_id: number; community_id: number }
export type SurveyAudienceSubgroupsTable = { tenant_id: number; survey_id: number; subgroup_id: number }

export type SurveySubgroupsTable = {
  id: Generated<number>
  tenant_id: number
  survey_id: number
  name: string
  description: string | null
  created_at: CreatedAt
  updated_at: UpdatedAt
}

export type SurveySubgroupClientsTable = { tenant_id: number; subgroup_id: number; client_id: number }

export type SurveyInvitationsTable = {
  id: Generated<number>
  tenant_id: number
  survey_id: number
  email: string
  client_id: number | null
  token_hash: string
  /** The invitation mail in the outbox (no foreign key, as for staff invitations: migration 0012). */
  mail_id: number | null
  responded_at: Timestamp | null
  created_at: CreatedAt
}

export type SurveyResponsesTable = {
  id: Generated<number>
  tenant_id: number
  survey_id: number
  client_id: number | null
  invitation_id: number | null
  respondent_type: 'client' | 'invitee' | 'anonymous'
  respondent_email: string | null
  respondent_name: string | null
  respondent_key: string | null
  answers: Json<StoredAnswers>
  via: 'api' | 'public'
  /** One response per respondent was the rule when this one was given (the partial unique keys). */
  single: boolean
  submitted_at: Timestamp
  created_at: CreatedAt
}

export type SurveyImpressionsTable = {
  id: Generated<number>
  tenant_id: number
  survey_id: number
  occurred_at: Timestamp
}

export type SurveyConclusionsTable = {
  id: Generated<number>
  tenant_id: number
  survey_id: number
  conclusion: string
  success: boolean
  reporter_id: number | null
  created_at: CreatedAt
}
