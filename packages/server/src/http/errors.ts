import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'
import { Texts } from '@proxima/contracts'
import { AppError, notFound, type FieldErrors } from '../lib/errors.js'

const ROOT_MESSAGE = {
  body: 'The request body must be a JSON object.',
  querystring: 'The query string is invalid.',
  params: 'The path is invalid.',
  headers: 'A request header is invalid.',
}

function validationError(err: FastifyError & { validation: { instancePath: string; message?: string }[] }): AppError {
  const context = (err.validationContext ?? 'body') as keyof typeof ROOT_MESSAGE
  // A path id that is not a positive integer names nothing: 404 (contract §1.1).
  if (context === 'params') return notFound()
  const errors: FieldErrors = {}
  for (const v of err.validation) {
    const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.')
    const key = field || 'non_field_errors'
    const message = field ? (v.message ?? 'Invalid value.') : ROOT_MESSAGE[context]
    ;(errors[key] ??= []).push(message)
  }
  const first = Object.values(errors)[0]?.[0] ?? 'The request is invalid.'
  return new AppError(400, 'validation.failed', first, { errors })
}

/** Maps anything thrown to an AppError; unknown failures become 500 without internals. */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err
  if (hasZodFastifySchemaValidationErrors(err)) return validationError(err)
  const e = err as FastifyError
  switch (e?.code) {
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError(400, 'request.malformed_json', 'The request body is not valid JSON.')
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError(415, 'request.unsupported_media_type', 'Send the request body as application/json.')
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError(413, 'request.too_large', 'The request body is too large.')
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError(400, 'request.invalid_content_length', 'The Content-Length header does not match the body.')
    case 'FST_ERR_CTP_INVALID_TYPE':
      return new AppError(415, 'request.unsupported_media_type', 'Send the request body as application/json.')
    case 'FST_ERR_HANDLER_TIMEOUT':
      return new AppError(504, 'server.timeout', 'The server took too long to answer. Try again.')
  }
  if (e instanceof SyntaxError && (e as FastifyError).statusCode === 400) {
    return new AppError(400, 'request.malformed_json', 'The request body is not valid JSON.')
  }
  if (
    typeof e?.statusCode === 'number' &&
    e.statusCode >= 400 &&
    e.statusCode < 500 &&
    !isResponseSerializationError(e)
  ) {
    return new AppError(e.statusCode, 'request.invalid', e.message || 'The request is invalid.')
  }
  return new AppError(500, 'internal', Texts.internal)
}

/** The standard body, or the legacy `message.error[0]` form for the three routes that need it. */
export function errorBody(err: AppError, form: 'standard' | 'legacy' | 'detail') {
  if (form === 'legacy') {
    const message: Record<string, string[]> = { error: [err.message], ...(err.errors ?? {}) }
    return {
      message,
      code: err.code,
      detail: err.message,
      ...(err.errors ? { errors: err.errors } : {}),
      ...(err.extra ?? {}),
    }
  }
  return {
    message: err.message,
    code: err.code,
    ...(err.errors ? { errors: err.errors } : {}),
    ...(form === 'detail' ? { detail: err.message } : {}),
    ...(err.extra ?? {}),
  }
}

export function sendError(request: FastifyRequest, reply: FastifyReply, err: AppError) {
  const config = request.routeOptions?.config
  const form = config?.legacyErrors ? 'legacy' : config?.detailErrors ? 'detail' : 'standard'
  if (err.headers) void reply.headers(err.headers)
  return reply.status(err.statusCode).type('application/json; charset=utf-8').send(errorBody(err, form))
}

export function registerErrorHandling(app: FastifyInstance, allowedMethods: (url: string) => string[]) {
  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error)
    if (appError.statusCode >= 500) request.log.error({ err: error }, 'request failed')
    else request.log.info({ code: appError.code, status: appError.statusCode }, 'request refused')
    return sendError(request, reply, appError)
  })

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/'
    const allowed = allowedMethods(path)
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      void reply.header('Allow', allowed.join(', '))
      return sendError(request, reply, new AppError(405, 'method_not_allowed', 'This method is not allowed here.'))
    }
    return sendError(request, reply, notFound())
  })
}
