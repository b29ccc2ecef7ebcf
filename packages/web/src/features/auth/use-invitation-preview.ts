import { useEffect, useState } from 'react'
import { previewInvitation, type InvitationPreviewData } from './api'

type Preview = { invite: InvitationPreviewData | null; error: unknown; retrying: boolean }

/**
 * What an invitation link offers (`GET /api/auth/employee/invitation/`), loaded once per token: `invite` once known,
 * `error` when it failed, and `retry` to ask again. Nothing is loaded without a token.
 */
export const useInvitationPreview = (token: string) => {
  const [attempt, setAttempt] = useState(0)
  const [preview, setPreview] = useState<Preview>({ invite: null, error: null, retrying: false })

  useEffect(() => {
    if (!token) return
    const controller = new AbortController()
    previewInvitation(token, controller.signal).then(
      (invite) => setPreview({ invite, error: null, retrying: false }),
      (error: unknown) => {
        if (!controller.signal.aborted) setPreview({ invite: null, error, retrying: false })
      },
    )
    return () => controller.abort()
  }, [token, attempt])

  const retry = () => {
    setPreview((current) => ({ ...current, retrying: true }))
    setAttempt((n) => n + 1)
  }
  return { ...preview, retry }
}
