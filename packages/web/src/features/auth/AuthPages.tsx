import CssBaseline from '@mui/material/CssBaseline'
import { ThemeProvider } from '@mui/material/styles'
import { Suspense, lazy, type ComponentType } from 'react'
import { theme } from '../../app/theme'
import { LoginPage } from './pages/LoginPage'
import { AUTH_PAGES, pagePath } from './paths'

/*
 * The public credential pages, a light page of their own (auth.html, auth-main.tsx): no router, no query cache, no
 * store. The page follows from the path; sign-in is in the first chunk, the others load on their own. Links between
 * them, and to the dashboard, are full page loads.
 */

const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((module) => ({ default: module[name] })))

const ForgotPasswordPage = page(() => import('./pages/ForgotPasswordPage'), 'ForgotPasswordPage')
const ResetPasswordPage = page(() => import('./pages/ResetPasswordPage'), 'ResetPasswordPage')
const InvitationPage = page(() => import('./pages/InvitationPage'), 'InvitationPage')

const PAGES: Record<string, ComponentType> = {
  [AUTH_PAGES.signIn]: LoginPage,
  [AUTH_PAGES.forgotPassword]: ForgotPasswordPage,
  [AUTH_PAGES.resetPassword]: ResetPasswordPage,
  [AUTH_PAGES.invitation]: InvitationPage,
}

export const AuthPages = ({ pathname }: { pathname: string }) => {
  const Page = PAGES[pagePath(pathname)] ?? LoginPage
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <Suspense fallback={null}>
        <Page />
      </Suspense>
    </ThemeProvider>
  )
}
