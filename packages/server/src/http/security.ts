import type { HelmetOptions } from 'helmet'
import type { FastifyCorsOptions } from '@fastify/cors'
import type { Config } from '../config.js'

/** Paths a web-widget visitor calls from any site (contract §1.12). */
const WIDGET_PATHS = [/^\/api\/auth\/anonymoususer\/?$/, /^\/api\/widget\//, /^\/api\/chat\//, /^\/api\/media\/voice\//]

const ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'Idempotency-Key', 'X-Request-Id']
const EXPOSED_HEADERS = [
  'X-Request-Id',
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'Retry-After',
  'Content-Disposition',
  'X-Report-Rows',
  'Idempotent-Replayed',
  'auth-data',
]

export function corsOptions(config: Config): FastifyCorsOptions {
  // The delegator's answer replaces the plugin options entirely, so it must carry all of them.
  const common = {
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'],
    allowedHeaders: ALLOWED_HEADERS,
    exposedHeaders: EXPOSED_HEADERS,
    credentials: false,
    maxAge: 600,
    strictPreflight: false,
  }
  return {
    delegator: (req, cb) => {
      const path = (req.url ?? '/').split('?')[0]?.replace(/\/{2,}/g, '/') ?? '/'
      const anyOrigin = WIDGET_PATHS.some((re) => re.test(path))
      cb(null, { ...common, origin: anyOrigin ? true : config.corsOrigins })
    },
  }
}

/** nosniff, no-referrer (links carry tokens), HSTS in production, and a CSP for the dashboard's pages. */
export function securityHeaders(config: Config): HelmetOptions {
  const google = config.googleClientIds.length > 0
  return {
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: config.env === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: google ? { policy: 'same-origin-allow-popups' } : { policy: 'same-origin' },
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(google ? ['https://accounts.google.com'] : [])],
        styleSrc: ["'self'", "'unsafe-inline'", ...(google ? ['https://accounts.google.com'] : [])],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:', ...(google ? ['https://accounts.google.com'] : [])],
        frameSrc: google ? ['https://accounts.google.com'] : ["'none'"],
        // Voice messages: the dashboard plays every recording from its own origin (links are rebased there).
        mediaSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...(google ? ['https://accounts.google.com'] : [])],
        frameAncestors: ["'none'"],
      },
    },
  }
}

/** Query parameters whose values are secrets, by their decoded, lower-cased names. */
const SECRET_PARAM = /token|password|secret|^(invite|sig|signature)$/

/**
 * A query parameter's name as the server reads it, lower-cased: `+` is a space and percent-escapes of ASCII are
 * decoded one by one (a malformed escape elsewhere in the name must not hide the rest).
 */
function paramName(raw: string): string {
  return raw
    .replaceAll('+', ' ')
    .replace(/%([0-7][0-9A-Fa-f])/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .toLowerCase()
}

/**
 * Single-use link tokens, session tokens, invitation keys and media signatures never reach the logs: a query
 * parameter is redacted by its name as the server decodes it, so `?%74oken=` and `?TOKEN=` are caught too.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?')
  if (q < 0) return url
  const query = url
    .slice(q + 1)
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=')
      if (eq < 0) return part
      const name = part.slice(0, eq)
      return SECRET_PARAM.test(paramName(name)) ? `${name}=[redacted]` : part
    })
  return `${url.slice(0, q + 1)}${query.join('&')}`
}
