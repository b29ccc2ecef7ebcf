import type { TestApp } from '../app.js'
import type { JsonSchema } from './schema-arbitraries.js'

export type Parameter = {
  name: string
  in: 'path' | 'query' | 'header' | 'cookie'
  required: boolean
  schema: JsonSchema
}

/** One operation of the API: a method on a path, with what the OpenAPI document says it takes. */
export type Operation = {
  method: string
  /** OpenAPI form, e.g. `/api/chat/chat/{id}/`. */
  path: string
  key: string
  /** False for routes that serve but are hidden from the document. */
  documented: boolean
  pathParams: Parameter[]
  queryParams: Parameter[]
  bodySchema: JsonSchema | undefined
}

type Doc = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[]
        requestBody?: { content: Record<string, { schema: JsonSchema }> }
      }
    >
  >
}

const normal = (path: string) => path.replace(/:(\w+)/g, '{$1}').replace(/\/+$/, '') || '/'

/**
 * Every route the router serves, read from `printRoutes` (a tree: one line per node, children indented by four
 * columns under their parent). A wildcard child is printed as a bare `*` without the static part between it and
 * its printed parent, so wildcard paths below a parent are approximate; skip them by prefix (`/docs/**`).
 */
export function servedRoutes(app: TestApp): { method: string; path: string }[] {
  const out: { method: string; path: string }[] = []
  const stack: string[] = []
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^(.*?)(?:├── |└── )(.+?) \(([A-Z, ]+)\)$/.exec(line)
    if (!m) continue
    const depth = [...m[1]!].length / 4
    const segment = m[2] === '*' ? '/*' : m[2]!
    const path = (stack[depth - 1] ?? '') + segment
    stack[depth] = path
    stack.length = depth + 1
    for (const method of m[3]!.split(', ')) out.push({ method, path: normal(path) })
  }
  return out
}

/** A route pattern, or a pattern ending in `/**` for a path and everything below it. */
export function matchesRoute(pattern: string, path: string): boolean {
  return pattern.endsWith('/**')
    ? path === pattern.slice(0, -3) || path.startsWith(pattern.slice(0, -2))
    : path === pattern
}

/** The operations of the OpenAPI document, then the served routes the document leaves out (minus `skipped`). */
export function operationsOf(app: TestApp, skipped: string[] = []): Operation[] {
  const doc = app.swagger() as unknown as Doc
  const ops: Operation[] = []
  const seen = new Set<string>()
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = op.parameters ?? []
      const body = op.requestBody?.content['application/json']?.schema
      const m = method.toUpperCase()
      ops.push({
        method: m,
        path,
        key: `${m} ${path}`,
        documented: true,
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams: params.filter((p) => p.in === 'query'),
        bodySchema: body,
      })
      seen.add(`${m} ${normal(path)}`)
    }
  }
  for (const { method, path } of servedRoutes(app)) {
    if (method === 'HEAD' || method === 'OPTIONS' || skipped.some((p) => matchesRoute(p, path))) continue
    if (seen.has(`${method} ${path}`)) continue
    seen.add(`${method} ${path}`)
    const names = [...path.matchAll(/\{(\w+)\}/g)].map((x) => x[1]!)
    ops.push({
      method,
      path,
      key: `${method} ${path}`,
      documented: false,
      pathParams: names.map((name) => ({ name, in: 'path', required: true, schema: { type: 'integer' } })),
      queryParams: [],
      bodySchema: undefined,
    })
  }
  return ops
}

/** Builds a URL from an operation's path, its path values (already encoded) and a raw query string. */
export function urlOf(op: Operation, pathValues: Record<string, string>, query = ''): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => pathValues[name] ?? '1')
  return query ? `${path}?${query}` : path
}

/**
 * Percent-encodes text for a URL, lone surrogates included (as the three bytes WTF-8 gives them, which is what a
 * careless client sends and what `encodeURIComponent` refuses to produce).
 */
export function encodeAny(text: string): string {
  let out = ''
  for (const ch of text) {
    const code = ch.charCodeAt(0)
    if (ch.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('')
    } else {
      out += encodeURIComponent(ch)
    }
  }
  return out
}

/** The contract's three endpoints whose error `message` is an object of arrays (§1.7), plus Google sign-in. */
export const LEGACY_ERROR_PATHS = new Set([
  '/api/auth/signin',
  '/api/auth/google',
  '/api/auth/google/callback',
  '/api/auth/admin',
  '/api/tenantmanagement/tenant',
])

/** Whether a 4xx body has the contract's error shape: string `message` (or the legacy form) and string `code`. */
export function errorShapeProblem(op: Operation, body: string): string | undefined {
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    return 'the error body is not JSON'
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return 'the error body is not an object'
  const { message, code } = parsed as { message?: unknown; code?: unknown }
  if (typeof code !== 'string' || code === '') return 'the error body has no string `code`'
  if (typeof message === 'string' && message !== '') return undefined
  const legacy = message as { error?: unknown } | undefined
  if (
    LEGACY_ERROR_PATHS.has(normal(op.path)) &&
    legacy &&
    Array.isArray(legacy.error) &&
    typeof legacy.error[0] === 'string'
  ) {
    return undefined
  }
  return 'the error body has no string `message`'
}
