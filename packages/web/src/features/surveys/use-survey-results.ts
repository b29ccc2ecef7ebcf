import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { hasStatus } from '../../api/errors'
import { useLiveRefresh } from '../../api/live-refresh'
import { useRealtimeFrames } from '../../api/realtime'
import { nextOffset } from '../community/api'
import {
  INVITATION_PAGE_SIZE,
  createSubgroup,
  deleteSubgroup,
  fetchInvitations,
  fetchReport,
  fetchSubgroups,
  inviteMore,
  postConclusion,
  surveyKeys,
  updateSubgroup,
  type Subgroup,
  type SubgroupInput,
} from './api'

/** The survey's figures, for every respondent or for one subgroup's clients. */
export const useSurveyReport = (surveyId: number, subgroupId: number | null) =>
  useQuery({
    queryKey: surveyKeys.report(surveyId, subgroupId),
    queryFn: ({ signal }) => fetchReport(surveyId, subgroupId, signal),
    placeholderData: keepPreviousData,
  })

export const useSubgroups = (surveyId: number | null) =>
  useQuery({
    queryKey: surveyKeys.subgroups(surveyId ?? 0),
    queryFn: ({ signal }) => fetchSubgroups(surveyId ?? 0, signal),
    enabled: surveyId !== null,
  })

/**
 * A subgroup changed: its survey's subgroups are refetched, and so are the figures filtered by it and the survey
 * (its audience counts a subgroup's customers).
 */
const useSubgroupChanged = () => {
  const client = useQueryClient()
  return (surveyId: number) =>
    Promise.all([
      client.invalidateQueries({ queryKey: surveyKeys.subgroups(surveyId) }),
      client.invalidateQueries({ queryKey: surveyKeys.results(surveyId) }),
      client.invalidateQueries({ queryKey: surveyKeys.detail(surveyId) }),
    ])
}

export const useCreateSubgroup = () => {
  const changed = useSubgroupChanged()
  return useMutation({
    mutationFn: createSubgroup,
    onSuccess: (subgroup) => changed(subgroup.survey_id),
  })
}

export const useUpdateSubgroup = () => {
  const changed = useSubgroupChanged()
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: Omit<SubgroupInput, 'survey_id'> }) => updateSubgroup(id, body),
    onSuccess: (subgroup) => changed(subgroup.survey_id),
  })
}

export const useDeleteSubgroup = () => {
  const changed = useSubgroupChanged()
  return useMutation({
    // Already deleted (a repeated click, another tab): the result is the one wanted.
    mutationFn: (subgroup: Subgroup) =>
      deleteSubgroup(subgroup.subgroup_id).catch((error: unknown) => {
        if (!hasStatus(error, 404)) throw error
      }),
    onSuccess: (_reply, subgroup) => changed(subgroup.survey_id),
  })
}

export const useInvitations = (surveyId: number) =>
  useInfiniteQuery({
    queryKey: surveyKeys.invitations(surveyId),
    queryFn: ({ pageParam, signal }) => fetchInvitations(surveyId, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => nextOffset(last, pages, INVITATION_PAGE_SIZE),
  })

export const useInviteMore = (surveyId: number) => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ emails, message }: { emails: string[]; message: string | null }) =>
      inviteMore(surveyId, emails, message),
    onSuccess: () => client.invalidateQueries({ queryKey: surveyKeys.invitations(surveyId) }),
  })
}

/** A conclusion is listed with the report, so the report is refetched. */
export const usePostConclusion = (surveyId: number) => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: postConclusion,
    onSuccess: () => client.invalidateQueries({ queryKey: surveyKeys.results(surveyId) }),
  })
}

const responseFor = (data: unknown): number | null => {
  const id = typeof data === 'object' && data !== null ? (data as { survey_id?: unknown }).survey_id : null
  return typeof id === 'number' ? id : null
}

/**
 * Keeps a survey's results live: a `survey.response.created` frame for this survey (on the staff member's `tenant`
 * channel) refetches its report, invitations and counts, once per burst; a reconnect refetches them too, since frames
 * sent meanwhile are lost.
 */
export const useSurveyLiveResults = (surveyId: number) => {
  const client = useQueryClient()
  const refresh = useLiveRefresh(() => {
    void client.invalidateQueries({ queryKey: surveyKeys.results(surveyId) })
    void client.invalidateQueries({ queryKey: surveyKeys.detail(surveyId) })
  })
  useRealtimeFrames((frame) => {
    if (frame.type === 'survey.response.created' && responseFor(frame.data) === surveyId) refresh()
  })
}

/** The survey list's counts follow responses as they arrive. */
export const useSurveyListLive = () => {
  const client = useQueryClient()
  const refresh = useLiveRefresh(() => void client.invalidateQueries({ queryKey: surveyKeys.lists }))
  useRealtimeFrames((frame) => {
    if (frame.type === 'survey.response.created') refresh()
  })
}
