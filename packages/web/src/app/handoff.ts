import type { StaffSession } from '@proxima/contracts'
import { asStaffSession } from './stored-session'

const HANDOFF_TIMEOUT_MS = 2000

/**
 * Session hand-off: a HEAD request to the current page URL may answer with an `auth-data` header holding a staff
 * session (after a redirect-mode Google sign-in). Resolves to that session, or to null when there is none. Never takes
 * longer than about two seconds and never fails. Store-free: the dashboard and the sign-in pages each keep the
 * session their own way.
 */
export const receiveHandoff = async (): Promise<StaffSession | null> => {
  const controller = new AbortController()
  const timer = window.setTimeout(() => controller.abort(), HANDOFF_TIMEOUT_MS)
  try {
    const response = await fetch(window.location.href, {
      method: 'HEAD',
      credentials: 'same-origin',
      cache: 'no-store',
      signal: controller.signal,
    })
    const header = response.headers.get('auth-data')
    return header ? asStaffSession(JSON.parse(header)) : null
  } catch {
    // No hand-off: the page continues with whatever session is stored.
    return null
  } finally {
    window.clearTimeout(timer)
  }
}
