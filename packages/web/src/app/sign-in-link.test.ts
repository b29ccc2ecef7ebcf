import { describe, expect, it } from 'vitest'
import { SIGN_IN_PATH, returnPath, signInUrl } from './sign-in-link'

const ORIGIN = 'https://app.example.com'

describe('returnPath', () => {
  it('keeps a path of this site with its query and fragment', () => {
    expect(returnPath('/chats', ORIGIN)).toBe('/chats')
    expect(returnPath('/chats/42?tab=notes#last', ORIGIN)).toBe('/chats/42?tab=notes#last')
    expect(returnPath('/settings/employees', ORIGIN)).toBe('/settings/employees')
  })

  it('goes to the overview when there is no usable path', () => {
    for (const next of [null, '', 'chats', 'https://app.example.com/chats', 'javascript:alert(1)', '?x=1'])
      expect(returnPath(next, ORIGIN), String(next)).toBe('/')
  })

  it('never leaves the site', () => {
    for (const next of [
      '//evil.example/x',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '///evil.example',
    ])
      expect(returnPath(next, ORIGIN), JSON.stringify(next)).toBe('/')
  })

  it('never returns to a sign-in page, however the path is spelt', () => {
    for (const next of ['/auth', '/auth/login', '/auth/login?next=/chats', '/auth/onboarding', '/x/../auth/login'])
      expect(returnPath(next, ORIGIN), next).toBe('/')
  })

  it('keeps paths that only start like a sign-in page', () => {
    expect(returnPath('/authors', ORIGIN)).toBe('/authors')
  })
})

describe('signInUrl', () => {
  it('names where to come back to', () => {
    expect(signInUrl('/chats/42?tab=notes', ORIGIN)).toBe(`${SIGN_IN_PATH}?next=%2Fchats%2F42%3Ftab%3Dnotes`)
  })

  it('names nothing for the overview or a sign-in page', () => {
    expect(signInUrl('/', ORIGIN)).toBe(SIGN_IN_PATH)
    expect(signInUrl('/auth/onboarding', ORIGIN)).toBe(SIGN_IN_PATH)
  })

  it('round-trips through the query string', () => {
    const url = new URL(signInUrl('/community/issues/7?sort=new', ORIGIN), ORIGIN)
    expect(returnPath(url.searchParams.get('next'), ORIGIN)).toBe('/community/issues/7?sort=new')
  })
})
