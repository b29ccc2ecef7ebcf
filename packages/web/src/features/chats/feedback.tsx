import Alert from '@mui/material/Alert'
import Snackbar from '@mui/material/Snackbar'
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react'
import { errorMessage, hasStatus } from '../../api/errors'

type Notice = { severity: 'success' | 'error' | 'info'; message: string; key: number }
type Feedback = {
  notify: (severity: Notice['severity'], message: string) => void
  /** Shows the server's sentence; a 402 also turns replies off (the subscription has ended). */
  fail: (error: unknown) => void
  repliesDisabled: boolean
}

const FeedbackContext = createContext<Feedback | null>(null)

export const ChatFeedbackProvider = ({ children }: { children: ReactNode }) => {
  const [notice, setNotice] = useState<Notice | null>(null)
  const [repliesDisabled, setRepliesDisabled] = useState(false)
  const notify = useCallback(
    (severity: Notice['severity'], message: string) => setNotice({ severity, message, key: Date.now() }),
    [],
  )
  const fail = useCallback(
    (error: unknown) => {
      if (hasStatus(error, 402)) setRepliesDisabled(true)
      notify('error', errorMessage(error))
    },
    [notify],
  )
  const value = useMemo(() => ({ notify, fail, repliesDisabled }), [notify, fail, repliesDisabled])
  return (
    <FeedbackContext.Provider value={value}>
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
    </FeedbackContext.Provider>
  )
}

export const useChatFeedback = (): Feedback => {
  const value = useContext(FeedbackContext)
  if (!value) throw new Error('useChatFeedback needs ChatFeedbackProvider')
  return value
}
