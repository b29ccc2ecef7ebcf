import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fastifyStatic from '@fastify/static'
import type { SigninService } from '../auth/signin.service.js'

export type DashboardDeps = {
  webDistDir: string
  googleClientId: string | null
  /** Only the one-time Google hand-off is needed here. */
  signin: Pick<SigninService, 'consumeHandoff'>
  secureCookies: boolean
}

/** Escapes every non-ASCII character as \uXXXX so the JSON fits in an HTTP header. */
export function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * The public credential pages: a light page of their own (`auth.html`, the web app's `auth-main.tsx`), without the
 * dashboard's code. The web app names the same paths (`packages/web/src/features/auth/paths.ts`).
 */
export const CREDENTIAL_PAGES: ReadonlySet<string> = new Set([
  '/auth/login',
  '/auth/forgot-password',
  '/auth/reset-password/new-password',
  '/auth/invitation',
])

/** A request's path as pages are named: no query, single slashes, no trailing slash. */
const pagePath = (url: string) => (url.split('?')[0] ?? '/').replace(/\/{2,}/g, '/').replace(/(.)\/+$/, '$1')

/**
 * A survey's public link, `/s/<public key>` (contract §6.3): the light survey page of its own (`survey.html`, the web
 * app's `survey-main.tsx`), without the dashboard's code.
 */
export const isSurveyPage = (url: string) => /^\/s\/[^/]+$/.test(pagePath(url))

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Proxima</title></head>
<body style="font-family:sans-serif;padding:2rem"><h1>Proxima</h1>
<p>The API is running, but the dashboard has not been built. Run <code>npm run build</code> (or <code>npm start</code>, which builds it) and restart.</p>
<p>API documentation: <a href="/docs">/docs</a></p></body></html>`

/**
 * The chat widget's script is embedded by other sites: any site may load it (the default resource policy is
 * same-origin), and a short cache lets a new release reach them quickly.
 */
function widgetHeaders(reply: FastifyReply) {
  reply
    .header('Content-Type', 'text/javascript; charset=utf-8')
    .header('Cache-Control', 'public, max-age=300')
    .header('Cross-Origin-Resource-Policy', 'cross-origin')
    .header('Access-Control-Allow-Origin', '*')
}

/**
 * Serves the built dashboard on the API's own port: static assets, auth.html for the credential pages, survey.html
 * for public survey links and index.html for every other page URL (client-side routes). A HEAD on a page URL performs the one-time Google
 * hand-off (`auth-data` header).
 */
export async function registerDashboard(app: FastifyInstance, deps: DashboardDeps) {
  const indexPath = join(deps.webDistDir, 'index.html')
  const authPath = join(deps.webDistDir, 'auth.html')
  const surveyPath = join(deps.webDistDir, 'survey.html')
  const widgetPath = join(deps.webDistDir, 'widget.js')
  const built = existsSync(indexPath)
  const meta = `<meta name="proxima-config" content="${escapeAttr(JSON.stringify({ googleClientId: deps.googleClientId }))}">`
  const html = (path: string) => readFileSync(path, 'utf8').replace('<!--proxima-config-->', meta)
  const indexHtml = built ? html(indexPath) : NOT_BUILT
  // A build from before the credential pages had their own page serves them from index.html.
  const authHtml = built && existsSync(authPath) ? html(authPath) : indexHtml
  const surveyHtml = built && existsSync(surveyPath) ? html(surveyPath) : indexHtml

  if (built) {
    // The dashboard's files are public: a browser loads them before anyone has signed in.
    await app.register(async (assets) => {
      assets.addHook('onRoute', (route) => {
        route.config = { ...route.config, public: true }
      })
      // Scripts as RFC 9239 names them, whichever copy (plain, .br or .gz) was sent.
      assets.addHook('onSend', async (_req, reply, payload) => {
        if (String(reply.getHeader('content-type')).startsWith('application/javascript'))
          void reply.header('Content-Type', 'text/javascript; charset=utf-8')
        return payload
      })
      await assets.register(fastifyStatic, {
        root: deps.webDistDir,
        prefix: '/',
        wildcard: false,
        index: false,
        decorateReply: false,
        // The build writes .br and .gz copies next to each file; the one the browser accepts is sent.
        preCompressed: true,
        setHeaders: (res, sent) => {
          // The file's own path, when its compressed copy is the one sent.
          const path = sent.replace(/\.(br|gz)$/, '')
          if (path === widgetPath) {
            widgetHeaders(res)
            return
          }
          const immutable = path.includes(`${join(deps.webDistDir, 'assets')}`)
          res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300')
        },
      })
    })
  }

  const isApi = (req: FastifyRequest) => {
    const path = pagePath(req.url)
    return path === '/api' || path.startsWith('/api/')
  }

  const page = (reply: FastifyReply) =>
    reply
      .status(built ? 200 : 503)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')

  app.route({
    method: 'GET',
    url: '/*',
    exposeHeadRoute: false,
    schema: { hide: true },
    config: { public: true },
    handler: (req, reply) => {
      if (isApi(req)) return reply.callNotFound()
      if (isSurveyPage(req.url)) return page(reply).send(surveyHtml)
      return page(reply).send(CREDENTIAL_PAGES.has(pagePath(req.url)) ? authHtml : indexHtml)
    },
  })

  app.route({
    method: 'HEAD',
    url: '/*',
    schema: { hide: true },
    config: { public: true },
    handler: async (req, reply) => {
      if (isApi(req)) return reply.callNotFound()
      page(reply)
      const handoff = req.cookies.pxm_handoff
      if (handoff) {
        const session = await deps.signin.consumeHandoff(handoff)
        reply.setCookie('pxm_handoff', '', {
          path: '/',
          maxAge: 0,
          httpOnly: true,
          secure: deps.secureCookies,
          sameSite: 'lax',
        })
        // The header carries a session token: nothing may keep a copy.
        if (session) void reply.header('auth-data', asciiJson(session)).header('Cache-Control', 'no-store')
      }
      return reply.send()
    },
  })
}
