import { resolve } from 'node:path'
import { z } from 'zod'

const bool = z.preprocess(
  (v) => (typeof v === 'string' ? ['1', 'true', 'yes', 'on'].includes(v.toLowerCase()) : v),
  z.boolean(),
)
const list = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : v,
  z.array(z.string()),
)

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  APP_BASE_URL: z.string().url().optional(),
  PUBLIC_API_URL: z.string().url().optional(),
  CORS_ORIGINS: list.default([]),
  SYSTEM_SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Proxima <no-reply@localhost>'),
  /** The most rows a CSV report may have (contract §9.2). */
  REPORT_CSV_MAX_ROWS: z.coerce.number().int().min(1).max(100_000_000).default(1_000_000),
  REPORT_PDF_MAX_ROWS: z.coerce.number().int().min(1).max(100_000).default(5_000),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_IDS: list.default([]),
  GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  METRICS_TOKEN: z.string().min(16).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  WEB_DIST_DIR: z.string().optional(),
  STAFF_TOKEN_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  CLIENT_TOKEN_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  RATE_LIMITS: bool.default(true),
  ADMIN_EMAIL: z.string().default('admin@proxima.local'),
  ADMIN_PASSWORD: z.string().optional(),
  ADMIN_ORGANIZATION: z.string().default('My Organization'),
  VOICE_STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  AI_PROVIDER: z.enum(['local', 'openai']).default('local'),
  AI_BASE_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().trim().min(1).default('gpt-4o-mini'),
  AI_FALLBACK_LOCAL: bool.default(false),
  AI_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(45),
  AI_MAX_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
})

/** S3 settings are required once S3 is chosen. */
const CheckedEnvSchema = EnvSchema.superRefine((e, ctx) => {
  if (e.VOICE_STORAGE !== 's3') return
  for (const name of ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
    if (!e[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'Required when VOICE_STORAGE is s3.' })
  }
})

/** Where voice recordings are kept: files under `DATA_DIR/media`, or any S3-compatible bucket. */
export type VoiceStorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3'
      endpoint: string | undefined
      bucket: string
      region: string
      accessKeyId: string
      secretAccessKey: string
      forcePathStyle: boolean
    }

/**
 * The AI helpers (contract §10): `local` is the built-in offline engine; `openai` is any OpenAI-compatible
 * chat-completions server at `baseUrl` (unset: AI features answer 503 `ai.unavailable`).
 */
export type AiConfig = {
  provider: 'local' | 'openai'
  baseUrl: string | undefined
  apiKey: string | undefined
  model: string
  /** When the external provider fails, let the local engine answer (the reply says `fallback: true`). */
  fallbackLocal: boolean
  /** The bound on one AI answer, repair attempt and retries included. */
  timeoutMs: number
  /** Retries of a failed request (connection errors, 408, 429, 5xx) inside that bound. */
  maxRetries: number
}

export type Config = {
  env: 'development' | 'production' | 'test'
  host: string
  port: number
  dataDir: string
  databaseUrl: string | undefined
  databasePoolMax: number
  appBaseUrl: string
  publicApiUrl: string
  corsOrigins: string[]
  systemSmtpUrl: string | undefined
  mailFrom: string
  googleClientIds: string[]
  googleJwksUrl: string
  metricsToken: string | undefined
  logLevel: string
  trustProxy: boolean
  webDistDir: string | undefined
  staffTokenDays: number
  /** How long a resolved session token may be answered from memory (0: every request reads the database). */
  sessionCacheSeconds: number
  clientTokenDays: number
  rateLimits: boolean
  reportCsvMaxRows: number
  reportPdfMaxRows: number
  firstAdmin: { email: string; password: string | undefined; organization: string }
  voiceStorage: VoiceStorageConfig
  ai: AiConfig
}

/** The only reader of process.env: everything the server can be told comes through here. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = CheckedEnvSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  const appBaseUrl = (e.APP_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '')
  const googleClientIds = [...new Set([...(e.GOOGLE_CLIENT_ID ? [e.GOOGLE_CLIENT_ID] : []), ...e.GOOGLE_CLIENT_IDS])]
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    appBaseUrl,
    publicApiUrl: (e.PUBLIC_API_URL ?? appBaseUrl).replace(/\/$/, ''),
    corsOrigins: e.CORS_ORIGINS.length > 0 ? e.CORS_ORIGINS : [new URL(appBaseUrl).origin],
    systemSmtpUrl: e.SYSTEM_SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    googleClientIds,
    googleJwksUrl: e.GOOGLE_JWKS_URL,
    metricsToken: e.METRICS_TOKEN,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    webDistDir: e.WEB_DIST_DIR,
    staffTokenDays: e.STAFF_TOKEN_DAYS,
    clientTokenDays: e.CLIENT_TOKEN_DAYS,
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    rateLimits: e.RATE_LIMITS,
    reportCsvMaxRows: e.REPORT_CSV_MAX_ROWS,
    reportPdfMaxRows: e.REPORT_PDF_MAX_ROWS,
    firstAdmin: { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD || undefined, organization: e.ADMIN_ORGANIZATION },
    voiceStorage:
      e.VOICE_STORAGE === 's3'
        ? {
            kind: 's3',
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET ?? '',
            region: e.S3_REGION ?? '',
            accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
            secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : { kind: 'local' },
    ai: {
      provider: e.AI_PROVIDER,
      baseUrl: e.AI_BASE_URL?.replace(/\/+$/, ''),
      apiKey: e.AI_API_KEY || undefined,
      model: e.AI_MODEL,
      fallbackLocal: e.AI_FALLBACK_LOCAL,
      timeoutMs: Math.round(e.AI_TIMEOUT_SECONDS * 1000),
      maxRetries: e.AI_MAX_RETRIES,
    },
  }
}
