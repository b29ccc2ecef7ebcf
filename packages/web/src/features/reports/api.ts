import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { ReportFormat } from '@proxima/contracts'
import { apiOpen } from '../../api/client'
import { fetchCommunities, fetchIssues } from '../community/api'
import { STATUS_LABELS } from '../surveys/format'
import { fetchSurveys } from '../surveys/api'
import { describeExport, type ExportRequest } from './export-request'
import type { Choice } from './form'

/*
 * Exports are POSTs with the filters as JSON (contract §9.1): the dashboard's filters include lists, which read more
 * plainly as JSON than as repeated query keys. The answer is a file, read as a stream by download.ts; the pickers of
 * the Reports page read the lists of the community and surveys features.
 */

const ACCEPT: Record<ReportFormat, string> = {
  csv: 'text/csv, application/json',
  pdf: 'application/pdf, application/json',
}

/** Starts an export; a refusal (400, 404, 413, 429) is an ApiError, since the server sends it before any byte. */
export const openExport = (request: ExportRequest, signal: AbortSignal) => {
  const { path, format, body } = describeExport(request)
  return apiOpen(path, { method: 'POST', body, accept: ACCEPT[format], signal })
}

export const reportKeys = {
  all: ['reports'] as const,
  choices: (kind: string, ...params: (string | number)[]) => ['reports', 'choices', kind, ...params] as const,
}

/** Communities matching a few letters of their name (the first 50, alphabetical), archived ones too. */
const fetchCommunityChoices = async (search: string, signal: AbortSignal): Promise<Choice[]> =>
  (await fetchCommunities(search, 0, signal)).data.map((c) => ({
    id: c.community_id,
    label: c.is_archived ? `${c.community_name} (archived)` : c.community_name,
  }))

/** Published and closed surveys (drafts have no responses) matching a few letters of their topic, newest first. */
const fetchSurveyChoices = async (search: string, signal: AbortSignal): Promise<Choice[]> =>
  (await fetchSurveys('all', search, 0, signal)).data
    .filter((s) => s.status !== 'draft')
    .map((s) => ({
      id: s.survey_id,
      label: s.status === 'closed' ? `${s.survey_topic} (${STATUS_LABELS.closed})` : s.survey_topic,
    }))

/** A community's issues, solved or not, matching a few letters of their title, newest first. */
const fetchIssueChoices = async (communityId: number, search: string, signal: AbortSignal): Promise<Choice[]> =>
  (
    await fetchIssues(
      { communityId, solved: 'all', sort: '-created_at', search: search.length >= 2 ? search : '', from: '', to: '' },
      0,
      signal,
    )
  ).data.map((issue) => ({ id: issue.issue_id, label: issue.issue }))

/** Where a picker's choices come from: the list it reads, found by a few words typed. */
export type ChoiceSource = {
  key: readonly (string | number)[]
  load: (search: string, signal: AbortSignal) => Promise<Choice[]>
  /** False while the list cannot be asked for yet (an issue before its community). */
  enabled?: boolean
}

export const communityChoices: ChoiceSource = {
  key: reportKeys.choices('communities'),
  load: fetchCommunityChoices,
}

export const surveyChoices: ChoiceSource = { key: reportKeys.choices('surveys'), load: fetchSurveyChoices }

export const issueChoices = (communityId: number | null): ChoiceSource => ({
  key: reportKeys.choices('issues', communityId ?? 0),
  load: (search, signal) => fetchIssueChoices(communityId ?? 0, search, signal),
  enabled: communityId !== null,
})

/** The choices for the words typed so far; the previous list stays while the next loads. */
export const useChoices = (source: ChoiceSource, search: string) =>
  useQuery({
    queryKey: [...source.key, search],
    queryFn: ({ signal }) => source.load(search, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    enabled: source.enabled ?? true,
  })
