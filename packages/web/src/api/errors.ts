import { isErrorCode, type ErrorCode } from '@proxima/contracts/error-codes'

/**
 * The codes an ApiError carries: the server's catalogue, `network.unreachable` when no answer came, and
 * `http.unknown` for an answer without a code this build knows. A closed union, so a misspelt comparison fails to
 * compile.
 */
export type ApiErrorCode = ErrorCode | 'network.unreachable' | 'http.unknown'

/** An HTTP failure with the server's code and a sentence that can be shown to the user as is. */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  readonly status: number
  readonly code: ApiErrorCode
  readonly fieldErrors: Record<string, string[]>
  readonly body: unknown
  readonly retryAfter: number | null

  constructor(init: {
    status: number
    code: ApiErrorCode
    message: string
    fieldErrors?: Record<string, string[]>
    body?: unknown
    retryAfter?: number | null
  }) {
    super(init.message)
    this.status = init.status
    this.code = init.code
    this.fieldErrors = init.fieldErrors ?? {}
    this.body = init.body
    this.retryAfter = init.retryAfter ?? null
  }

  /** The first reason given for one field, if any. */
  field(name: string): string | undefined {
    return this.fieldErrors[name]?.[0]
  }
}

export const NETWORK_ERROR_MESSAGE = 'Could not reach the server. Check your connection and try again.'

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const stringArrays = (value: unknown): Record<string, string[]> => {
  if (!isRecord(value)) return {}
  const out: Record<string, string[]> = {}
  for (const [key, list] of Object.entries(value)) {
    if (Array.isArray(list)) {
      const texts = list.filter((item): item is string => typeof item === 'string')
      if (texts.length > 0) out[key] = texts
    } else if (typeof list === 'string') {
      out[key] = [list]
    }
  }
  return out
}

/**
 * The sentence to show: `message` when it is a string; `message.error[0]` in the legacy object form;
 * otherwise the fallback (the error's own message).
 */
export const messageFromBody = (body: unknown, fallback: string): string => {
  if (!isRecord(body)) return fallback
  const { message } = body
  if (typeof message === 'string' && message.trim()) return message
  if (isRecord(message)) {
    const first = stringArrays(message).error?.[0]
    if (first) return first
  }
  return fallback
}

/** Per-field reasons from the standard `errors` object and from the legacy `message` object. */
export const fieldErrorsFromBody = (body: unknown): Record<string, string[]> => {
  if (!isRecord(body)) return {}
  const legacy = isRecord(body.message) ? stringArrays(body.message) : {}
  delete legacy.error
  return { ...legacy, ...stringArrays(body.errors) }
}

export const codeFromBody = (body: unknown): ApiErrorCode =>
  isRecord(body) && typeof body.code === 'string' && isErrorCode(body.code) ? body.code : 'http.unknown'

/** A human sentence for any thrown value. */
export const errorMessage = (error: unknown): string => {
  if (error instanceof Error && error.message) return error.message
  if (typeof error === 'string' && error) return error
  return 'Something went wrong. Try again later.'
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError

export const hasStatus = (error: unknown, ...statuses: number[]): boolean =>
  isApiError(error) && statuses.includes(error.status)
