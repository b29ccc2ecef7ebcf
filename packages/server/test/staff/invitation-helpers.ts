import { expect } from 'vitest'
import { Texts } from '@proxima/contracts'
import type { TestApp } from '../app.js'
import { PASSWORD, auth, tokenFromOutbox, unique } from '../factories.js'

export const DAY = 86_400_000
export const INVALID = { message: Texts.invitationInvalid, code: 'auth.invitation_invalid' }
export const NOT_FOUND = { message: Texts.notFound, code: 'not_found' }
export const INVITE_PATHS = ['/api/auth/employee/', '/api/staff/invitations/']

/** Request helpers bound to the app of a test file; each takes another app as its last argument. */
export function invitationHelpers(app: () => TestApp) {
  const newEmail = () => `${unique('invitee')}@example.com`
  const invite = (
    token: string,
    payload: Record<string, unknown>,
    url = '/api/staff/invitations/',
    a: TestApp = app(),
  ) => a.inject({ method: 'POST', url, headers: auth(token), payload })
  const preview = (token: string, a: TestApp = app()) =>
    a.inject({ method: 'GET', url: `/api/auth/employee/invitation/?token=${encodeURIComponent(token)}` })
  const accept = (payload: Record<string, unknown>, a: TestApp = app()) =>
    a.inject({ method: 'POST', url: '/api/auth/employee/accept/', payload })
  const person = (token: string, overrides: Record<string, unknown> = {}) => ({
    token,
    username: unique('member'),
    first_name: 'Nia',
    last_name: 'New',
    password: PASSWORD,
    confirm_password: PASSWORD,
    ...overrides,
  })
  const list = (token: string, query = '', a: TestApp = app()) =>
    a.inject({ method: 'GET', url: `/api/staff/invitations/${query}`, headers: auth(token) })

  /** Invites an address and returns the invitation with the token of its link. */
  async function invited(
    adminToken: string,
    email = newEmail(),
    extra: Record<string, unknown> = {},
    a: TestApp = app(),
  ) {
    const res = await invite(adminToken, { email, ...extra }, '/api/staff/invitations/', a)
    expect(res.statusCode, res.body).toBe(201)
    return { invitation: res.json(), email, link: await tokenFromOutbox(a, email, 'staff_invitation') }
  }
  return { newEmail, invite, preview, accept, person, list, invited }
}
