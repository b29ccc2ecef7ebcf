import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Db } from '../db/database.js'
import { addHours, type Clock } from '../lib/clock.js'
import { AppError, isUniqueViolation } from '../lib/errors.js'
import {
  deleteIdempotencyKey,
  deleteUnfinishedClaim,
  findIdempotencyKey,
  insertIdempotencyClaim,
  saveIdempotentResponse,
  sweepExpiredIdempotencyKeys,
  type StoredKey,
} from './idempotency.queries.js'

const KEY = /^[\x21-\x7e]{1,128}$/
const KEEP_HOURS = 24

type Claim = { id: number }

declare module 'fastify' {
  // Module augmentation merges only with interfaces.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    idempotencyClaim?: Claim
  }
}

/** Who is retrying: the token owner, or the address for public calls. */
function callerOf(req: FastifyRequest): string {
  const a = req.actor
  if (!a) return `ip:${req.ip}`
  return a.kind === 'visitor' ? `visitor:${a.visitorId}` : `user:${a.userId}`
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex')

/** Uploaded files (Buffer fields of a multipart form) count by their bytes: each is hashed as its digest. */
function digestFiles(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || Buffer.isBuffer(value)) return value
  const entries = Object.entries(value)
  if (!entries.some(([, v]) => Buffer.isBuffer(v))) return value
  return Object.fromEntries(entries.map(([k, v]) => [k, Buffer.isBuffer(v) ? { sha256: sha256(v) } : v]))
}

function hashBody(body: unknown): string {
  return sha256(JSON.stringify(body ?? null, digestFiles))
}

/**
 * `Idempotency-Key` on the routes whose config says `idempotent` (contract §1.10): the same key with the same
 * body replays the stored status and body with `Idempotent-Replayed: true`; with another body → 422; while the
 * first request is still running → 409. Server errors are not stored, so they can be retried.
 */
export function registerIdempotency(app: FastifyInstance, deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps

  async function replay(reply: FastifyReply, row: StoredKey & { status_code: number }) {
    void reply.status(row.status_code).header('Idempotent-Replayed', 'true')
    if (row.response_type) void reply.type(row.response_type)
    if (row.response_location) void reply.header('Location', row.response_location)
    return reply.send(row.response_body ?? undefined)
  }

  app.addHook('preHandler', async (req, reply) => {
    if (!req.routeOptions.config.idempotent) return
    const header = req.headers['idempotency-key']
    if (header === undefined) return
    const key = Array.isArray(header) ? header[0] : header
    if (!key || !KEY.test(key)) {
      throw new AppError(400, 'validation.failed', 'Idempotency-Key must be 1 to 128 printable ASCII characters.', {
        errors: { 'Idempotency-Key': ['Idempotency-Key must be 1 to 128 printable ASCII characters.'] },
      })
    }
    const owner = { caller: callerOf(req), route: `${req.method} ${req.routeOptions.url}`, key }
    const requestHash = hashBody(req.body)
    const now = clock.now()
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        req.idempotencyClaim = await insertIdempotencyClaim(db, owner, {
          requestHash,
          expiresAt: addHours(now, KEEP_HOURS),
        })
        return
      } catch (err) {
        if (!isUniqueViolation(err)) throw err
      }
      const row = await findIdempotencyKey(db, owner)
      if (!row) continue
      if (row.expires_at.getTime() <= now.getTime()) {
        await deleteIdempotencyKey(db, row.id)
        continue
      }
      if (row.request_hash !== requestHash) {
        throw new AppError(
          422,
          'idempotency.mismatch',
          'This Idempotency-Key was already used with a different request.',
        )
      }
      // A first request that never finished (the process died) stops blocking after two minutes.
      if (row.status_code === null && now.getTime() - row.created_at.getTime() > 120_000) {
        await deleteIdempotencyKey(db, row.id)
        continue
      }
      if (row.status_code === null) {
        throw new AppError(
          409,
          'idempotency.in_progress',
          'A request with this Idempotency-Key is still being processed.',
        )
      }
      return replay(reply, { ...row, status_code: row.status_code })
    }
    throw new AppError(409, 'idempotency.in_progress', 'A request with this Idempotency-Key is still being processed.')
  })

  // An aborted request never reaches onSend: free its key so a retry can run.
  app.addHook('onResponse', async (req) => {
    const claim = req.idempotencyClaim
    if (!claim) return
    req.idempotencyClaim = undefined
    await deleteUnfinishedClaim(db, claim.id)
  })

  app.addHook('onSend', async (req, reply, payload) => {
    const claim = req.idempotencyClaim
    if (!claim) return payload
    req.idempotencyClaim = undefined
    if (reply.statusCode >= 500 || (payload !== null && payload !== undefined && typeof payload !== 'string')) {
      await deleteIdempotencyKey(db, claim.id)
      return payload
    }
    const type = reply.getHeader('content-type')
    const location = reply.getHeader('location')
    await saveIdempotentResponse(db, claim.id, {
      status_code: reply.statusCode,
      response_body: payload ?? null,
      response_type: typeof type === 'string' ? type : null,
      response_location: typeof location === 'string' ? location : null,
    })
    return payload
  })
}

/** The hourly job, sweeping every caller of every tenant: drops keys older than a day. */
export function purgeIdempotencyKeys(db: Db, now: Date): Promise<void> {
  return sweepExpiredIdempotencyKeys(db, now)
}
