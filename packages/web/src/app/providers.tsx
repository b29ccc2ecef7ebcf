import CssBaseline from '@mui/material/CssBaseline'
import { ThemeProvider } from '@mui/material/styles'
import { GoogleOAuthProvider } from '@react-oauth/google'
import { QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Provider as ReduxProvider } from 'react-redux'
import { queryClient } from '../api/query-client'
import { ToastProvider } from '../ui/toast'
import { config } from './config'
import { store } from './store'
import { theme } from './theme'

/** Google's script is loaded only when a client id is configured; otherwise nothing is fetched from Google. */
const GoogleProvider = ({ children }: { children: ReactNode }) =>
  config.googleClientId ? (
    <GoogleOAuthProvider clientId={config.googleClientId}>{children}</GoogleOAuthProvider>
  ) : (
    children
  )

export const Providers = ({ children }: { children: ReactNode }) => (
  <ReduxProvider store={store}>
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <ToastProvider>
          <GoogleProvider>{children}</GoogleProvider>
        </ToastProvider>
      </ThemeProvider>
    </QueryClientProvider>
  </ReduxProvider>
)
