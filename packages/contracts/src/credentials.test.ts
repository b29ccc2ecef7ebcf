import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { safeParse, type $ZodType } from 'zod/v4/core'
import { AcceptInvitationRequest, ResetPasswordRequest, SigninRequest } from './auth.js'
import {
  Email,
  ForgotPasswordRequest,
  InvitationAccountForm,
  Password,
  ResetPasswordForm,
  SigninCredentials,
  Texts,
  Username,
} from './credentials.js'

/** The first message per field of a failed parse, as a form shows them. */
const messages = (schema: $ZodType, input: unknown) => {
  const result = safeParse(schema, input)
  if (result.success) return {}
  const out: Record<string, string> = {}
  for (const issue of result.error.issues) out[issue.path.join('.')] ??= issue.message
  return out
}

describe('the credential rules', () => {
  it('trims an email, checks it and stores it lower-cased', () => {
    expect(Email.parse('  Ada@Example.COM ')).toBe('ada@example.com')
    expect(messages(z.object({ email: Email }), {})).toEqual({ email: 'Email is required.' })
    expect(messages(z.object({ email: Email }), { email: ' ' })).toEqual({ email: 'Email is required.' })
    expect(messages(z.object({ email: Email }), { email: 'ada@' })).toEqual({ email: 'Enter a valid email address.' })
    expect(messages(z.object({ email: Email }), { email: 7 })).toEqual({ email: 'Enter a valid email address.' })
  })

  it('asks for a password of at least 8 characters with a letter and a digit', () => {
    expect(Password.safeParse('Blue-harbour-71').success).toBe(true)
    expect(messages(Password, 'short1')).toEqual({ '': 'Password must be at least 8 characters.' })
    expect(messages(Password, '12345678')).toEqual({ '': 'Password must contain at least one letter.' })
    expect(messages(Password, 'abcdefgh')).toEqual({ '': 'Password must contain at least one digit.' })
  })

  it('keeps usernames to letters, digits, ".", "_" and "-"', () => {
    expect(Username.parse(' nia.new_1 ')).toBe('nia.new_1')
    expect(messages(Username, 'no way')).toEqual({
      '': 'Username may contain only letters, digits, ".", "_" and "-".',
    })
  })

  it('are the rules the server applies: its request bodies are built from them', () => {
    const credentials = { email: 'ADA@example.com', password: 'x' }
    expect(SigninRequest.parse({ ...credentials, audience: 'Dashboard' })).toEqual({
      ...SigninCredentials.parse(credentials),
      audience: 'dashboard',
    })
    expect(messages(SigninRequest, {})).toEqual(messages(SigninCredentials, {}))
    expect(ForgotPasswordRequest.parse({ email: 'A@B.co' })).toEqual({ email: 'a@b.co' })
    expect(messages(AcceptInvitationRequest, { token: 't', password: 'short' })).toEqual({
      password: 'Password must be at least 8 characters.',
    })
    // The legacy field names of a reset still arrive at the same rules.
    expect(
      ResetPasswordRequest.parse({ token: 't', new_password1: 'Blue-harbour-71', new_password2: 'Blue-harbour-71' }),
    ).toEqual({ token: 't', new_password: 'Blue-harbour-71', confirm_password: 'Blue-harbour-71' })
  })
})

describe('the credential forms', () => {
  const account = {
    token: 'invitation-token',
    username: 'nia',
    first_name: 'Nia',
    last_name: 'Newcomer',
    password: 'Blue-harbour-71',
    confirm_password: 'Blue-harbour-71',
  }

  it('accept a new account whose confirmation repeats the password', () => {
    expect(InvitationAccountForm.parse(account)).toEqual(account)
    expect(
      ResetPasswordForm.parse({ token: 't', new_password: 'Blue-harbour-71', confirm_password: 'Blue-harbour-71' }),
    ).toEqual({ token: 't', new_password: 'Blue-harbour-71', confirm_password: 'Blue-harbour-71' })
  })

  it('say under the confirmation when it differs, alongside the other fields', () => {
    expect(messages(InvitationAccountForm, { ...account, username: 'x', confirm_password: 'Blue-harbour-72' })).toEqual(
      { username: 'Username must be at least 3 characters.', confirm_password: Texts.passwordMismatch },
    )
    expect(
      messages(ResetPasswordForm, { token: 't', new_password: 'Blue-harbour-71', confirm_password: 'other' }),
    ).toEqual({ confirm_password: Texts.passwordMismatch })
  })

  it('ask for the confirmation first when it is empty', () => {
    expect(messages(InvitationAccountForm, { ...account, first_name: ' ', confirm_password: '' })).toEqual({
      first_name: 'First name is required.',
      confirm_password: 'Confirm your password.',
    })
  })
})
