/*
 * JSON over fetch on the same origin, with nothing of the dashboard's store: the public sign-in pages call the API
 * with it directly, and the dashboard's `apiFetch` (client.ts) adds its session to it.
 */
import { ApiError, NETWORK_ERROR_MESSAGE, codeFromBody, fieldErrorsFromBody, messageFromBody } from './errors'

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
type QueryValue = string | number | boolean | null | undefined

export type ApiRequest = {
  method?: Method
  body?: unknown
  query?: Record<string, QueryValue>
  signal?: AbortSignal
  /** What the answer may be (`Accept`); JSON unless a file is asked for. */
  accept?: string
  /** Overrides the automatic choice of whether a 401/403 runs the session check. */
  sessionCheck?: boolean
}

const buildUrl = (path: string, query?: Record<string, QueryValue>): string => {
  if (!query) return path
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.append(key, String(value))
  }
  const search = params.toString()
  if (!search) return path
  return `${path}${path.includes('?') ? '&' : '?'}${search}`
}

const readBody = async (response: Response): Promise<unknown> => {
  if (response.status === 204 || response.status === 205) return undefined
  const text = await response.text()
  if (!text) return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

const retryAfterSeconds = (response: Response): number | null => {
  const value = response.headers.get('Retry-After')
  if (!value) return null
  const seconds = Number(value)
  if (Number.isFinite(seconds)) return Math.max(0, seconds)
  const date = Date.parse(value)
  return Number.isNaN(date) ? null : Math.max(0, (date - Date.now()) / 1000)
}

/** The ApiError for a non-2xx answer: the server's code, sentence and field reasons. */
const failure = async (response: Response): Promise<ApiError> => {
  const body = await readBody(response).catch(() => undefined)
  return new ApiError({
    status: response.status,
    code: codeFromBody(body),
    message: messageFromBody(
      body,
      `The request failed (HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}).`,
    ),
    fieldErrors: fieldErrorsFromBody(body),
    body,
    retryAfter: retryAfterSeconds(response),
  })
}

/**
 * Sends one request and hands back a 2xx response unread, so that a file can be read as a stream; anything else
 * throws an ApiError. `Authorization: Token <token>` when a token is given, a JSON body when there is one.
 */
export const openRequest = async (
  path: string,
  request: ApiRequest = {},
  token: string | null = null,
): Promise<Response> => {
  const headers = new Headers({ Accept: request.accept ?? 'application/json' })
  if (token) headers.set('Authorization', `Token ${token}`)

  const init: RequestInit = {
    method: request.method ?? 'GET',
    headers,
    credentials: 'same-origin',
    signal: request.signal ?? null,
  }
  if (request.body !== undefined) {
    headers.set('Content-Type', 'application/json')
    init.body = JSON.stringify(request.body)
  }

  let response: Response
  try {
    response = await fetch(buildUrl(path, request.query), init)
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw new ApiError({ status: 0, code: 'network.unreachable', message: NETWORK_ERROR_MESSAGE })
  }
  if (response.status >= 200 && response.status <= 299) return response
  throw await failure(response)
}

/**
 * Sends one request and reads its JSON answer. 2xx is success; anything else throws an ApiError with the server's
 * code, sentence and field reasons.
 */
export const sendRequest = async <T = unknown>(
  path: string,
  request: ApiRequest = {},
  token: string | null = null,
): Promise<T> => {
  const response = await openRequest(path, request, token)
  return (await readBody(response).catch(() => undefined)) as T
}
