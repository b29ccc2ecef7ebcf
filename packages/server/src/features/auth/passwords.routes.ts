import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  ChangePasswordRequest,
  ForgotPasswordRequest,
  LegacyMessageReply,
  LinkTokenQuery,
  MessageReply,
  ResendActivationRequest,
  ResetPasswordRequest,
  TokenRequest,
} from '@proxima/contracts'
import { STAFF_OR_CLIENT, accountOf } from '../../http/actor.js'
import { limit, type Limits } from '../../http/rate-limit.js'
import { AppError } from '../../lib/errors.js'
import type { PasswordService } from './passwords.service.js'

const tags = ['auth']

/** Password change and reset, email activation. */
export const passwordRoutes: FastifyPluginAsyncZod<{
  passwords: PasswordService
  limits: Limits | null
  appBaseUrl: string
}> = async (app, { passwords, limits, appBaseUrl }) => {
  app.post(
    '/api/auth/changepassword/',
    {
      schema: {
        tags,
        summary: 'Change own password (needs the current one)',
        body: ChangePasswordRequest,
        response: { 200: MessageReply },
      },
      config: { roles: STAFF_OR_CLIENT },
    },
    (req) => passwords.changePassword(accountOf(req), req.body),
  )

  app.post(
    '/api/auth/forgotpassword/',
    {
      schema: {
        tags,
        summary: 'Email a single-use password reset link',
        body: ForgotPasswordRequest,
        response: { 200: MessageReply },
      },
      config: { public: true, rateLimit: limit(limits, 'accountMail') },
    },
    (req) => passwords.forgotPassword(req.body.email),
  )

  app.post(
    '/api/auth/reset_password/',
    {
      schema: {
        tags,
        summary: 'Set a new password with a reset link token',
        body: ResetPasswordRequest,
        response: { 200: LegacyMessageReply },
      },
      config: { public: true, rateLimit: limit(limits, 'tokenUse') },
    },
    (req) => passwords.resetPassword(req.body),
  )

  app.post(
    '/api/auth/activate_user/',
    {
      schema: { tags, summary: 'Confirm an email address', body: TokenRequest, response: { 200: LegacyMessageReply } },
      config: { public: true, rateLimit: limit(limits, 'tokenUse') },
    },
    (req) => passwords.activate(req.body.token),
  )

  app.get(
    '/api/auth/activate_user/',
    {
      schema: {
        tags,
        summary: 'Activation link target: confirms, then redirects to the sign-in page',
        querystring: LinkTokenQuery,
      },
      config: { public: true, rateLimit: limit(limits, 'tokenUse') },
    },
    async (req, reply) => {
      try {
        if (!req.query.token) throw new AppError(400, 'auth.activation_token_invalid', 'missing')
        await passwords.activate(req.query.token)
        return reply.redirect(`${appBaseUrl}/auth/login?activated=1`, 303)
      } catch (err) {
        if (!(err instanceof AppError) || err.statusCode >= 500) throw err
        return reply.redirect(`${appBaseUrl}/auth/login?activation_error=auth.activation_token_invalid`, 303)
      }
    },
  )

  app.post(
    '/api/auth/resendactivationlink/',
    {
      schema: {
        tags,
        summary: 'Send a new activation link',
        body: ResendActivationRequest,
        response: { 200: LegacyMessageReply },
      },
      config: { public: true, rateLimit: limit(limits, 'accountMail') },
    },
    (req) => passwords.resendActivation(req.body.email),
  )
}
