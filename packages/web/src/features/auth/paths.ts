/**
 * The public credential pages, the light entry of the web app (auth.html, auth-main.tsx). The server answers these
 * paths with auth.html (packages/server `features/system/dashboard.routes.ts` names the same ones) and so does the
 * dev server (vite.config.ts); every other page is the dashboard (index.html).
 */
export const AUTH_PAGES = {
  signIn: '/auth/login',
  forgotPassword: '/auth/forgot-password',
  resetPassword: '/auth/reset-password/new-password',
  invitation: '/auth/invitation',
} as const

/** A path as the pages are named: without trailing slashes. */
export const pagePath = (pathname: string) => pathname.replace(/\/+$/, '') || '/'

/** Whether a path is one of the public credential pages. */
export const isAuthPage = (pathname: string) => (Object.values(AUTH_PAGES) as string[]).includes(pagePath(pathname))
