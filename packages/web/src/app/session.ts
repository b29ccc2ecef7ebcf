import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { StaffSession } from '@proxima/contracts'

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

type ProfileChange = Partial<Pick<StaffSession, 'first_name' | 'last_name' | 'username' | 'profile_photo'>>

export const sessionSlice = createSlice({
  name: 'session',
  initialState: (): SessionState => restoreSession(),
  reducers: {
    signedIn: (_state, action: PayloadAction<StaffSession>) => ({ user: action.payload, token: action.payload.token }),
    loggedOut: () => ({ user: null, token: null }),
    profileChanged: (state, action: PayloadAction<ProfileChange>) => {
      if (state.user) Object.assign(state.user, action.payload)
    },
    tenantRenamed: (state, action: PayloadAction<string>) => {
      if (state.user) state.user.tenant_id = { ...state.user.tenant_id, tenant_name: action.payload }
    },
  },
})

export const { signedIn, loggedOut, profileChanged, tenantRenamed } = sessionSlice.actions
