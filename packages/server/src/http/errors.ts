import { STATUS_CODES } from 'node:http'
import type { Duplex } from 'node:stream'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'
import { Texts } from '@proxima/contracts'
import { AppError, isDatabaseUnavailable, notFound, type FieldErrors } from '../lib/errors.js'

const ROOT_MESSAGE = {
  body: 'The request body must be a JSON object.',
  querystring: 'The query string is invalid.',
  params: 'The path is invalid.',
  headers: 'A request header is invalid.',
}

type ValidationItem = { instancePath: string; message?: string; keyword?: string; params?: { errors?: unknown } }
type UnionBranchIssue = { code?: string; path?: PropertyKey[]; message?: string }

/**
 * A value that fits no form of a union (`survey_questions`: an array of questions or a legacy object) is reported
 * by the form it took: when every other form failed only on the value's own type, that form's field errors are
 * given, under their full paths, instead of one "Invalid input" on the whole value.
 */
function expandUnion(v: ValidationItem): ValidationItem[] {
  const branches = v.params?.errors
  if (v.keyword !== 'invalid_union' || !Array.isArray(branches)) return [v]
  const typeOnly = (issues: UnionBranchIssue[]) =>
    issues.every((i) => i.code === 'invalid_type' && (i.path?.length ?? 0) === 0)
  const fitting = (branches as UnionBranchIssue[][]).filter((b) => Array.isArray(b) && !typeOnly(b))
  if (fitting.length !== 1) return [v]
  return fitting[0]!.map((i) => ({
    instancePath: [v.instancePath, ...(i.path ?? []).map(String)].join('/'),
    message: i.message ?? v.message,
  }))
}

function validationError(err: FastifyError & { validation: ValidationItem[] }): AppError {
  const context = err.validationContext ?? 'body'
  // A path id that is not a positive integer names nothing: 404 (contract §1.1).
  if (context === 'params') return notFound()
  const errors: FieldErrors = {}
  for (const v of err.validation.flatMap(expandUnion)) {
    const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.')
    const key = field || 'non_field_errors'
    const message = field ? (v.message ?? 'Invalid value.') : ROOT_MESSAGE[context]
    ;(errors[key] ??= []).push(message)
  }
  const first = Object.values(errors)[0]?.[0] ?? 'The request is invalid.'
  return new AppError(400, 'validation.failed', first, { errors })
}

/** Seconds a client is asked to wait (`Retry-After`) when the database cannot be reached. */
const DATABASE_RETRY_AFTER_S = 5

export const databaseUnavailable = () =>
  new AppError(503, 'service.unavailable', 'The service is briefly unavailable. Try again in a moment.', {
    headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_S) },
  })

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
    case 'FST_ERR_BAD_URL':
      return new AppError(400, 'request.invalid_url', 'The URL is not valid: check its percent-encoding.')
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return notFound()
  }
  if (isDatabaseUnavailable(err)) return databaseUnavailable()
  if (e instanceof SyntaxError && e.statusCode === 400) {
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
  // An `Expect` other than 100-continue: Node answers 417 without a body unless the server handles it.
  app.server.on('checkExpectation', (_req, res) => {
    const err = new AppError(417, 'request.expectation_failed', 'Only "Expect: 100-continue" is supported.')
    const body = JSON.stringify(errorBody(err, 'standard'))
    res.writeHead(err.statusCode, rawHeaders(body, {})).end(body)
  })
  app.addHook('onRequest', async (request) => {
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined)
      throw new AppError(400, 'request.missing_host', 'HTTP/1.1 requests must carry a Host header.')
  })
  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error)
    // An unreachable database fails every request alike: one line each, without the stack.
    if (isDatabaseUnavailable(error)) request.log.warn({ err: (error as Error).message }, 'database unavailable')
    else if (appError.statusCode >= 500 && appError.code !== 'service.unavailable')
      request.log.error({ err: error }, 'request failed')
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

/** The headers of an error answered outside Fastify's reply, on a connection that is then closed. */
function rawHeaders(body: string, extra: Record<string, string>): Record<string, string> {
  return {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
    Connection: 'close',
    ...extra,
  }
}

/**
 * Writes an error answer straight on a socket (Node's parser or the WebSocket handshake refused the request, so
 * there is no reply object), then closes it. Nothing is written once another answer has begun on it.
 */
export function answerOnSocket(socket: Duplex, err: AppError, headers: Record<string, string> = {}) {
  if (socket.destroyed) return
  // The answer Node has begun for this connection, if any: once its head is out, another would corrupt it.
  const current = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage
  if (!socket.writable || current?.headersSent) {
    socket.destroy()
    return
  }
  const body = JSON.stringify(errorBody(err, 'standard'))
  const head = Object.entries(rawHeaders(body, headers)).map(([k, v]) => `${k}: ${v}\r\n`)
  socket.end(`HTTP/1.1 ${err.statusCode} ${STATUS_CODES[err.statusCode] ?? 'Error'}\r\n${head.join('')}\r\n${body}`)
  // A peer that never reads must not keep the socket open.
  setTimeout(() => socket.destroy(), 1_000).unref()
}

/** What Node's HTTP parser refused, as the answer the client gets. */
function clientError(code: string | undefined): AppError {
  if (code === 'HPE_HEADER_OVERFLOW')
    return new AppError(431, 'request.headers_too_large', 'The URL or the request headers are too large.')
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return new AppError(408, 'request.timeout', 'The request took too long to arrive.')
  return new AppError(400, 'request.malformed', 'The request is not valid HTTP.')
}

/**
 * Server options for the failures answered outside the error handler, so that they too answer `{message, code}`
 * JSON: what Node's HTTP parser refuses (431, 400, 408), URLs the router cannot read, and requests that arrive while
 * the server is closing (answered by `registerErrorHandling`, as Fastify's own answer has no `code`).
 */
export const frameworkErrorOptions = {
  clientErrorHandler(this: FastifyInstance, err: Error & { code?: string }, socket: Duplex) {
    // A reset connection has no one to answer. The error is logged without its `rawPacket` (request bytes).
    if (err.code === 'ECONNRESET' || socket.destroyed) return
    const answer = clientError(err.code)
    this.log.debug({ code: err.code, status: answer.statusCode }, 'client error')
    answerOnSocket(socket, answer)
  },
  frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
    void reply.header('X-Request-Id', request.id)
    return sendError(request, reply, toAppError(error))
  },
  return503OnClosing: false,
  // A missing Host is refused by `registerErrorHandling`, with a body; Node's own refusal has none.
  http: { requireHostHeader: false },
}
