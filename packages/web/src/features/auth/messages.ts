import { Texts } from '@proxima/contracts/credentials'

export const ACTIVATED_TEXT = 'Your email address has been confirmed. Please sign in.'

/** Texts for the `?error=<code>` the Google redirect sign-in sends back to the sign-in page. */
const SIGNIN_ERRORS: Record<string, string> = {
  'auth.csrf_failed': Texts.googleTokenInvalid,
  'auth.google_token_invalid': Texts.googleTokenInvalid,
  'auth.google_no_account': Texts.googleNoAccount,
  'auth.google_unavailable': Texts.googleUnavailable,
  'auth.not_staff': Texts.notStaff,
  'auth.account_disabled': Texts.accountDisabled,
  'tenant.suspended': Texts.tenantSuspended,
  'auth.locked': Texts.locked,
}

export const signinErrorText = (code: string): string => SIGNIN_ERRORS[code] ?? Texts.googleTokenInvalid

export const activationErrorText = (_code: string): string => Texts.activationTokenInvalid
