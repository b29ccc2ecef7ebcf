import type { LightMyRequestResponse } from 'fastify'
import type { TestApp } from '../app.js'
import { auth, createClient } from '../factories.js'
import type { Operation } from './openapi-routes.js'
import { newVisitor, signIn, type TenantWorld } from './tenant-world.js'

export type CallerName = 'admin' | 'employee' | 'client' | 'visitor' | 'anonymous'
export const CALLERS: CallerName[] = ['admin', 'employee', 'client', 'visitor', 'anonymous']

const TOKEN_CODES = new Set(['auth.token_revoked', 'auth.token_invalid', 'auth.token_expired'])

/**
 * The signed-in callers of one tenant, kept usable: a hostile request may end its own session (logout), erase a
 * visitor or delete the calling account, so a caller whose token stops working is signed in (or made) again.
 */
export function callerPool(app: TestApp, world: TenantWorld) {
  const tokens: Record<CallerName, string | undefined> = {
    admin: world.admin.token,
    employee: world.employee.token,
    client: world.client.token,
    visitor: world.visitor.token,
    anonymous: undefined,
  }
  let clientEmail = world.client.email

  async function renew(name: CallerName) {
    if (name === 'admin') tokens.admin = await signIn(app, world.admin.email)
    if (name === 'employee') {
      // A hostile request of the admin may have disabled the employee: enable the account again first.
      await app.inject({ method: 'POST', url: `/api/staff/${world.employee.id}/enable/`, headers: auth(tokens.admin!) })
      await app.inject({
        method: 'PATCH',
        url: `/api/staff/${world.employee.id}/`,
        headers: auth(tokens.admin!),
        payload: { user_type: 'employee' },
      })
      tokens.employee = await signIn(app, world.employee.email)
    }
    if (name === 'visitor') tokens.visitor = (await newVisitor(app, tokens.admin!, 'Vic Visitor')).token
    if (name === 'client') {
      try {
        tokens.client = await signIn(app, clientEmail)
      } catch {
        const c = await createClient(app)
        clientEmail = c.client.email
        tokens.client = c.token
      }
    }
  }

  /** Sends a request as a caller; a reply saying the caller's own session is gone renews it and sends again. */
  async function send(
    name: CallerName,
    request: { method: string; url: string; headers: Record<string, string>; payload?: string | Buffer },
  ): Promise<LightMyRequestResponse> {
    for (let attempt = 0; ; attempt++) {
      const token = tokens[name]
      const res = await app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: { ...request.headers, ...(token ? auth(token) : {}) },
        ...(request.payload !== undefined ? { payload: request.payload } : {}),
      })
      if (attempt > 0 || !token || res.statusCode !== 401 || !TOKEN_CODES.has(codeOf(res))) return res
      if (name === 'admin') await renew('admin')
      else {
        if (!(await stillValid(tokens.admin!))) await renew('admin')
        await renew(name)
      }
    }
  }

  async function stillValid(token: string) {
    const res = await app.inject({ method: 'GET', url: '/api/auth/checktokenexpiry', headers: auth(token) })
    return res.statusCode === 200
  }

  /**
   * Which callers the route lets in, found by asking each with a body that cannot parse: authentication runs
   * before the body is read, so the reply is 401/403 for a caller the route refuses and 400 (or the route's
   * answer, for routes that read no body) for one it lets in, and nothing is changed either way.
   */
  async function allowedCallers(op: Operation, url: string): Promise<CallerName[]> {
    const allowed: CallerName[] = []
    for (const name of CALLERS) {
      const res = await send(name, {
        method: op.method,
        url,
        headers: { 'content-type': 'application/json' },
        payload: '{',
      })
      const code = codeOf(res)
      if (res.statusCode === 403 && code === 'auth.forbidden') continue
      if (res.statusCode === 401 && code.startsWith('auth.')) continue
      allowed.push(name)
    }
    return allowed
  }

  return { send, allowedCallers, renew }
}

export function codeOf(res: LightMyRequestResponse): string {
  try {
    const body = res.json<{ code?: unknown }>()
    return typeof body.code === 'string' ? body.code : ''
  } catch {
    return ''
  }
}

export type CallerPool = ReturnType<typeof callerPool>
