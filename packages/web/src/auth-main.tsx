import './app/zod-setup'
import '@fontsource/roboto/400.css'
import '@fontsource/roboto/500.css'
import '@fontsource/roboto/700.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { receiveHandoff } from './app/handoff'
import { AuthPages } from './features/auth/AuthPages'
import { hasStoredSession, nextPath, openDashboard } from './features/auth/hand-over'
import { AUTH_PAGES, pagePath } from './features/auth/paths'

/*
 * The entry of the public credential pages (auth.html): sign-in, forgot and reset password, invitations. The dashboard
 * is main.tsx (index.html); a session passes from here to there through localStorage.
 */

const root = document.getElementById('root')
if (!root) throw new Error('The page has no #root element.')

if (pagePath(window.location.pathname) === AUTH_PAGES.signIn && hasStoredSession()) {
  // Already signed in: straight on to the dashboard. A session the dashboard finds ended is removed there before it
  // sends anyone back here, so this cannot loop.
  window.location.replace(nextPath())
} else {
  createRoot(root).render(
    <StrictMode>
      <AuthPages pathname={window.location.pathname} />
    </StrictMode>,
  )
  // After a redirect-mode Google sign-in the server hands the session over once (app/handoff.ts).
  void receiveHandoff().then((session) => session && openDashboard(session))
}
