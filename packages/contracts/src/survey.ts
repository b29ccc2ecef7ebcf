import { z } from 'zod'
import { ClientDetail } from './chat.js'
import { CommunityRef } from './community.js'
import {
  DateOnly,
  Email,
  Id,
  OffsetQuery,
  QueryBool,
  StaffRef,
  Timestamp,
  UserPublic,
  WindowTimeOrDate,
  optionalText,
  text,
} from './common.js'

/** Question and option ids (contract §6.1). */
export const QuestionId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'Use 1–64 letters, digits, "_" or "-".' })

export const QuestionType = z.enum(['rating', 'nps', 'single_choice', 'multiple_choice', 'open_text'])
export type QuestionType = z.infer<typeof QuestionType>

export const QuestionOption = z.object({ id: QuestionId, label: z.string().trim().min(1).max(200) })

/** One survey question (contract §6.1); the per-type rules are checked by `questionProblems`. */
export const Question = z.object({
  id: QuestionId,
  type: QuestionType,
  title: z.string().trim().min(1).max(300),
  description: z.string().max(1000).nullable().optional(),
  required: z.boolean().default(true),
  options: z.array(QuestionOption).max(20).optional(),
  min_choices: z.number().int().min(1).optional(),
  max_choices: z.number().int().min(1).optional(),
  scale_labels: z.object({ min_label: z.string().max(50), max_label: z.string().max(50) }).optional(),
  max_length: z.number().int().min(1).max(5000).optional(),
})
export type Question = z.infer<typeof Question>

/** What breaks the §6.1 rules that depend on the question's type; empty when the question is well-formed. */
export function questionProblems(q: Question): string[] {
  const problems: string[] = []
  const choice = q.type === 'single_choice' || q.type === 'multiple_choice'
  const options = q.options ?? []
  if (choice) {
    if (options.length < 2) problems.push('A choice question needs 2 to 20 options.')
    if (new Set(options.map((o) => o.id)).size !== options.length) problems.push('Option ids must be unique.')
    if (new Set(options.map((o) => o.label.toLowerCase())).size !== options.length)
      problems.push('Option labels must be unique.')
  } else if (options.length > 0) problems.push('Only choice questions have options.')
  if (q.type !== 'multiple_choice' && (q.min_choices !== undefined || q.max_choices !== undefined))
    problems.push('Only multiple-choice questions have min_choices and max_choices.')
  if (q.type === 'multiple_choice') {
    const min = q.min_choices ?? 1
    const max = q.max_choices ?? options.length
    if (!(min >= 1 && min <= max && max <= options.length))
      problems.push('Choose 1 ≤ min_choices ≤ max_choices ≤ options.')
  }
  if (q.scale_labels && q.type !== 'rating' && q.type !== 'nps')
    problems.push('Only rating and NPS questions have scale labels.')
  if (q.max_length !== undefined && q.type !== 'open_text') problems.push('Only open-text questions have max_length.')
  return problems
}

/* ------------------------------------------------------------------------------------------------------------- */
/* Surveys (contract §6.2–§6.4) and clients as staff see them (§13.2).                                           */
/* ------------------------------------------------------------------------------------------------------------- */

/** A question as sent: ids may be left out (the server assigns `q1`, `q2`…, options `o1`, `o2`…). */
export const QuestionInput = Question.extend({
  id: QuestionId.optional(),
  options: z
    .array(z.object({ id: QuestionId.optional(), label: z.string().trim().min(1).max(200) }))
    .max(20)
    .optional(),
})
export type QuestionInput = z.infer<typeof QuestionInput>

/**
 * `survey_questions` as sent: the array form, or the legacy object mapping keys to question texts (converted to
 * required open-text questions whose ids are the keys, in the order the keys appear in the request body).
 */
export const SurveyQuestionsInput = z.union([
  z.array(QuestionInput).max(50, { error: 'A survey has at most 50 questions.' }),
  z.record(QuestionId, z.string().trim().min(1).max(300)),
])

export const SurveyStatus = z.enum(['draft', 'published', 'closed'])
export type SurveyStatus = z.infer<typeof SurveyStatus>
export const SurveyType = z.enum(['open_ended', 'close_ended', 'mixed'])
export type SurveyType = z.infer<typeof SurveyType>

/** The survey as staff see it (§6.2). */
export const Survey = z.object({
  survey_id: z.number().int(),
  tenant_id: z.number().int(),
  tenant_name: z.string(),
  survey_topic: z.string(),
  survey_description: z.string().nullable(),
  survey_context: z.string().nullable(),
  survey_questions: z.array(Question),
  question_count: z.number().int(),
  survey_type: SurveyType,
  status: SurveyStatus,
  target_audience: z.array(ClientDetail),
  community_ids: z.array(z.number().int()),
  subgroup_ids: z.array(z.number().int()),
  allow_anonymous: z.boolean(),
  allow_multiple_responses: z.boolean(),
  start_day: z.string().nullable(),
  end_day: z.string().nullable(),
  published_at: Timestamp.nullable(),
  closed_at: Timestamp.nullable(),
  public_key: z.string().nullable(),
  public_url: z.string().nullable(),
  audience_size: z.number().int(),
  response_count: z.number().int(),
  response_rate: z.number().nullable(),
  generated: z.boolean(),
  created_by: StaffRef.nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
})
export type Survey = z.infer<typeof Survey>

/** The survey as a client sees it (§6.2). */
export const SurveyClientView = Survey.pick({
  survey_id: true,
  tenant_id: true,
  tenant_name: true,
  survey_topic: true,
  survey_description: true,
  survey_questions: true,
  question_count: true,
  survey_type: true,
  status: true,
  start_day: true,
  end_day: true,
}).extend({ has_responded: z.boolean() })
export type SurveyClientView = z.infer<typeof SurveyClientView>

const SurveyTopic = text('Survey topic', 1, 255)
const IdList = z.array(Id).max(5000)

/** `POST /api/survey/survey/` (§6.3); `survey_type` is derived and any value sent is ignored. */
export const SurveyCreate = z.object({
  survey_topic: SurveyTopic,
  survey_description: optionalText('Description', 1000),
  survey_context: optionalText('Context', 4000),
  survey_questions: SurveyQuestionsInput.optional(),
  target_audience: IdList.optional(),
  community_ids: IdList.optional(),
  allow_anonymous: z.boolean().optional(),
  allow_multiple_responses: z.boolean().optional(),
  start_day: DateOnly.nullish(),
  end_day: DateOnly.nullish(),
  generated: z.boolean().optional(),
  generation_id: z.uuid().optional(),
  tenant_id: Id.optional(),
  survey_type: z.unknown().optional(),
})
export type SurveyCreate = z.infer<typeof SurveyCreate>

export const SurveyUpdate = SurveyCreate.partial().extend({ subgroup_ids: IdList.optional() })
export type SurveyUpdate = z.infer<typeof SurveyUpdate>

const InviteEmails = z.array(Email).max(500, { error: 'Invite at most 500 addresses at once.' })
const InvitationMessage = optionalText('Message', 1000)

export const SurveyPublish = z.object({
  invite_emails: InviteEmails.optional(),
  invite_client_ids: z.array(Id).max(500).optional(),
  invitation_message: InvitationMessage,
})
export type SurveyPublish = z.infer<typeof SurveyPublish>

export const SurveyListQuery = OffsetQuery.extend({
  status: SurveyStatus.optional(),
  search: z.string().trim().max(100).optional(),
  from: WindowTimeOrDate.optional(),
  to: WindowTimeOrDate.optional(),
  tenant_id: Id.optional(),
  survey_id: Id.optional(),
  community_id: Id.optional(),
})
export type SurveyListQuery = z.infer<typeof SurveyListQuery>

export const InvitationsCreate = z.object({
  emails: InviteEmails.optional(),
  client_ids: z.array(Id).max(500).optional(),
  message: InvitationMessage,
})
export type InvitationsCreate = z.infer<typeof InvitationsCreate>

export const InvitationSkipReason = z.enum(['already_invited', 'already_responded'])
export const InvitationsReply = z.object({
  queued: z.number().int(),
  skipped: z.array(z.object({ email: z.string(), reason: InvitationSkipReason })),
})
export type InvitationsReply = z.infer<typeof InvitationsReply>

export const SurveyInvitationStatus = z.enum(['queued', 'sent', 'failed', 'responded'])
export const SurveyInvitation = z.object({
  invitation_id: z.number().int(),
  email: z.string(),
  client_id: z.number().int().nullable(),
  status: SurveyInvitationStatus,
  sent_at: Timestamp.nullable(),
  responded_at: Timestamp.nullable(),
})
export type SurveyInvitation = z.infer<typeof SurveyInvitation>
export const InvitationListQuery = OffsetQuery.extend({ status: SurveyInvitationStatus.optional() })

/**
 * Answers keyed by question id. Values are checked against their questions by the server, so a wrong type or an
 * out-of-range value is a 422 naming the question rather than a 400.
 */
export const SurveyAnswers = z
  .record(z.string().max(64), z.unknown())
  .refine((v) => Object.keys(v).length <= 100, { error: 'A response has at most 100 answers.' })
export type SurveyAnswers = z.infer<typeof SurveyAnswers>

export const RespondentType = z.enum(['client', 'invitee', 'anonymous'])
export const SurveyResponse = z.object({
  response_id: z.number().int(),
  survey_id: z.number().int(),
  client: ClientDetail.nullable(),
  respondent_type: RespondentType,
  respondent_email: z.string().nullable(),
  survey_response: SurveyAnswers,
  subgroup_ids: z.array(z.number().int()),
  submitted_at: Timestamp,
  created_at: Timestamp,
})
export type SurveyResponse = z.infer<typeof SurveyResponse>

export const ResponseCreate = z.object({ survey_id: Id, survey_response: SurveyAnswers, client: Id.optional() })
export const ResponseListQuery = OffsetQuery.extend({
  survey_id: Id.optional(),
  client: Id.optional(),
  subgroup_id: Id.optional(),
  from: WindowTimeOrDate.optional(),
  to: WindowTimeOrDate.optional(),
  response_id: Id.optional(),
})

export const PublicKey = z.string().regex(/^[A-Za-z0-9_-]{22}$/, { error: 'Unknown survey link.' })
export const PublicSurveyQuery = z.object({ invite: z.string().max(200).optional() })
export const PublicSurvey = z.object({
  survey_id: z.number().int(),
  survey_topic: z.string(),
  survey_description: z.string().nullable(),
  survey_questions: z.array(Question),
  tenant_name: z.string(),
  status: SurveyStatus,
  allow_anonymous: z.boolean(),
  requires_sign_in: z.boolean(),
  already_responded: z.boolean(),
})
export type PublicSurvey = z.infer<typeof PublicSurvey>

export const PublicResponseCreate = z.object({
  survey_response: SurveyAnswers,
  invite: z.string().max(200).optional(),
  respondent_key: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/, { error: 'Use 16–64 letters, digits, "_" or "-".' })
    .optional(),
  name: optionalText('Name', 150),
  email: z.optional(Email),
})
export type PublicResponseCreate = z.infer<typeof PublicResponseCreate>
export const PublicResponseReply = z.object({ response_id: z.number().int(), message: z.string() })

export const Subgroup = z.object({
  subgroup_id: z.number().int(),
  survey_id: z.number().int(),
  subgroup_name: z.string(),
  subgroup_description: z.string().nullable(),
  subgroup_clients: z.array(UserPublic),
  client_count: z.number().int(),
  created_at: Timestamp,
  updated_at: Timestamp,
})
export type Subgroup = z.infer<typeof Subgroup>
export const SubgroupCreate = z.object({
  survey_id: Id,
  subgroup_name: text('Subgroup name', 1, 255),
  subgroup_description: optionalText('Description', 255),
  subgroup_clients: IdList.optional(),
})
export const SubgroupUpdate = SubgroupCreate.omit({ survey_id: true }).partial()
export const SubgroupListQuery = z.object({ survey_id: Id })

const Percentage = z.number()
const ReportQuestionBase = z.object({
  id: z.string(),
  type: QuestionType,
  title: z.string(),
  answered: z.number().int(),
  skipped: z.number().int(),
})
export const ReportQuestion = ReportQuestionBase.extend({
  average: z.number().nullable().optional(),
  satisfaction_percentage: z.number().nullable().optional(),
  distribution: z
    .array(
      z.object({
        value: z.number().int().optional(),
        option_id: z.string().optional(),
        label: z.string().optional(),
        count: z.number().int(),
        percentage: Percentage.nullable(),
      }),
    )
    .optional(),
  nps: z
    .object({
      score: z.number().nullable(),
      promoters: z.number().int(),
      passives: z.number().int(),
      detractors: z.number().int(),
    })
    .optional(),
  recent_answers: z
    .array(z.object({ response_id: z.number().int(), text: z.string(), submitted_at: Timestamp }))
    .optional(),
})
export type ReportQuestion = z.infer<typeof ReportQuestion>

export const SurveyConclusion = z.object({
  survey_report_id: z.number().int(),
  survey_id: z.number().int(),
  conclusion: z.string(),
  survey_success: z.boolean(),
  survey_reporter: StaffRef.nullable(),
  created_at: Timestamp,
})
export type SurveyConclusion = z.infer<typeof SurveyConclusion>
export const ConclusionCreate = z.object({
  survey_id: Id,
  conclusion: text('Conclusion', 1, 10_000),
  survey_success: z.boolean(),
})

export const SurveyReportView = z.object({
  survey_id: z.number().int(),
  survey_topic: z.string(),
  status: SurveyStatus,
  subgroup_id: z.number().int().nullable(),
  audience_size: z.number().int(),
  response_count: z.number().int(),
  response_rate: z.number().nullable(),
  impressions: z.number().int(),
  completion_rate: z.number().nullable(),
  questions: z.array(ReportQuestion),
  reports: z.array(SurveyConclusion),
})
export type SurveyReportView = z.infer<typeof SurveyReportView>
export const ReportViewQuery = z.object({ survey_id: Id, subgroup_id: Id.optional() })

/** A client as staff see them (§13.2): only clients related to the tenant. */
export const StaffClient = ClientDetail.extend({
  chat_count: z.number().int(),
  last_chat_at: Timestamp.nullable(),
  communities: z.array(CommunityRef),
})
export type StaffClient = z.infer<typeof StaffClient>
export const ClientListQuery = OffsetQuery.extend({
  search: z
    .string()
    .trim()
    .min(2, { error: 'Search with at least 2 characters.' })
    .max(100, { error: 'Search must be at most 100 characters.' })
    .optional(),
  community_id: Id.optional(),
  has_chat: QueryBool.optional(),
})
export const ClientActivity = z.object({
  chats: z.array(
    z.object({
      chat_id: z.number().int(),
      channel: z.string(),
      status: z.string(),
      satisfaction_rating: z.number().int().nullable(),
      created_at: Timestamp,
      last_message_at: Timestamp.nullable(),
    }),
  ),
  issues: z.array(
    z.object({
      issue_id: z.number().int(),
      community_id: z.number().int(),
      community_name: z.string(),
      issue: z.string(),
      solved: z.boolean(),
      created_at: Timestamp,
    }),
  ),
  comments: z.array(
    z.object({ comment_id: z.number().int(), issue_id: z.number().int(), excerpt: z.string(), created_at: Timestamp }),
  ),
  survey_responses: z.array(
    z.object({
      response_id: z.number().int(),
      survey_id: z.number().int(),
      survey_topic: z.string(),
      submitted_at: Timestamp,
    }),
  ),
})
export type ClientActivity = z.infer<typeof ClientActivity>
