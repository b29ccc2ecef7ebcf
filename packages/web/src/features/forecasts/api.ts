import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { PredictiveEndpoint, PredictiveInput, PredictiveReply } from '@proxima/contracts'
import { apiFetch } from '../../api/client'
import { isApiError } from '../../api/errors'

/*
 * Forecasts are read with one request per chart (each loads, fails and retries on its own), held by TanStack Query
 * keyed by the endpoint and its parameters. The server keeps each answer for an hour; the page keeps it for five
 * minutes before asking again.
 */

export const forecastKeys = {
  all: ['forecasts'] as const,
  one: (endpoint: PredictiveEndpoint, params: PredictiveInput) => ['forecasts', endpoint, params] as const,
}

export function useForecast<E extends PredictiveEndpoint>(endpoint: E, params: PredictiveInput) {
  return useQuery({
    queryKey: forecastKeys.one(endpoint, params),
    queryFn: ({ signal }) =>
      apiFetch<PredictiveReply<E>>(`/api/predictive/${endpoint}/`, { method: 'POST', body: params, signal }),
    staleTime: 300_000,
    // A refusal (the plan, a parameter) will not change on a second try.
    retry: (count, error) => count < 1 && !(isApiError(error) && error.status < 500),
    placeholderData: keepPreviousData,
  })
}
