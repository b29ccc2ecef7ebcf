import type { FastifyInstance } from 'fastify'
import { AppError, notFound, type FieldErrors } from '../lib/errors.js'

/** Deeper JSON than this is refused: no document of the API comes close, and deep values exhaust validators. */
export const MAX_JSON_DEPTH = 64
const NUL_MESSAGE = 'Text must not contain the NUL character.'
const SURROGATE_MESSAGE = 'Text must be valid Unicode: it holds an unpaired surrogate (\\uD800–\\uDFFF).'
const DEPTH_MESSAGE = `The request body is nested more than ${MAX_JSON_DEPTH} levels deep.`
/** In Unicode mode a regular expression sees a surrogate pair as one code point: `\p{Cs}` matches only lone ones. */
const LONE_SURROGATE = /\p{Cs}/u
const LONE_SURROGATES = /\p{Cs}/gu
/** At most this many fields are named per kind of problem. */
const MAX_REPORTED = 20
/** The session check answers every unusable token with 401 (contract §2.6), whatever the token holds. */
const UNGUARDED = new Set(['/auth/checktokenexpiry', '/api/auth/checktokenexpiry'])

/** Fields holding text PostgreSQL cannot store, or that is not Unicode (a JSON `"\ud800"` escape). */
export type Inspection = { nul: string[]; surrogate: string[]; tooDeep: boolean }

/**
 * Finds text PostgreSQL cannot store (the NUL character), text that is not well-formed Unicode (an unpaired UTF-16
 * surrogate, which JSON's `\uXXXX` escapes can spell) and bodies nested deeper than any document needs. Object keys
 * count as text; a bad key is reported under its object's path. Walks without recursion so that hostile input
 * cannot exhaust the stack.
 */
export function inspectInput(value: unknown): Inspection {
  const found: Inspection = { nul: [], surrogate: [], tooDeep: false }
  const check = (text: string, path: string) => {
    const field = path || 'non_field_errors'
    if (text.includes('\u0000')) note(found.nul, field)
    if (LONE_SURROGATE.test(text)) note(found.surrogate, field)
  }
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }]
  while (stack.length > 0) {
    const { value: v, path, depth } = stack.pop()!
    if (typeof v === 'string') {
      check(v, path)
      continue
    }
    if (v === null || typeof v !== 'object') continue
    if (depth >= MAX_JSON_DEPTH) {
      found.tooDeep = true
      break
    }
    const entries = Array.isArray(v) ? v.map((item, i) => [String(i), item] as const) : Object.entries(v)
    for (const [key, item] of entries) {
      check(key, path)
      // Paths name fields in the answer, which must itself be well-formed text.
      const segment = key.replace(LONE_SURROGATES, '\uFFFD')
      stack.push({ value: item, path: path ? `${path}.${segment}` : segment, depth: depth + 1 })
    }
  }
  return found
}

function note(list: string[], field: string) {
  if (list.length < MAX_REPORTED && !list.includes(field)) list.push(field)
}

function refusal(fields: string[], message: string): AppError {
  const errors: FieldErrors = {}
  for (const field of fields) errors[field] = [message]
  return new AppError(400, 'validation.failed', message, { errors })
}

/** The first problem of an inspection as a 400, or undefined when the input is usable. */
function problem(found: Inspection): AppError | undefined {
  if (found.tooDeep)
    return new AppError(400, 'validation.failed', DEPTH_MESSAGE, { errors: { non_field_errors: [DEPTH_MESSAGE] } })
  if (found.nul.length > 0) return refusal(found.nul, NUL_MESSAGE)
  if (found.surrogate.length > 0) return refusal(found.surrogate, SURROGATE_MESSAGE)
  return undefined
}

/**
 * Turns input the database or the validators would choke on into 400 (or 404 for a path), never 500: one check of
 * every parsed body, query string and path, before any route's schema sees them.
 */
export function registerInputGuards(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    if (UNGUARDED.has(req.routeOptions.url ?? '')) return
    const params = inspectInput(req.params)
    if (params.nul.length > 0 || params.surrogate.length > 0) throw notFound()
    const query = problem(inspectInput(req.query))
    if (query) throw query
    if (req.body === undefined || req.body === null) return
    const body = problem(inspectInput(req.body))
    if (body) throw body
  })
}
