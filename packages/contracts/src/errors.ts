import { z } from 'zod'

/** The standard error body (contract §1.7). */
export const ErrorBody = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
})
export type ErrorBody = z.infer<typeof ErrorBody>

/** Legacy form used by sign-in, admin registration and tenant creation: `message.error[0]` is the summary. */
export const LegacyErrorBody = z.object({
  message: z.record(z.string(), z.array(z.string())),
  code: z.string(),
  detail: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
})
export type LegacyErrorBody = z.infer<typeof LegacyErrorBody>

/** User-facing texts fixed by the seed or the contract. */
export const Texts = {
  notStaff: 'This user does not belong to any organization. Use the mobile application if you are a customer.',
  invalidCredentials: 'A user with this email and password was not found.',
  accountDisabled: "This account has been disabled. Contact your organization's administrator.",
  tenantSuspended: "Your organization's account is suspended. Contact support.",
  locked: 'Too many failed sign-in attempts. Try again in 15 minutes.',
  duplicateBoth: 'username and email already registered',
  duplicateUsername: 'username already registered',
  duplicateEmail: 'email already registered',
  onboardingTokenInvalid: 'This onboarding link is invalid or has expired. Please register your organization again.',
  tenantNameTaken: 'Tenant name already registered',
  tokenValid: 'Token is valid',
  tokenExpired: 'Token has expired',
  notFound: 'Not found.',
  internal: 'Something went wrong. Try again later.',
  forgotPassword: 'If an account exists for this email, a password reset link has been sent.',
  resendActivation: 'If this account still needs activation, a new activation link has been sent.',
  // Without a mail transport nothing can be sent, so the replies say so (the same whatever the address).
  forgotPasswordNoMail:
    'Mail is not configured on this server, so no password reset link can be sent. Contact the person who runs it.',
  resendActivationNoMail:
    'Mail is not configured on this server, so no activation link can be sent. Contact the person who runs it.',
  passwordChanged: 'Password changed successfully',
  passwordReset: 'Password Updated Successfully. Please login',
  emailConfirmed: 'Your email address has been confirmed. Please login.',
  resetTokenInvalid: 'This reset link is invalid or has expired.',
  activationTokenInvalid: 'This activation link is invalid or has expired.',
  invitationInvalid: 'This invitation is invalid or has expired.',
  wrongPassword: 'The current password is incorrect.',
  passwordMismatch: "The two password fields didn't match.",
  passwordCommon: 'This password is too common.',
  googleNoAccount:
    'No Proxima account uses this Google email. Sign up first or ask your administrator for an invitation.',
  googleTokenInvalid: 'Google sign-in failed. Try again.',
  googleUnavailable: 'Google sign-in is not configured on this server.',
  subscriptionExpired: 'Your subscription has ended. Choose a plan to continue.',
  aiQuotaExceeded: "Your plan's AI allowance for this month is used up.",
  aiProviderError: 'The AI service failed to answer. Try again.',
  aiUnavailable: 'AI features are not available right now.',
  aiTimeout: 'The AI service took too long to answer. Try again.',
  voiceTypeNotAllowed: 'Voice messages must be WebM, Ogg, MP3, M4A/AAC, WAV or 3GPP audio.',
} as const
