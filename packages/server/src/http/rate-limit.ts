import { createRequire } from 'node:module'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import { AppError } from '../lib/errors.js'
import { hashToken } from '../lib/crypto.js'
import { tokenFromHeader } from './authenticate.js'

/** Buckets of contract §1.9; numbers are per window and may be changed by the operator or tests. */
export const DEFAULT_LIMITS = {
  signin: { max: 10, window: 60_000 },
  accountMail: { max: 5, window: 60_000 },
  tokenUse: { max: 30, window: 60_000 },
  onboarding: { max: 5, window: 3_600_000 },
  registration: { max: 10, window: 3_600_000 },
  visitors: { max: 20, window: 3_600_000 },
  voice: { max: 10, window: 60_000 },
  ai: { max: 30, window: 60_000 },
  reports: { max: 10, window: 60_000 },
  publicSurvey: { max: 60, window: 60_000 },
  publicSurveyAccepted: { max: 10, window: 3_600_000 },
  default: { max: 600, window: 60_000 },
} as const

export type Bucket = keyof typeof DEFAULT_LIMITS
export type Limits = Record<Bucket, { max: number; window: number }>

/** The route config that puts a route in a bucket (keyed by client IP). */
export function limit(limits: Limits | null, bucket: Bucket) {
  if (!limits) return false as const
  const b = limits[bucket]
  return { max: b.max, timeWindow: b.window, keyGenerator: (req: FastifyRequest) => `${bucket}:${req.ip}` }
}

/** The route config that puts sibling routes in one bucket keyed by client IP (they share one allowance). */
export function limitSharedByIp(limits: Limits | null, bucket: Bucket) {
  if (!limits) return false as const
  const b = limits[bucket]
  return {
    max: b.max,
    timeWindow: b.window,
    sharedBucket: bucket,
    keyGenerator: (req: FastifyRequest) => `${bucket}:${req.ip}`,
  }
}

/**
 * A count of accepted actions per key in a sliding window, in this process (e.g. accepted survey responses per IP
 * and survey: refused attempts do not count). `check` throws 429 once the bucket is full; `record` counts one.
 */
export function acceptedLimiter(limits: Limits | null, bucket: Bucket, now: () => number = Date.now) {
  const seen = new Map<string, number[]>()
  const recent = (key: string) => {
    if (!limits) return []
    const since = now() - limits[bucket].window
    const kept = (seen.get(key) ?? []).filter((t) => t > since)
    if (kept.length === 0) seen.delete(key)
    else seen.set(key, kept)
    return kept
  }
  return {
    check(key: string) {
      if (!limits) return
      const kept = recent(key)
      if (kept.length < limits[bucket].max) return
      const seconds = Math.max(1, Math.ceil((kept[0]! + limits[bucket].window - now()) / 1000))
      throw new AppError(429, 'rate_limited', `Too many responses. Try again in ${seconds} seconds.`, {
        headers: { 'Retry-After': String(seconds) },
      })
    },
    record(key: string) {
      if (!limits) return
      seen.set(key, [...recent(key), now()])
    },
  }
}

/** The route config that puts a route in a bucket counted per sender (session token; IP when there is none). */
export function limitPerSender(limits: Limits | null, bucket: Bucket) {
  if (!limits) return false as const
  const b = limits[bucket]
  return {
    max: b.max,
    timeWindow: b.window,
    keyGenerator: (req: FastifyRequest) => {
      const token = tokenFromHeader(req.headers.authorization)
      return token ? `${bucket}:token:${hashToken(token).slice(0, 32)}` : `${bucket}:ip:${req.ip}`
    },
  }
}

/**
 * The route config that puts a route in a bucket counted per tenant: it runs once the caller is known (preHandler),
 * so routes using it must require a staff or visitor token. Every route of the bucket (aliases included) counts
 * against one allowance per tenant (contract §1.9: all AI helpers and search together).
 */
export function limitPerTenant(limits: Limits | null, bucket: Bucket) {
  if (!limits) return false as const
  const b = limits[bucket]
  return {
    max: b.max,
    timeWindow: b.window,
    hook: 'preHandler' as const,
    sharedBucket: bucket,
    keyGenerator: (req: FastifyRequest) => {
      const actor = req.actor
      return actor && actor.kind !== 'client' ? `${bucket}:tenant:${actor.tenantId}` : `${bucket}:ip:${req.ip}`
    },
  }
}

type LocalStoreCtor = new (
  continueExceeding: boolean | undefined,
  exponentialBackoff: boolean | undefined,
) => FastifyRateLimitStore
const LocalStore = createRequire(import.meta.url)('@fastify/rate-limit/store/LocalStore') as LocalStoreCtor

/**
 * The plugin's in-memory store, except that routes naming a `sharedBucket` share that bucket's counters (the plugin
 * gives each route with its own limit its own store, so aliases and sibling routes would each get a full allowance).
 */
function bucketStore(): FastifyRateLimitStoreCtor {
  return class BucketStore {
    private readonly base: FastifyRateLimitStore
    private readonly shared = new Map<string, FastifyRateLimitStore>()

    constructor(options: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      this.base = new LocalStore(options.continueExceeding, options.exponentialBackoff)
    }

    incr(...args: Parameters<FastifyRateLimitStore['incr']>) {
      this.base.incr(...args)
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0] & { sharedBucket?: string }) {
      const name = routeOptions.sharedBucket
      if (!name) return this.base.child(routeOptions)
      let store = this.shared.get(name)
      if (!store) this.shared.set(name, (store = this.base.child(routeOptions)))
      return store
    }
  }
}

/**
 * Every route is limited (default bucket, keyed by token or else IP) unless it names its own bucket
 * or opts out (health, static files). Responses carry RateLimit-* headers; a 429 also Retry-After.
 */
export async function registerRateLimits(app: FastifyInstance, limits: Limits | null) {
  if (!limits) return
  await app.register(rateLimit, {
    global: true,
    store: bucketStore(),
    max: limits.default.max,
    timeWindow: limits.default.window,
    enableDraftSpec: true,
    keyGenerator: (req) => {
      const token = tokenFromHeader(req.headers.authorization)
      return token ? `token:${hashToken(token).slice(0, 32)}` : `ip:${req.ip}`
    },
    errorResponseBuilder: (_req, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000))
      return new AppError(429, 'rate_limited', `Too many requests. Try again in ${seconds} seconds.`, {
        headers: { 'Retry-After': String(seconds) },
      })
    },
  })
}
