import type { StaffSession } from '@proxima/contracts'

/*
 * The dashboard session as the browser keeps it: no store here, so the public sign-in pages (auth-main.tsx) and the
 * dashboard (its Redux session slice) read and write the same two keys.
 */

/** localStorage keys fixed by the product specification. */
export const SESSION_KEY = 'proxima_admin_details'
export const TOKEN_KEY = 'token'

export type SessionState = { user: StaffSession | null; token: string | null }

/**
 * Accepts a value as a dashboard session only when it carries a token and a staff user type
 * (the sign-in rule); anything else is not a dashboard session.
 */
export const asStaffSession = (value: unknown): StaffSession | null => {
  if (!value || typeof value !== 'object') return null
  const candidate = value as Partial<StaffSession>
  if (typeof candidate.token !== 'string' || candidate.token.length === 0) return null
  if (candidate.user_type !== 'admin' && candidate.user_type !== 'employee') return null
  return candidate as StaffSession
}

const readStorage = (key: string): string | null => {
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null
  }
}

/** The stored session, or none when nothing usable is stored. */
export const restoreSession = (): SessionState => {
  const raw = readStorage(SESSION_KEY)
  let user: StaffSession | null = null
  if (raw) {
    try {
      user = asStaffSession(JSON.parse(raw))
    } catch {
      user = null
    }
  }
  const token = readStorage(TOKEN_KEY) ?? user?.token ?? null
  return { user, token: user ? token : null }
}

/** Stores a session, or removes the stored one when given none. */
export const persistSession = ({ user, token }: SessionState) => {
  try {
    if (user && token) {
      window.localStorage.setItem(SESSION_KEY, JSON.stringify(user))
      window.localStorage.setItem(TOKEN_KEY, token)
    } else {
      window.localStorage.removeItem(SESSION_KEY)
      window.localStorage.removeItem(TOKEN_KEY)
    }
  } catch {
    // Storage can be unavailable (private mode, quota); the in-memory session still works.
  }
}
