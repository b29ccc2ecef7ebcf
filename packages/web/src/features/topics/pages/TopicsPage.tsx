import Alert from '@mui/material/Alert'
import { useState } from 'react'
import { useIsAdmin } from '../../../app/hooks'
import { PageHeader } from '../../../ui/PageHeader'
import { CategoriesSection } from '../components/CategoriesSection'
import { TopicsSection, type Notify } from '../components/TopicsSection'

type Notice = { severity: 'success' | 'error'; message: string }

/** Settings → Topics: what chats are about (contract §4.6). Admins manage them; employees read them. */
export const TopicsPage = () => {
  const isAdmin = useIsAdmin()
  const [notice, setNotice] = useState<Notice | null>(null)
  const notify: Notify = (severity, message) => setNotice({ severity, message })
  return (
    <>
      <PageHeader
        title="Topics"
        description={
          isAdmin
            ? "Tag chats by what they are about. A chat gets a topic when the customer's message contains one of its keywords, or when your team picks it."
            : 'What chats are about. Only admins can change topics and categories.'
        }
      />
      <div role="status" aria-live="polite">
        {notice ? (
          <Alert severity={notice.severity} onClose={() => setNotice(null)} sx={{ mb: 2 }}>
            {notice.message}
          </Alert>
        ) : null}
      </div>
      <TopicsSection isAdmin={isAdmin} notify={notify} />
      <CategoriesSection isAdmin={isAdmin} notify={notify} />
    </>
  )
}
