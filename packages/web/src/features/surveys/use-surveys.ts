import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Survey, SurveyPublish, SurveyUpdate } from '@proxima/contracts'
import { hasStatus } from '../../api/errors'
import { nextOffset } from '../community/api'
import { subscriptionKeys } from '../subscription/api'
import {
  SURVEY_PAGE_SIZE,
  closeSurvey,
  createSurvey,
  deleteSurvey,
  fetchSurvey,
  fetchSurveys,
  generateQuestions,
  publishSurvey,
  surveyKeys,
  updateSurvey,
  type GenerateInput,
  type StatusFilter,
} from './api'

/** The organisation's surveys, page by page. */
export const useSurveys = (status: StatusFilter, search: string) =>
  useInfiniteQuery({
    queryKey: surveyKeys.list(status, search),
    queryFn: ({ pageParam, signal }) => fetchSurveys(status, search, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => nextOffset(last, pages, SURVEY_PAGE_SIZE),
    placeholderData: keepPreviousData,
  })

/** One survey; nothing is fetched while there is none (a new survey). */
export const useSurvey = (id: number | null) =>
  useQuery({
    queryKey: surveyKeys.detail(id ?? 0),
    queryFn: ({ signal }) => fetchSurvey(id ?? 0, signal),
    enabled: id !== null,
  })

/** A saved survey goes into its detail at once; lists (and the plan's usage, for publishing) are refetched. */
const useSurveySaved = () => {
  const client = useQueryClient()
  return (survey: Survey) => {
    client.setQueryData(surveyKeys.detail(survey.survey_id), survey)
    return Promise.all([
      client.invalidateQueries({ queryKey: surveyKeys.lists }),
      client.invalidateQueries({ queryKey: surveyKeys.results(survey.survey_id) }),
      client.invalidateQueries({ queryKey: subscriptionKeys.all }),
    ])
  }
}

/** Creates the survey the first time, then changes it. */
export const useSaveSurvey = () => {
  const saved = useSurveySaved()
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: SurveyUpdate & { survey_topic: string } }) =>
      id === null ? createSurvey(body) : updateSurvey(id, body),
    onSuccess: saved,
  })
}

export const usePublishSurvey = () => {
  const saved = useSurveySaved()
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: SurveyPublish }) => publishSurvey(id, body),
    onSuccess: saved,
  })
}

export const useCloseSurvey = () => {
  const saved = useSurveySaved()
  return useMutation({ mutationFn: closeSurvey, onSuccess: saved })
}

export const useDeleteSurvey = () => {
  const client = useQueryClient()
  return useMutation({
    // Already deleted (a repeated click, another tab): the result is the one wanted.
    mutationFn: (id: number) =>
      deleteSurvey(id).catch((error: unknown) => {
        if (!hasStatus(error, 404)) throw error
      }),
    onSuccess: (_reply, id) => {
      client.removeQueries({ queryKey: surveyKeys.detail(id) })
      return client.invalidateQueries({ queryKey: surveyKeys.lists })
    },
  })
}

export const useGenerateQuestions = () => useMutation({ mutationFn: (body: GenerateInput) => generateQuestions(body) })
