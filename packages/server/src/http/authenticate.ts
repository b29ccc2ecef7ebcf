import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Texts } from '@proxima/contracts'
import { AppError } from '../lib/errors.js'
import type { Sessions } from '../features/auth/sessions.service.js'
import { roleOf, STAFF } from './actor.js'

const TOKEN_ERRORS = {
  expired: new AppError(401, 'auth.token_expired', 'Your session has expired. Sign in again.'),
  revoked: new AppError(401, 'auth.token_revoked', 'Your session has ended. Sign in again.'),
  invalid: new AppError(401, 'auth.token_invalid', 'Your session is not valid. Sign in again.'),
} as const

/** `Authorization: Token <t>` (scheme case-insensitive; `Bearer` accepted for tooling). */
export function tokenFromHeader(header: string | undefined): string | undefined {
  if (!header) return undefined
  const m = /^\s*(token|bearer)\s+(\S+)\s*$/i.exec(header)
  return m?.[2]
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Resolves the caller before the body is parsed, so a missing or dead token answers 401 first.
 * Every route needs a token unless its config says `public`; roles default to staff.
 */
export function registerAuthentication(app: FastifyInstance, deps: { sessions: Sessions }) {
  app.decorateRequest('actor', null)
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const config = request.routeOptions.config
    if (!request.routeOptions.url || (config.public && !config.optionalActor)) return
    const token = tokenFromHeader(request.headers.authorization)
    if (!token && config.public) return
    if (!token) throw new AppError(401, 'auth.required', 'Sign in to continue.')
    const resolved = await deps.sessions.resolve(token)
    if (resolved.status !== 'ok') throw TOKEN_ERRORS[resolved.status]
    const actor = resolved.actor
    const roles = config.roles ?? STAFF
    if (!roles.includes(roleOf(actor))) throw new AppError(403, 'auth.forbidden', 'You are not allowed to do this.')
    if (actor.kind === 'staff' && resolved.tenant) {
      if (resolved.tenant.status === 'suspended') throw new AppError(403, 'tenant.suspended', Texts.tenantSuspended)
      // The route pattern, not the raw URL: `//api/auth/me` reaches the same route and gets the same answer.
      const exempt =
        READ_METHODS.has(request.method) || config.allowWhenExpired || request.routeOptions.url.startsWith('/api/auth/')
      const ended = resolved.tenant.subscription === 'expired' || resolved.tenant.subscription === 'canceled'
      if (ended && !exempt) throw new AppError(402, 'subscription.expired', Texts.subscriptionExpired)
    }
    request.actor = actor
  })
}
