import { AUTH_PAGES } from '../features/auth/paths'

/*
 * Links between the dashboard and the sign-in page. The sign-in pages are their own light entry (auth.html), so every
 * move between the two is a full page load, and where to return after signing in travels as `?next=`.
 */

export const SIGN_IN_PATH = AUTH_PAGES.signIn

const isAuthPath = (pathname: string) => pathname === '/auth' || pathname.startsWith('/auth/')

/**
 * Where to go after signing in: `next` when it is a path on this site (one leading slash) outside the sign-in pages,
 * otherwise the overview. Anything that would leave the site, such as `//host` or `/\host`, counts as no path.
 */
export const returnPath = (next: string | null, origin: string = window.location.origin): string => {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/'
  let url: URL
  try {
    url = new URL(next, origin)
  } catch {
    return '/'
  }
  if (url.origin !== origin || isAuthPath(url.pathname)) return '/'
  return `${url.pathname}${url.search}${url.hash}`
}

/** The sign-in page, asked to come back to `from` afterwards (not when that is the overview or a sign-in page). */
export const signInUrl = (from: string, origin: string = window.location.origin): string => {
  const next = returnPath(from, origin)
  return next === '/' ? SIGN_IN_PATH : `${SIGN_IN_PATH}?next=${encodeURIComponent(next)}`
}

/** Opens the sign-in page in place of the current one, to come back here after signing in. */
export const leaveForSignIn = () => {
  const { pathname, search, hash } = window.location
  window.location.replace(signInUrl(`${pathname}${search}${hash}`))
}
