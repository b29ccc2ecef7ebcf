import { store } from '../app/store'
import { isApiError } from './errors'
import { sendRequest, type ApiRequest, type Method } from './http'
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
 * A dashboard request: sends the stored session's token (and warns, but still sends, when none is stored). A 401 or
 * 403 from anything but a credential endpoint runs the session check before the ApiError is thrown.
 */
export const apiFetch = async <T = unknown>(path: string, request: ApiRequest = {}): Promise<T> => {
  const method = request.method ?? 'GET'
  const token = store.getState().session.token
  if (!token) console.warn(`No session token is stored; sending ${method} ${path} without Authorization.`)
  try {
    return await sendRequest<T>(path, request, token)
  } catch (error) {
    const shouldCheck = request.sessionCheck ?? !isCredentialEndpoint(method, path)
    if (shouldCheck && isApiError(error) && (error.status === 401 || error.status === 403)) await checkSession(token)
    throw error
  }
}
