import {
  Texts,
  type AcceptInvitationRequest,
  type InvitationPreview,
  type ResetPasswordRequest,
  type Session,
  type StaffSession,
} from '@proxima/contracts'
import type { z } from 'zod'
import { apiFetch } from '../../api/client'
import { ApiError } from '../../api/errors'
import { asStaffSession } from '../../app/session'

export type InvitationPreviewData = z.infer<typeof InvitationPreview>
type MessageReply = { message: string }

/** Only a reply with a token and a staff user type opens the dashboard (sign-in rule). */
export const requireStaff = (reply: Session | undefined): StaffSession => {
  const session = asStaffSession(reply)
  if (!session) throw new ApiError({ status: 403, code: 'auth.not_staff', message: Texts.notStaff })
  return session
}

export const signIn = async (email: string, password: string): Promise<StaffSession> =>
  requireStaff(
    await apiFetch<Session>('/api/auth/signin/', { method: 'POST', body: { email, password, audience: 'dashboard' } }),
  )

export const signInWithGoogle = async (credential: string): Promise<StaffSession> =>
  requireStaff(
    await apiFetch<Session>('/api/auth/google/', { method: 'POST', body: { credential, audience: 'dashboard' } }),
  )

export const requestPasswordReset = (email: string) =>
  apiFetch<MessageReply>('/api/auth/forgotpassword/', { method: 'POST', body: { email } })

export const resetPassword = (body: z.infer<typeof ResetPasswordRequest>) =>
  apiFetch<MessageReply>('/api/auth/reset_password/', { method: 'POST', body })

export const previewInvitation = (token: string, signal?: AbortSignal) =>
  apiFetch<InvitationPreviewData>('/api/auth/employee/invitation/', {
    query: { token },
    ...(signal ? { signal } : {}),
  })

export const acceptInvitation = async (body: AcceptInvitationRequest): Promise<StaffSession> =>
  requireStaff(await apiFetch<Session>('/api/auth/employee/accept/', { method: 'POST', body }))

/** Revokes the presented token; the caller signs out locally whatever the answer. */
export const logout = () => apiFetch<void>('/api/auth/logout/', { method: 'POST', sessionCheck: false })
