import { QueryClient } from '@tanstack/react-query'
import { isApiError } from './errors'

const MAX_RETRIES = 3
const RETRYABLE_STATUSES = new Set([429, 502, 503, 504])

/** Only failures that may go away by themselves are retried: network errors, 429, 502, 503 and 504. */
export const isRetryable = (error: unknown): boolean => {
  if (isApiError(error)) return error.status === 0 || RETRYABLE_STATUSES.has(error.status)
  return error instanceof TypeError
}

export const retry = (failureCount: number, error: unknown): boolean =>
  typeof window !== 'undefined' && failureCount < MAX_RETRIES && isRetryable(error)

/** 1 s, doubling, capped at 30 s; a longer Retry-After from the server is honoured within the cap. */
export const retryDelay = (attempt: number, error: unknown): number => {
  const backoff = Math.min(1000 * 2 ** attempt, 30_000)
  const serverAsked = isApiError(error) && error.retryAfter !== null ? error.retryAfter * 1000 : 0
  return Math.min(Math.max(backoff, serverAsked), 30_000)
}

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry, retryDelay, gcTime: 5 * 60 * 1000 },
      mutations: { retry: 0 },
    },
  })

export const queryClient = createQueryClient()
