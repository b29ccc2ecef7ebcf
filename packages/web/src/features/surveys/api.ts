import type {
  InvitationsReply,
  StaffClient,
  Subgroup,
  Survey,
  SurveyConclusion,
  SurveyCreate,
  SurveyGenerateReply,
  SurveyInvitation,
  SurveyPublish,
  SurveyReportView,
  SurveyStatus,
  SurveyUpdate,
} from '@proxima/contracts'
import { apiFetch } from '../../api/client'
import type { OffsetPage } from '../community/api'

export type { StaffClient, Subgroup, Survey, SurveyReportView, SurveyStatus }

export const SURVEY_PAGE_SIZE = 25
export const INVITATION_PAGE_SIZE = 50

export type StatusFilter = SurveyStatus | 'all'

export const surveyKeys = {
  all: ['surveys'] as const,
  lists: ['surveys', 'list'] as const,
  list: (status: StatusFilter, search: string) => ['surveys', 'list', { status, search }] as const,
  detail: (id: number) => ['surveys', 'detail', id] as const,
  /** Everything that changes when a response arrives: the report (any subgroup) and the invitations. */
  results: (id: number) => ['surveys', 'results', id] as const,
  report: (id: number, subgroupId: number | null) => ['surveys', 'results', id, 'report', subgroupId] as const,
  invitations: (id: number) => ['surveys', 'results', id, 'invitations'] as const,
  subgroups: (id: number) => ['surveys', 'subgroups', id] as const,
  clients: (search: string) => ['surveys', 'clients', search] as const,
}

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {})

const offsetPage = <T>(reply: Partial<OffsetPage<T>>): OffsetPage<T> => ({
  data: reply.data ?? [],
  pagination: reply.pagination ?? null,
})

/** The organisation's surveys, newest first. */
export const fetchSurveys = async (status: StatusFilter, search: string, offset: number, signal?: AbortSignal) =>
  offsetPage(
    await apiFetch<Partial<OffsetPage<Survey>>>('/api/survey/survey/', {
      query: {
        status: status === 'all' ? undefined : status,
        search: search || undefined,
        limit: SURVEY_PAGE_SIZE,
        offset,
      },
      ...withSignal(signal),
    }),
  )

export const fetchSurvey = (id: number, signal?: AbortSignal) =>
  apiFetch<Survey>(`/api/survey/survey/${id}/`, withSignal(signal))

export const createSurvey = (body: SurveyCreate) => apiFetch<Survey>('/api/survey/survey/', { method: 'POST', body })

export const updateSurvey = (id: number, body: SurveyUpdate) =>
  apiFetch<Survey>(`/api/survey/survey/${id}/`, { method: 'PATCH', body })

export const publishSurvey = (id: number, body: SurveyPublish) =>
  apiFetch<Survey>(`/api/survey/survey/${id}/publish/`, { method: 'POST', body })

export const closeSurvey = (id: number) => apiFetch<Survey>(`/api/survey/survey/${id}/close/`, { method: 'POST' })

export const deleteSurvey = (id: number) => apiFetch<void>(`/api/survey/survey/${id}/`, { method: 'DELETE' })

export type GenerateInput = { survey_topic: string; survey_context: string; no_of_questions: number }

/** §6.5: questions drafted from the topic and the context; nothing is saved until the survey is. */
export const generateQuestions = (body: GenerateInput, signal?: AbortSignal) =>
  apiFetch<SurveyGenerateReply>('/api/survey/generate/', { method: 'POST', body, ...withSignal(signal) })

export const fetchReport = (surveyId: number, subgroupId: number | null, signal?: AbortSignal) =>
  apiFetch<SurveyReportView>('/api/survey/surveyreportview/', {
    query: { survey_id: surveyId, subgroup_id: subgroupId ?? undefined },
    ...withSignal(signal),
  })

export type ConclusionInput = { survey_id: number; conclusion: string; survey_success: boolean }

export const postConclusion = (body: ConclusionInput) =>
  apiFetch<SurveyConclusion>('/api/survey/surveyreportview/', { method: 'POST', body })

/** The survey's subgroups; the server answers a list envelope or, in its legacy form, a bare array. */
export const fetchSubgroups = async (surveyId: number, signal?: AbortSignal) => {
  const reply = await apiFetch<Partial<OffsetPage<Subgroup>> | Subgroup[]>('/api/survey/surveysubgroup/', {
    query: { survey_id: surveyId },
    ...withSignal(signal),
  })
  return Array.isArray(reply) ? reply : (reply.data ?? [])
}

export type SubgroupInput = { survey_id: number; subgroup_name: string; subgroup_clients: number[] }

export const createSubgroup = (body: SubgroupInput) =>
  apiFetch<Subgroup>('/api/survey/surveysubgroup/', { method: 'POST', body })

export const updateSubgroup = (id: number, body: Omit<SubgroupInput, 'survey_id'>) =>
  apiFetch<Subgroup>(`/api/survey/surveysubgroup/${id}/`, { method: 'PATCH', body })

/** 409 `survey.invalid_state` while the subgroup is in a published survey's audience, or the survey is closed. */
export const deleteSubgroup = (id: number) => apiFetch<void>(`/api/survey/surveysubgroup/${id}/`, { method: 'DELETE' })

export const fetchInvitations = async (surveyId: number, offset: number, signal?: AbortSignal) =>
  offsetPage(
    await apiFetch<Partial<OffsetPage<SurveyInvitation>>>(`/api/survey/survey/${surveyId}/invitations/`, {
      query: { limit: INVITATION_PAGE_SIZE, offset },
      ...withSignal(signal),
    }),
  )

/** More invitations to a published survey; addresses already invited are skipped, with the reason. */
export const inviteMore = (surveyId: number, emails: string[], message: string | null) =>
  apiFetch<InvitationsReply>(`/api/survey/survey/${surveyId}/invitations/`, {
    method: 'POST',
    body: { emails, message },
  })

/** §13.2: the organisation's customers matching 2–100 characters of a name, email or phone. */
export const searchClients = async (search: string, signal?: AbortSignal) =>
  (
    await apiFetch<Partial<OffsetPage<StaffClient>>>('/api/clients/', {
      query: { search, limit: 20 },
      ...withSignal(signal),
    })
  ).data ?? []
