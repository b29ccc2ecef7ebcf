import { store } from '../app/store'
import { isApiError } from './errors'
import { openRequest, sendRequest, type ApiRequest, type Method } from './http'
import { checkSession } from './session-check'

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

/**
 * Runs one dashboard request with the stored session's token (and warns, but still sends, when none is stored). A
 * 401 or 403 from anything but a credential endpoint runs the session check before the ApiError is thrown.
 */
const withSession = async <R>(
  path: string,
  request: ApiRequest,
  send: (token: string | null) => Promise<R>,
): Promise<R> => {
  const method = request.method ?? 'GET'
  const token = store.getState().session.token
  if (!token) console.warn(`No session token is stored; sending ${method} ${path} without Authorization.`)
  try {
    return await send(token)
  } catch (error) {
    const shouldCheck = request.sessionCheck ?? !isCredentialEndpoint(method, path)
    if (shouldCheck && isApiError(error) && (error.status === 401 || error.status === 403)) await checkSession(token)
    throw error
  }
}

/** A dashboard request whose JSON answer is read. */
export const apiFetch = <T = unknown>(path: string, request: ApiRequest = {}): Promise<T> =>
  withSession(path, request, (token) => sendRequest<T>(path, request, token))

/**
 * A dashboard request for a file: the 2xx response comes back unread, so that its body can be read as a stream
 * (with progress, and cancelled); a refusal is an ApiError as with `apiFetch`, since errors come before any byte.
 */
export const apiOpen = (path: string, request: ApiRequest = {}): Promise<Response> =>
  withSession(path, request, (token) => openRequest(path, request, token))
