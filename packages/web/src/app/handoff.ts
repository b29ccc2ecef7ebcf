import { asStaffSession, signedIn } from './session'
import { store } from './store'

const HANDOFF_TIMEOUT_MS = 2000

/**
 * Session hand-off: a HEAD request to the current page URL may answer with an `auth-data` header holding
 * a staff session (after a redirect-mode Google sign-in). When present it becomes the stored session.
 * Never takes longer than about two seconds and never fails.
 */
export const runHandoff = async (): Promise<void> => {
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
    if (!header) return
    const session = asStaffSession(JSON.parse(header))
    if (session) store.dispatch(signedIn(session))
  } catch {
    // No hand-off: the app continues with whatever session is stored.
  } finally {
    window.clearTimeout(timer)
  }
}

/** Started once, as early as possible. */
export const handoff: Promise<void> = runHandoff()
