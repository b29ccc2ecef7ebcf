import { Texts } from '@proxima/contracts'
import { store } from '../app/store'
import { loggedOut } from '../app/session'
import { leaveForSignIn } from '../app/sign-in-link'

let pending: Promise<void> | null = null

type Verdict = 'valid' | 'ended' | 'unknown'

const verdict = async (token: string | null): Promise<Verdict> => {
  let response: Response
  try {
    response = await fetch(`/auth/checktokenexpiry?token=${encodeURIComponent(token ?? '')}`, {
      method: 'GET',
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
      cache: 'no-store',
    })
  } catch {
    return 'unknown'
  }
  // Rate limiting or a failing server says nothing about the token itself.
  if (response.status === 429 || response.status >= 500) return 'unknown'
  if (response.status === 401) return 'ended'
  let message: unknown
  try {
    message = ((await response.json()) as { message?: unknown } | null)?.message
  } catch {
    message = undefined
  }
  return message === Texts.tokenValid ? 'valid' : 'ended'
}

const run = async (token: string | null) => {
  const result = await verdict(token)
  if (result !== 'ended') return
  // A newer sign-in since the failing request started keeps its session.
  if (store.getState().session.token !== token) return
  // The stored session goes first, so the sign-in page does not send the user straight back here.
  store.dispatch(loggedOut())
  leaveForSignIn()
}

/**
 * Runs the session check after a 401/403: when the token has ended, the stored session is removed
 * and the sign-in page opens (a full page load), to come back to this page. Concurrent failures share one check.
 */
export const checkSession = (token: string | null): Promise<void> => {
  if (!pending) {
    pending = run(token).finally(() => {
      pending = null
    })
  }
  return pending
}
