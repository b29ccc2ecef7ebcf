import type { StaffSession } from '@proxima/contracts'
import { returnPath } from '../../app/sign-in-link'
import { persistSession, restoreSession } from '../../app/stored-session'

/*
 * How the public sign-in pages hand a session to the dashboard: they store it under the keys the dashboard reads
 * (app/stored-session.ts), then load the dashboard page.
 */

/** Where to go once signed in: the page's `?next=` when it is a dashboard path, else the overview. */
export const nextPath = (): string => returnPath(new URLSearchParams(window.location.search).get('next'))

/** Whether a session is stored, as the dashboard would read it. */
export const hasStoredSession = (): boolean => restoreSession().user !== null

/**
 * Stores the session and opens the dashboard at `to` (a full page load). The promise never settles, so a form that
 * awaits it stays busy until the dashboard replaces the page.
 */
export const openDashboard = (session: StaffSession, to: string = nextPath()): Promise<never> => {
  persistSession({ user: session, token: session.token })
  window.location.assign(to)
  return new Promise<never>(() => undefined)
}
