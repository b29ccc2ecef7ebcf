import { configureStore, createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit'
import { loggedOut, profileChanged, sessionSlice, signedIn, tenantRenamed } from './session'
import { SESSION_KEY, TOKEN_KEY, persistSession, type SessionState } from './stored-session'
import { searchWindowSlice } from '../features/search/search-window'

const persistence = createListenerMiddleware()

persistence.startListening({
  matcher: isAnyOf(signedIn, loggedOut, profileChanged, tenantRenamed),
  effect: (_action, api) => {
    persistSession((api.getState() as { session: SessionState }).session)
  },
})

export const store = configureStore({
  reducer: { session: sessionSlice.reducer, searchWindow: searchWindowSlice.reducer },
  middleware: (getDefault) => getDefault().prepend(persistence.middleware),
})

export type RootState = ReturnType<typeof store.getState>
export type AppDispatch = typeof store.dispatch

/** Another tab signing out (or in) keeps this tab in step. */
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== SESSION_KEY && event.key !== TOKEN_KEY && event.key !== null) return
    if (!window.localStorage.getItem(SESSION_KEY) && store.getState().session.user) store.dispatch(loggedOut())
  })
}
