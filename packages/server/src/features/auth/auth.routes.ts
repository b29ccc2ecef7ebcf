import type {} from '@fastify/cookie'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  DeleteAccountRequest,
  ErrorBody,
  GoogleSigninRequest,
  LegacyErrorBody,
  LinkTokenQuery,
  LogoutRequest,
  Profile,
  ProfileUpdate,
  Session,
  SigninRequest,
  TokenCheckReply,
} from '@proxima/contracts'
import { ANY_ACTOR, STAFF_OR_CLIENT, accountOf, actorOf, clientOf } from '../../http/actor.js'
import { tokenFromHeader } from '../../http/authenticate.js'
import { limit, type Limits } from '../../http/rate-limit.js'
import { AppError } from '../../lib/errors.js'
import type { SigninService } from './signin.service.js'
import type { ProfileService } from './profile.service.js'

export type AuthRoutesDeps = {
  signin: SigninService
  profile: ProfileService
  limits: Limits | null
  appBaseUrl: string
  secureCookies: boolean
}

const tags = ['auth']

/** Sign-in (password and Google), logout, the session check and the own profile. */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesDeps> = async (app, deps) => {
  const { signin, profile } = deps

  app.post(
    '/api/auth/signin/',
    {
      schema: {
        tags,
        summary: 'Sign in with email and password',
        body: SigninRequest,
        response: { 200: Session, 401: LegacyErrorBody },
      },
      config: { public: true, legacyErrors: true, rateLimit: limit(deps.limits, 'signin') },
    },
    (req) => signin.signin(req.body),
  )

  app.post(
    '/api/auth/google/',
    {
      schema: {
        tags,
        summary: 'Sign in with a Google ID token',
        body: GoogleSigninRequest,
        response: { 200: Session },
      },
      config: { public: true, legacyErrors: true, rateLimit: limit(deps.limits, 'signin') },
    },
    (req) => signin.googleSignin(req.body),
  )

  app.post(
    '/api/auth/google/callback/',
    {
      schema: {
        tags,
        summary: 'Google redirect-mode target: sets a one-time hand-off cookie and redirects to the dashboard',
        body: z.object({ credential: z.string().max(8192).optional(), g_csrf_token: z.string().max(512).optional() }),
      },
      config: { public: true, rateLimit: limit(deps.limits, 'signin') },
    },
    async (req, reply) => {
      const cookieToken = req.cookies.g_csrf_token
      const toLogin = (code: string) =>
        reply.redirect(`${deps.appBaseUrl}/auth/login?error=${encodeURIComponent(code)}`, 303)
      if (!cookieToken || !req.body.g_csrf_token || cookieToken !== req.body.g_csrf_token || !req.body.credential) {
        return toLogin('auth.csrf_failed')
      }
      try {
        const value = await signin.googleRedirect(req.body.credential)
        reply.setCookie('pxm_handoff', value, {
          path: '/',
          httpOnly: true,
          secure: deps.secureCookies,
          sameSite: 'lax',
          maxAge: 120,
        })
        return reply.redirect(`${deps.appBaseUrl}/`, 303)
      } catch (err) {
        return toLogin(err instanceof AppError ? err.code : 'auth.google_token_invalid')
      }
    },
  )

  app.post(
    '/api/auth/logout/',
    {
      schema: { tags, summary: 'Revoke the presented token (or every token of the user)', body: LogoutRequest },
      config: { roles: ANY_ACTOR },
    },
    async (req, reply) => {
      await signin.logout(actorOf(req), req.body?.all === true)
      return reply.status(204).send()
    },
  )

  for (const url of ['/auth/checktokenexpiry', '/api/auth/checktokenexpiry']) {
    app.get(
      url,
      {
        schema: {
          tags,
          summary: 'Session check',
          querystring: LinkTokenQuery,
          response: { 200: TokenCheckReply, 401: TokenCheckReply },
        },
        config: { public: true, rateLimit: limit(deps.limits, 'tokenUse') },
      },
      async (req, reply) => {
        const result = await signin.checkToken(req.query.token || tokenFromHeader(req.headers.authorization))
        return reply.status(result.status).header('Cache-Control', 'no-store').send(result.body)
      },
    )
  }

  // ---- own profile, and the legacy paths that read it ----

  for (const url of ['/api/auth/me/', '/api/auth/profile/', '/api/userprofiles/me/']) {
    app.get(
      url,
      { schema: { tags, summary: 'Own profile', response: { 200: Profile } }, config: { roles: STAFF_OR_CLIENT } },
      (req) => profile.getProfile(accountOf(req)),
    )
    app.patch(
      url,
      {
        schema: {
          tags,
          summary: 'Update own profile',
          body: ProfileUpdate,
          response: { 200: Profile, 409: ErrorBody },
        },
        config: { roles: STAFF_OR_CLIENT, allowWhenExpired: true },
      },
      (req) => profile.updateProfile(accountOf(req), req.body),
    )
  }
  app.delete(
    '/api/auth/me/',
    {
      schema: { tags, summary: 'Delete own customer account', body: DeleteAccountRequest },
      config: { roles: ['client'] },
    },
    async (req, reply) => {
      await profile.deleteOwnAccount(clientOf(req), req.body?.password)
      return reply.status(204).send()
    },
  )
  for (const type of ['admin', 'employee', 'client'] as const) {
    app.get(
      `/api/userprofiles/${type}/`,
      {
        schema: { tags, summary: `Own profile (only for ${type} accounts)`, response: { 200: Profile } },
        config: { roles: STAFF_OR_CLIENT },
      },
      (req) => {
        const actor = accountOf(req)
        const actual = actor.kind === 'client' ? 'client' : actor.userType
        if (actual !== type) throw new AppError(403, 'auth.forbidden', 'You are not allowed to do this.')
        return profile.getProfile(actor)
      },
    )
  }
}
