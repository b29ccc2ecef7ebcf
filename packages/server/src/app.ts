import { randomUUID } from 'node:crypto'
import Fastify, { type FastifyInstance } from 'fastify'
import cookie from '@fastify/cookie'
import cors from '@fastify/cors'
import formbody from '@fastify/formbody'
import helmet from 'helmet'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import FindMyWay from 'find-my-way'
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import type { Transporter } from 'nodemailer'
import type { Config } from './config.js'
import type { Database } from './db/database.js'
import { registerAuthentication } from './http/authenticate.js'
import { AppError } from './lib/errors.js'
import { frameworkErrorOptions, registerErrorHandling } from './http/errors.js'
import { registerClosing } from './http/closing.js'
import { registerInputGuards } from './http/input-guard.js'
import { registerIdempotency } from './http/idempotency.js'
import { registerTenantScope } from './http/tenant-scope.js'
import { DEFAULT_LIMITS, registerRateLimits, type Limits } from './http/rate-limit.js'
import { corsOptions, redactUrl, securityHeaders } from './http/security.js'
import { readBuildInfo } from './lib/version.js'
import { systemClock, type Clock } from './lib/clock.js'
import { createGoogleVerifier, type GoogleVerifier } from './features/auth/google.js'
import { createSessions, type TokenRow } from './features/auth/sessions.service.js'
import { createSessionCache, watchSessions } from './features/auth/session-cache.js'
import { createSigninService } from './features/auth/signin.service.js'
import { createRegistrationService } from './features/auth/registration.service.js'
import { createPasswordService } from './features/auth/passwords.service.js'
import { createProfileService } from './features/auth/profile.service.js'
import { createInvitationService } from './features/auth/invitations.service.js'
import { authRoutes } from './features/auth/auth.routes.js'
import { registrationRoutes } from './features/auth/registration.routes.js'
import { passwordRoutes } from './features/auth/passwords.routes.js'
import { invitationRoutes } from './features/auth/invitations.routes.js'
import { createTenantService } from './features/tenants/tenants.service.js'
import { createSettingsService } from './features/tenants/settings.service.js'
import { analyticsRoutes } from './features/analytics/analytics.routes.js'
import { createAnalyticsService } from './features/analytics/analytics.service.js'
import { predictiveRoutes } from './features/predictive/predictive.routes.js'
import { reportRoutes } from './features/reports/reports.routes.js'
import { createAnalyticsReportService } from './features/reports/analytics-report.service.js'
import { createExportService } from './features/reports/reports.service.js'
import { createPredictiveService } from './features/predictive/predictive.service.js'
import { createRecordsService } from './features/tenants/records.service.js'
import { tenantRoutes } from './features/tenants/tenants.routes.js'
import { recordsRoutes } from './features/tenants/records.routes.js'
import { createStaffService } from './features/staff/staff.service.js'
import { staffRoutes } from './features/staff/staff.routes.js'
import { createLocalBus } from './features/realtime/bus.js'
import { createPgBus } from './features/realtime/pg-bus.js'
import { createRealtimeHub } from './features/realtime/hub.js'
import { createChatViews } from './features/chat/chat-views.js'
import { createVoiceLinks } from './features/media/voice-links.js'
import { createVoiceStorage } from './features/media/voice-storage.js'
import { createMediaService } from './features/media/media.service.js'
import { mediaRoutes } from './features/media/media.routes.js'
import { createVoiceService } from './features/chat/voice.service.js'
import { voiceRoutes } from './features/chat/voice.routes.js'
import { sharedSecret } from './db/secrets.js'
import { realtimeRoutes } from './features/realtime/ws.routes.js'
import { createCategoryService } from './features/chat/categories.service.js'
import { createTopicService } from './features/chat/topics.service.js'
import { categoryRoutes } from './features/chat/categories.routes.js'
import { createChatService } from './features/chat/chats.service.js'
import { createChatActionService } from './features/chat/chat-actions.service.js'
import { chatRoutes } from './features/chat/chats.routes.js'
import { createMessageService } from './features/chat/messages.service.js'
import { messageRoutes } from './features/chat/messages.routes.js'
import { createMailWorker } from './features/mail/worker.js'
import { createNotificationService } from './features/notifications/notifications.service.js'
import { createNotificationViews } from './features/notifications/notification-views.js'
import { notificationRoutes } from './features/notifications/notifications.routes.js'
import { createCommunityService } from './features/community/communities.service.js'
import { communityRoutes } from './features/community/communities.routes.js'
import { createResponseService } from './features/surveys/responses.service.js'
import { surveyResponseRoutes } from './features/surveys/responses.routes.js'
import { createReportService } from './features/surveys/report.service.js'
import { surveyReportRoutes } from './features/surveys/report.routes.js'
import { createIssueService } from './features/community/issues.service.js'
import { createCommentService } from './features/community/comments.service.js'
import { issueRoutes } from './features/community/issues.routes.js'
import { createOverviewService } from './features/overview/overview.service.js'
import { overviewRoutes } from './features/overview/overview.routes.js'
import { createCommunityViews } from './features/community/community-views.js'
import { createSurveyService } from './features/surveys/surveys.service.js'
import { createSubgroupService } from './features/surveys/subgroups.service.js'
import { surveyRoutes } from './features/surveys/surveys.routes.js'
import { createClientService } from './features/clients/clients.service.js'
import { clientRoutes } from './features/clients/clients.routes.js'
import { createSearchService } from './features/search/search.service.js'
import { searchRoutes } from './features/search/search.routes.js'
import { createAiService } from './features/ai/ai.service.js'
import { aiRoutes } from './features/ai/ai.routes.js'
import { createConfiguredOpenAi } from './features/ai/providers.js'
import { createLocalProvider } from './features/ai/local/index.js'
import type { AiProvider } from './features/ai/provider.js'
import { healthRoutes } from './features/system/health.routes.js'
import { registerMetrics } from './features/system/metrics.js'
import { registerDashboard } from './features/system/dashboard.routes.js'

export type AppDeps = {
  config: Config
  database: Database
  clock?: Clock
  /** The system mailer; undefined keeps mail in the outbox. */
  mailTransport?: Transporter | undefined
  google?: GoogleVerifier
  /** Rate-limit buckets; null turns limiting off (load tests). */
  limits?: Limits | null
  /** `false` turns logging off; an object (level, destination `stream`…) is laid over the app's own settings. */
  logger?: boolean | object
  webDistDir: string
  /** AI providers in place of the configured ones (tests); `openai: null` as if `AI_BASE_URL` were unset. */
  ai?: { local?: AiProvider; openai?: AiProvider | null }
  /** The bound on one request (contract §1.2: 30 s; routes that need more set their own `handlerTimeout`). */
  requestTimeoutMs?: number
}

export const REQUEST_TIMEOUT_MS = 30_000

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/

/** The app's logger settings: secrets in headers and query strings never reach the log. */
function loggerOptions(config: Config) {
  // Wherever a URL is logged (requests, the WebSocket plugin's `path`), its secret query values are redacted.
  const url = (value: unknown) => (typeof value === 'string' ? redactUrl(value) : value)
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
      url,
      path: url,
    },
  }
}

/** Builds the whole HTTP application from its dependencies; starts nothing and listens nowhere. */
export async function buildApp(deps: AppDeps) {
  const { config, database } = deps
  const db = database.db
  const clock = deps.clock ?? systemClock
  const limits = deps.limits === undefined ? (config.rateLimits ? DEFAULT_LIMITS : null) : deps.limits
  const secureCookies = !/^http:\/\/(localhost|127\.0\.0\.1)/.test(config.appBaseUrl)
  let shuttingDown = false
  const build = readBuildInfo()

  const app = Fastify({
    logger: deps.logger === false ? false : { ...loggerOptions(config), ...(deps.logger === true ? {} : deps.logger) },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestIdHeader: false,
    genReqId: (req) => {
      const h = req.headers['x-request-id']
      return typeof h === 'string' && SAFE_REQUEST_ID.test(h) ? h : randomUUID()
    },
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    connectionTimeout: 60_000,
    handlerTimeout: deps.requestTimeoutMs ?? REQUEST_TIMEOUT_MS,
    ...frameworkErrorOptions,
  }).withTypeProvider<ZodTypeProvider>()

  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  // Methods per path, for 405 answers (the dashboard's catch-all is left out).
  const methods = FindMyWay({ ignoreTrailingSlash: true, ignoreDuplicateSlashes: true })
  app.addHook('onRoute', (route) => {
    if (route.url === '/*') return
    for (const m of [route.method].flat()) {
      try {
        methods.on(m as 'GET', route.url, () => undefined)
      } catch {
        // already known
      }
    }
  })
  const allowedMethods = (path: string) =>
    ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((m) => methods.find(m as 'GET', path) !== null)

  registerErrorHandling(app, allowedMethods)
  registerClosing(app)
  // An upgrade request answered over HTTP (no WebSocket route took it) holds a socket Node no longer manages.
  app.addHook('onResponse', async (req) => {
    if ((req.raw as typeof req.raw & { upgrade?: boolean }).upgrade) req.raw.socket.end()
  })
  app.addHook('onSend', async (req, reply) => {
    void reply.header('X-Request-Id', req.id)
    // API data is per caller and changes often: caches may keep it only to revalidate (contract §1.11).
    if (req.method === 'GET' && !reply.hasHeader('Cache-Control') && req.routeOptions.url?.startsWith('/api/')) {
      void reply.header('Cache-Control', 'private, no-cache')
    }
  })

  // JSON bodies: an empty body counts as no body (clients send Content-Type on body-less POSTs).
  const jsonParser = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser(['application/json'])
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined)
    // Kept for what parsing loses: the written order of integer-like keys (legacy survey questions, contract §6.1).
    if (typeof body === 'string') req.rawJsonBody = body
    return jsonParser(req, body as string, done)
  })
  // Only JSON (and the Google callback's form) is accepted; other media types answer 415, plain text included.
  app.removeContentTypeParser(['text/plain'])
  await app.register(formbody)
  app.addHook('preValidation', async (req) => {
    const type = req.headers['content-type']
    if (
      type?.startsWith('application/x-www-form-urlencoded') &&
      !req.routeOptions.url?.startsWith('/api/auth/google/callback')
    ) {
      throw new AppError(415, 'request.unsupported_media_type', 'Send the request body as application/json.')
    }
  })

  registerInputGuards(app)

  await app.register(cookie)
  // Helmet's middleware is built once: the Fastify wrapper rebuilt it (and re-parsed the CSP) on every request.
  const setSecurityHeaders = helmet(securityHeaders(config))
  app.addHook('onRequest', (req, reply, done) => {
    setSecurityHeaders(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined))
  })
  await app.register(cors, corsOptions(config))
  await registerRateLimits(app, limits)

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Proxima API', version: build.version, description: 'Customer support and community platform' },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Token <token>' },
        },
      },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
    // Schemas registered with an id (recursive ones such as `JsonValue`) become `components.schemas`.
    transformObject: jsonSchemaTransformObject,
  })
  // The documentation viewer and its assets are public (contract §1.13).
  app.addHook('onRoute', (route) => {
    if (route.url === '/docs' || route.url.startsWith('/docs/')) route.config = { ...route.config, public: true }
  })
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
    staticCSP: true,
  })
  app.get('/api/openapi.json', { schema: { hide: true }, config: { public: true } }, () => app.swagger())

  // Services
  const google =
    deps.google ?? createGoogleVerifier({ clientIds: config.googleClientIds, jwksUrl: config.googleJwksUrl })
  const sessionCache = createSessionCache<TokenRow>({ clock, ttlMs: config.sessionCacheSeconds * 1000 })
  const stopWatchingSessions = await watchSessions(database, sessionCache)
  app.addHook('onClose', stopWatchingSessions)
  const sessions = createSessions({
    db,
    clock,
    staffTokenDays: config.staffTokenDays,
    clientTokenDays: config.clientTokenDays,
    cache: sessionCache,
  })
  const authDeps = {
    db,
    clock,
    sessions,
    google,
    log: app.log,
    appBaseUrl: config.appBaseUrl,
    publicApiUrl: config.publicApiUrl,
    mailConfigured: deps.mailTransport !== undefined,
  }
  const signin = createSigninService(authDeps)
  const tenants = createTenantService({ db, clock })
  const registration = createRegistrationService(authDeps)
  const bus = createPgBus(database, createLocalBus(), { log: app.log })
  const voiceLinks = createVoiceLinks({
    key: await sharedSecret(db, 'media_links'),
    baseUrl: config.publicApiUrl,
    clock,
  })
  const realtime = createRealtimeHub({
    bus,
    sessions,
    views: createChatViews(db, voiceLinks),
    userViews: createNotificationViews(db),
    communityViews: createCommunityViews(db),
    log: app.log,
  })
  const notifications = createNotificationService({ db, clock })
  app.addHook('onClose', async () => bus.close())
  // Events other processes published while the LISTEN connection was down never arrive: clients reconnect (1012).
  const stopResyncs = database.onListenResumed(() => void realtime.resync())
  app.addHook('onClose', async () => stopResyncs())
  const chatDeps = { db, clock, bus, voiceLinks, dashboardUrl: config.appBaseUrl }
  const mailWorker = createMailWorker({ db, clock, log: app.log, transport: deps.mailTransport, from: config.mailFrom })

  registerAuthentication(app, { sessions })
  registerTenantScope(app)
  registerIdempotency(app, { db, clock })
  registerMetrics(app, {
    db,
    token: config.metricsToken,
    realtime: () => realtime.stats(),
    pool: database.poolStats,
  })

  // Features: one line each.
  await app.register(healthRoutes, {
    db,
    clock,
    isShuttingDown: () => shuttingDown,
    lastJobBeat: mailWorker.lastBeatAt,
    version: build,
  })
  await app.register(authRoutes, {
    signin,
    profile: createProfileService(authDeps),
    limits,
    appBaseUrl: config.appBaseUrl,
    secureCookies,
  })
  await app.register(registrationRoutes, { registration, limits })
  await app.register(passwordRoutes, {
    passwords: createPasswordService(authDeps),
    limits,
    appBaseUrl: config.appBaseUrl,
  })
  await app.register(invitationRoutes, { invitations: createInvitationService(authDeps), limits })
  const settings = createSettingsService({ db, clock })
  await app.register(tenantRoutes, { tenants, settings, limits })
  await app.register(recordsRoutes, { records: createRecordsService({ db, clock }) })
  await app.register(staffRoutes, { staff: createStaffService({ db, clock, sessions, bus }) })
  await app.register(categoryRoutes, {
    categories: createCategoryService(chatDeps),
    topics: createTopicService(chatDeps),
  })
  const chats = createChatService(chatDeps)
  await app.register(chatRoutes, { chats, actions: createChatActionService(chatDeps) })
  const voiceStorage = createVoiceStorage(config.voiceStorage, config.dataDir)
  const messages = createMessageService({ ...chatDeps, voiceStorage })
  await app.register(messageRoutes, { messages })
  await app.register(voiceRoutes, {
    voice: createVoiceService({ db, messages, storage: voiceStorage, log: app.log }),
    limits,
  })
  await app.register(mediaRoutes, { media: createMediaService({ db, clock, voiceLinks, storage: voiceStorage }) })
  await app.register(notificationRoutes, { notifications })
  const communityDeps = { db, clock, bus }
  await app.register(searchRoutes, { search: createSearchService({ db, clock }), limits })
  await app.register(aiRoutes, {
    ai: createAiService(aiDeps(deps, app.log, clock)),
    limits,
    timeoutMs: config.ai.timeoutMs,
  })
  await app.register(communityRoutes, { communities: createCommunityService(communityDeps) })
  const issues = createIssueService(communityDeps)
  await app.register(issueRoutes, { issues, comments: createCommentService(communityDeps) })
  const surveys = createSurveyService({ db, clock, appBaseUrl: config.appBaseUrl })
  await app.register(surveyRoutes, { surveys, subgroups: createSubgroupService({ db, clock }) })
  await app.register(clientRoutes, { clients: createClientService({ db }) })
  await app.register(surveyResponseRoutes, {
    responses: createResponseService({ db, clock, bus }),
    limits,
  })
  await app.register(surveyReportRoutes, { report: createReportService({ db, clock }) })
  await app.register(overviewRoutes, { overview: createOverviewService({ clock, chats, issues, settings }) })
  const analytics = createAnalyticsService({ db: database.adHoc, clock, settings, log: app.log })
  await app.register(analyticsRoutes, { analytics })
  await app.register(predictiveRoutes, { predictive: createPredictiveService({ db: database.adHoc, clock }) })
  await app.register(reportRoutes, {
    reports: createExportService({
      db: database.adHoc,
      copyCsv: database.copyCsv,
      voiceLinks,
      clock,
      limits: { maxRows: { csv: config.reportCsvMaxRows, pdf: config.reportPdfMaxRows }, runningPerTenant: 2 },
    }),
    analyticsReports: createAnalyticsReportService({ db: database.adHoc, clock, analytics }),
    limits,
  })
  await app.register(realtimeRoutes, {
    hub: realtime,
    bus,
    sessionNotices: database,
    isShuttingDown: () => shuttingDown,
  })
  await registerDashboard(app, {
    webDistDir: deps.webDistDir,
    googleClientId: config.googleClientIds[0] ?? null,
    signin,
    secureCookies,
  })

  return Object.assign(app, {
    services: { sessions, tenants, registration, mailWorker, bus, realtime, notifications, surveys },
    beginShutdown: () => {
      shuttingDown = true
    },
  })
}

/** The AI service's dependencies: the local engine (made on first use) and the configured external provider. */
function aiDeps(deps: AppDeps, log: FastifyInstance['log'], clock: Clock) {
  const { ai } = deps.config
  let local = deps.ai?.local
  const openai = deps.ai?.openai !== undefined ? deps.ai.openai : createConfiguredOpenAi(ai)
  return {
    db: deps.database.db,
    clock,
    log,
    config: ai,
    local: () => (local ??= createLocalProvider()),
    openai,
  }
}

export type App = Awaited<ReturnType<typeof buildApp>>
export type { FastifyInstance }
