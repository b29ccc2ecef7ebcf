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
