import type { AcceptInvitationRequest, InvitationPreview, Session, StaffSession } from '@proxima/contracts'
import { Texts } from '@proxima/contracts/credentials'
import type { z } from 'zod'
import { ApiError } from '../../api/errors'
import { sendRequest } from '../../api/http'
import { asStaffSession } from '../../app/stored-session'

/*
 * The credential endpoints, for the public sign-in pages and onboarding: they take no session, so they are called
 * without the dashboard's store (api/http.ts).
 */

export type InvitationPreviewData = z.infer<typeof InvitationPreview>
type MessageReply = { message: string }

/** Only a reply with a token and a staff user type opens the dashboard (sign-in rule). */
export const requireStaff = (reply: Session | undefined): StaffSession => {
  const session = asStaffSession(reply)
  if (!session) throw new ApiError({ status: 403, code: 'auth.not_staff', message: Texts.notStaff })
  return session
}

export const signIn = async (credentials: { email: string; password: string }): Promise<StaffSession> =>
  requireStaff(
    await sendRequest<Session>('/api/auth/signin/', {
      method: 'POST',
      body: { ...credentials, audience: 'dashboard' },
    }),
  )

export const signInWithGoogle = async (credential: string): Promise<StaffSession> =>
  requireStaff(
    await sendRequest<Session>('/api/auth/google/', { method: 'POST', body: { credential, audience: 'dashboard' } }),
  )

export const requestPasswordReset = (body: { email: string }) =>
  sendRequest<MessageReply>('/api/auth/forgotpassword/', { method: 'POST', body })

export const requestActivationLink = (body: { email: string }) =>
  sendRequest<MessageReply>('/api/auth/resendactivationlink/', { method: 'POST', body })

export const resetPassword = (body: { token: string; new_password: string; confirm_password: string }) =>
  sendRequest<MessageReply>('/api/auth/reset_password/', { method: 'POST', body })

export const previewInvitation = (token: string, signal?: AbortSignal) =>
  sendRequest<InvitationPreviewData>('/api/auth/employee/invitation/', {
    query: { token },
    ...(signal ? { signal } : {}),
  })

export const acceptInvitation = async (body: AcceptInvitationRequest): Promise<StaffSession> =>
  requireStaff(await sendRequest<Session>('/api/auth/employee/accept/', { method: 'POST', body }))
