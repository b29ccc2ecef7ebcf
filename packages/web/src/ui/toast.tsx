import Alert from '@mui/material/Alert'
import Snackbar from '@mui/material/Snackbar'
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react'
import { errorMessage } from '../api/errors'

type Severity = 'success' | 'error' | 'info'
type Notice = { severity: Severity; message: string; key: number }

export type Toast = {
  /** A short confirmation that something was done ("Category created."). */
  success: (message: string) => void
  info: (message: string) => void
  /** What went wrong, in the server's words when the error came from the API. */
  error: (error: unknown) => void
}

const ToastContext = createContext<Toast | null>(null)

let sequence = 0

/**
 * One toast at a time at the bottom of the screen: successes go after four seconds, errors after eight, and a new
 * one replaces the one showing. Screen readers hear it through the alert's live region.
 */
export const ToastProvider = ({ children }: { children: ReactNode }) => {
  const [notice, setNotice] = useState<Notice | null>(null)
  const show = useCallback((severity: Severity, message: string) => {
    sequence += 1
    setNotice({ severity, message, key: sequence })
  }, [])
  const toast = useMemo<Toast>(
    () => ({
      success: (message) => show('success', message),
      info: (message) => show('info', message),
      error: (error) => show('error', typeof error === 'string' ? error : errorMessage(error)),
    }),
    [show],
  )
  return (
    <ToastContext.Provider value={toast}>
      {children}
      <Snackbar
        key={notice?.key}
        open={notice !== null}
        autoHideDuration={notice?.severity === 'error' ? 8000 : 4000}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') setNotice(null)
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        {notice ? (
          <Alert severity={notice.severity} variant="filled" onClose={() => setNotice(null)} sx={{ width: '100%' }}>
            {notice.message}
          </Alert>
        ) : undefined}
      </Snackbar>
    </ToastContext.Provider>
  )
}

export const useToast = (): Toast => {
  const toast = useContext(ToastContext)
  if (!toast) throw new Error('useToast needs a ToastProvider above it.')
  return toast
}
