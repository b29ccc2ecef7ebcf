import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react'
import { hasStatus } from '../../api/errors'
import { useToast } from '../../ui/toast'

type Severity = 'success' | 'error' | 'info'
type Feedback = {
  notify: (severity: Severity, message: string) => void
  /** Shows the server's sentence; a 402 also turns replies off (the subscription has ended). */
  fail: (error: unknown) => void
  repliesDisabled: boolean
}

const FeedbackContext = createContext<Feedback | null>(null)

/** The chat screen's toasts, and whether replies are off because the subscription has ended. */
export const ChatFeedbackProvider = ({ children }: { children: ReactNode }) => {
  const toast = useToast()
  const [repliesDisabled, setRepliesDisabled] = useState(false)
  const notify = useCallback(
    (severity: Severity, message: string) => {
      if (severity === 'success') toast.success(message)
      else if (severity === 'info') toast.info(message)
      else toast.error(message)
    },
    [toast],
  )
  const fail = useCallback(
    (error: unknown) => {
      if (hasStatus(error, 402)) setRepliesDisabled(true)
      toast.error(error)
    },
    [toast],
  )
  const value = useMemo(() => ({ notify, fail, repliesDisabled }), [notify, fail, repliesDisabled])
  return <FeedbackContext.Provider value={value}>{children}</FeedbackContext.Provider>
}

export const useChatFeedback = (): Feedback => {
  const value = useContext(FeedbackContext)
  if (!value) throw new Error('useChatFeedback needs ChatFeedbackProvider')
  return value
}
