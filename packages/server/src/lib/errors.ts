import { Texts, type ErrorCode } from '@proxima/contracts'

export type FieldErrors = Record<string, string[]>

/** The one error type services throw; the error handler turns it into `{message, code, errors?}`. */
export class AppError extends Error {
  readonly statusCode: number
  readonly code: ErrorCode
  readonly errors: FieldErrors | undefined
  /** Extra top-level body fields some legacy clients read (e.g. `tenant` on email configuration). */
  readonly extra: Record<string, unknown> | undefined
  readonly headers: Record<string, string> | undefined

  constructor(
    statusCode: number,
    code: ErrorCode,
    message: string,
    opts: { errors?: FieldErrors; extra?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(message)
    this.name = 'AppError'
    this.statusCode = statusCode
    this.code = code
    this.errors = opts.errors
    this.extra = opts.extra
    this.headers = opts.headers
  }
}

export const notFound = () => new AppError(404, 'not_found', Texts.notFound)
export const forbidden = (message = 'You are not allowed to do this.') => new AppError(403, 'auth.forbidden', message)
export const badRequest = (code: ErrorCode, message: string, errors?: FieldErrors) =>
  new AppError(400, code, message, errors ? { errors } : {})
export const conflict = (code: ErrorCode, message: string, errors?: FieldErrors) =>
  new AppError(409, code, message, errors ? { errors } : {})
export const unprocessable = (code: ErrorCode, message: string, errors?: FieldErrors) =>
  new AppError(422, code, message, errors ? { errors } : {})
export const fieldError = (field: string, message: string) =>
  new AppError(400, 'validation.failed', message, { errors: { [field]: [message] } })

/** Returns the value, or throws 404 when it is absent (another tenant's row looks absent too). */
export function assertFound<T>(value: T | undefined | null): T {
  if (value === undefined || value === null) throw notFound()
  return value
}

/** True when a database error is a unique-constraint violation (optionally of one named index). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string; message?: string } | undefined
  if (e?.code !== '23505') return false
  if (!constraint) return true
  return e.constraint === constraint || (e.message ?? '').includes(constraint)
}

/** Socket-level failures of a connection to the database server. */
const LOST_CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])
/** SQLSTATEs of a server that is restarting, shutting down or full: the request may succeed a moment later. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300'])
/** What the `pg` driver says when a connection is gone or cannot be made. */
const LOST_CONNECTION_MESSAGES = ['Connection terminated', 'not queryable', 'timeout exceeded when trying to connect']

/**
 * True when an error says the database server cannot be reached right now (a restart, a failover, a cut
 * network), rather than that the statement was wrong: such requests answer 503 and may be retried.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | undefined
  if (!e || typeof e !== 'object') return false
  if (typeof e.code === 'string') {
    if (LOST_CONNECTION_CODES.has(e.code) || UNAVAILABLE_SQLSTATES.has(e.code) || /^08[0-9A-Z]{3}$/.test(e.code))
      return true
  }
  const message = typeof e.message === 'string' ? e.message : ''
  return LOST_CONNECTION_MESSAGES.some((m) => message.includes(m))
}
