import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { StaffSession } from '@proxima/contracts'
import { restoreSession, type SessionState } from './stored-session'

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
