import { store } from '../app/store'
import { ApiError, NETWORK_ERROR_MESSAGE, codeFromBody, fieldErrorsFromBody, messageFromBody } from './errors'
import { checkSession } from './session-check'

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
type QueryValue = string | number | boolean | null | undefined

export type ApiRequest = {
  method?: Method
  body?: unknown
  query?: Record<string, QueryValue>
  signal?: AbortSignal
  /** Overrides the automatic choice of whether a 401/403 runs the session check. */
  sessionCheck?: boolean
}

/**
 * Endpoints that take credentials or single-use links: their 401/403 answers are form errors,
 * never a sign that the stored session has ended.
 */
const CREDENTIAL_PATHS = new Set([
  '/api/auth/signin',
  '/api/auth/google',
  '/api/auth/google/callback',
  '/api/auth/admin',
  '/api/auth/client',
  '/api/auth/forgotpassword',
  '/api/auth/reset_password',
  '/api/auth/activate_user',
  '/api/auth/resendactivationlink',
  '/api/auth/employee/accept',
  '/api/auth/employee/invitation',
  '/api/auth/checktokenexpiry',
  '/auth/checktokenexpiry',
])

const normalisePath = (path: string): string => {
  const bare = path.split(/[?#]/)[0] ?? ''
  const collapsed = bare.replace(/\/{2,}/g, '/').toLowerCase()
  return collapsed.length > 1 ? collapsed.replace(/\/+$/, '') : collapsed
}

export const isCredentialEndpoint = (method: Method, path: string): boolean => {
  const normalised = normalisePath(path)
  if (CREDENTIAL_PATHS.has(normalised)) return true
  return method === 'POST' && normalised === '/api/tenantmanagement/tenant'
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

/**
 * JSON over fetch on the same origin. Adds `Authorization: Token <token>` when a token is stored
 * (and warns, but still sends, when none is). 2xx is success; anything else throws an ApiError.
 */
export const apiFetch = async <T = unknown>(path: string, request: ApiRequest = {}): Promise<T> => {
  const method = request.method ?? 'GET'
  const token = store.getState().session.token
  const headers = new Headers({ Accept: 'application/json' })
  if (token) headers.set('Authorization', `Token ${token}`)
  else console.warn(`No session token is stored; sending ${method} ${path} without Authorization.`)

  const init: RequestInit = { method, headers, credentials: 'same-origin', signal: request.signal ?? null }
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

  const body = await readBody(response).catch(() => undefined)
  if (response.status >= 200 && response.status <= 299) return body as T

  const error = new ApiError({
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

  const shouldCheck = request.sessionCheck ?? !isCredentialEndpoint(method, path)
  if (shouldCheck && (response.status === 401 || response.status === 403)) {
    await checkSession(token)
  }
  throw error
}
