import type { FastifyInstance } from 'fastify'
import { AppError, notFound, type FieldErrors } from '../lib/errors.js'

/** Deeper JSON than this is refused: no document of the API comes close, and deep values exhaust validators. */
export const MAX_JSON_DEPTH = 64
const NUL_MESSAGE = 'Text must not contain the NUL character.'
const DEPTH_MESSAGE = `The request body is nested more than ${MAX_JSON_DEPTH} levels deep.`
/** The session check answers every unusable token with 401 (contract §2.6), whatever the token holds. */
const UNGUARDED = new Set(['/auth/checktokenexpiry', '/api/auth/checktokenexpiry'])

/**
 * Finds input PostgreSQL cannot store (NUL characters in text) and bodies nested deeper than any document
 * needs, walking without recursion so that hostile input cannot exhaust the stack.
 */
export function inspectInput(value: unknown): { nul: string[]; tooDeep: boolean } {
  const nul: string[] = []
  let tooDeep = false
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }]
  while (stack.length > 0) {
    const { value: v, path, depth } = stack.pop()!
    if (typeof v === 'string') {
      if (v.includes('\u0000') && nul.length < 20) nul.push(path || 'non_field_errors')
      continue
    }
    if (v === null || typeof v !== 'object') continue
    if (depth >= MAX_JSON_DEPTH) {
      tooDeep = true
      break
    }
    const entries = Array.isArray(v) ? v.map((item, i) => [String(i), item] as const) : Object.entries(v)
    for (const [key, item] of entries) {
      const childPath = path ? `${path}.${key}` : key
      if (key.includes('\u0000') && nul.length < 20) nul.push(path || 'non_field_errors')
      stack.push({ value: item, path: childPath, depth: depth + 1 })
    }
  }
  return { nul, tooDeep }
}

function refusal(nul: string[]): AppError {
  const errors: FieldErrors = {}
  for (const field of nul) errors[field] = [NUL_MESSAGE]
  return new AppError(400, 'validation.failed', NUL_MESSAGE, { errors })
}

/** Turns input the database or the validators would choke on into 400 (or 404 for a path), never 500. */
export function registerInputGuards(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    if (UNGUARDED.has(req.routeOptions.url ?? '')) return
    const params = inspectInput(req.params)
    if (params.nul.length > 0) throw notFound()
    const query = inspectInput(req.query)
    if (query.nul.length > 0) throw refusal(query.nul)
    if (req.body === undefined || req.body === null) return
    const body = inspectInput(req.body)
    if (body.tooDeep)
      throw new AppError(400, 'validation.failed', DEPTH_MESSAGE, { errors: { non_field_errors: [DEPTH_MESSAGE] } })
    if (body.nul.length > 0) throw refusal(body.nul)
  })
}
