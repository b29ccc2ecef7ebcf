/**
 * Soak benchmark: a busy tenant's mixed traffic at a steady, moderate rate for a long time, to show whether the
 * server's memory, event loop and latency stay flat. The built server runs in its own process on a fresh
 * PostgreSQL database (or the embedded one with --pglite); this process is the load.
 *
 * Traffic, all at once: customers (widget visitors and mobile clients) start chats and write, staff reply, and each
 * message must arrive on the other side's subscribed WebSocket; community reads and writes (communities, issues,
 * threads, comments, likes, memberships, favourites, ratings); searches; staff and customer sign-ins; list paging
 * (chats, messages, notifications, issues, comments, members, staff, visitors).
 *
 *   npm run bench:soak                           # 10 minutes on PostgreSQL (DATABASE_URL, else 127.0.0.1:5432)
 *   npm run bench:soak -- --minutes 3            # shorter
 *   npm run bench:soak -- --pglite               # on the embedded database
 *
 * Exits non-zero when any request failed unexpectedly, any message was not delivered (or delivered twice), or an
 * acknowledged message is not stored exactly once.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import http from 'node:http'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs'
import { cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import WebSocket from 'ws'

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    pglite: { type: 'boolean', default: false },
    port: { type: 'string', default: '3910' },
  },
})
const MINUTES = Number(args.minutes)
if (!Number.isInteger(MINUTES) || MINUTES < 1) throw new Error('--minutes must be a whole number of at least 1')
const PORT = Number(args.port)
const PG_URL = args.pglite ? undefined : (process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres')
const METRICS_TOKEN = randomBytes(24).toString('hex')
const PASSWORD = 'Quiet-lantern-4821'
const ROOT = join(import.meta.dirname, '..', '..', '..')
const SERVER_DIR = join(ROOT, 'packages', 'server')

// The load: paced lanes, each a loop that makes at most one request per step.
const CHAT_LANES = 16 // each runs one conversation after another
const CHAT_STEP_MS = 1_000
const COMMUNITY_LANES = 5 // clients reading and writing in the communities
const COMMUNITY_STEP_MS = 500
const STAFF_STEP_MS = 700 // one lane per staff member: lists, notifications, search, replies
const SIGNIN_STEP_MS = 1_500 // sign in, read the profile, sign out
const CLIENTS = 40
const EMPLOYEES = 2 // besides the admin (PostgreSQL only: the invitation link is read from the outbox)
/** A message not seen on the other side's socket this long after its POST was sent counts as lost. */
const DELIVERY_TIMEOUT_MS = 10_000

type Json = Record<string, unknown>

// ---------------------------------------------------------------------------------------------------------------
// Figures

class Window {
  latencies: number[] = []
  requests = 0
  errors = 0
  sent = 0
  delivered = 0
}
let minute = new Window()
const total = new Window()
const errorKinds = new Map<string, number>()
/** Latencies by route and by minute (index 0 is the first minute), for the slowest routes in the summary. */
const byRoute = new Map<string, number[][]>()
let minuteNo = 0
let lost = 0
let duplicated = 0
const deliveryLatencies: number[] = []
let shownErrors = 0
/** Set while the server is being stopped: what fails then is not reported. */
let closing = false

function noteError(kind: string, detail: string) {
  minute.errors++
  total.errors++
  errorKinds.set(kind, (errorKinds.get(kind) ?? 0) + 1)
  if (!closing && shownErrors++ < 20) console.error(`  error: ${kind}: ${detail.slice(0, 300)}`)
}

const pct = (values: number[], p: number) => {
  if (values.length === 0) return NaN
  const sorted = Float64Array.from(values).sort()
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

// ---------------------------------------------------------------------------------------------------------------
// HTTP

/** A failure already counted; lanes catch it and carry on. */
class Counted extends Error {}
class Interrupted extends Error {}

// node:http with keep-alive is far lighter on the load side than fetch; load and server share the cores.
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 })

function request(
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<{ status: number; text: string }> {
  const payload = body === undefined ? undefined : JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: PORT,
        method,
        path,
        agent,
        timeout: 30_000,
        headers: {
          ...headers,
          ...(payload !== undefined
            ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }
            : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }))
        res.on('error', reject)
      },
    )
    req.on('timeout', () => req.destroy(new Error('timed out after 30 s')))
    req.on('error', reject)
    req.end(payload)
  })
}

/** The route a request counts under: ids and query values left out. */
const routeOf = (method: string, path: string) => `${method} ${path.split('?')[0]!.replace(/\/\d+(?=\/|$)/g, '/:id')}`

/**
 * One request of the load: timed, counted, and checked against the statuses the caller expects. Anything else
 * (another status, a network error) is an error of the run.
 */
async function api(
  method: string,
  path: string,
  opts: { body?: unknown; token?: string; expect?: number[] } = {},
): Promise<Json> {
  const expect = opts.expect ?? [method === 'POST' ? 201 : 200]
  const t0 = performance.now()
  let res
  try {
    res = await request(method, path, opts.body, opts.token ? { authorization: `Token ${opts.token}` } : {})
  } catch (err) {
    noteError(`${routeOf(method, path)} network`, String(err))
    throw new Counted()
  }
  const ms = performance.now() - t0
  minute.latencies.push(ms)
  total.latencies.push(ms)
  const route = routeOf(method, path)
  let perMinute = byRoute.get(route)
  if (!perMinute) byRoute.set(route, (perMinute = []))
  ;(perMinute[minuteNo] ??= []).push(ms)
  minute.requests++
  total.requests++
  if (!expect.includes(res.status)) {
    noteError(`${routeOf(method, path)} ${res.status}`, res.text)
    throw new Counted()
  }
  return res.text ? (JSON.parse(res.text) as Json) : {}
}

// ---------------------------------------------------------------------------------------------------------------
// WebSockets and delivery

type Expected = { socket: Socket; t0: number; chatId: number }
/** Acknowledged messages not yet seen on the socket that should receive them, by message id. */
const pending = new Map<number, Expected>()
const acknowledged: { id: number; chatId: number; text: string }[] = []

class Socket {
  /** Message ids that arrived here, with the time, for frames that beat their POST's reply and for duplicates. */
  readonly seen = new Map<number, number>()
  private pings = 0
  private pongs = 0
  private pongWaiters: { n: number; resolve: () => void }[] = []
  private closing = false

  private constructor(
    readonly ws: WebSocket,
    readonly label: string,
  ) {}

  /** Opens a socket with the token and waits for `ready`. */
  static open(token: string, label: string): Promise<Socket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${PORT}/api/ws?token=${encodeURIComponent(token)}`)
      const s = new Socket(ws, label)
      const timer = setTimeout(() => reject(new Error(`${label}: no ready frame within 10 s`)), 10_000)
      ws.on('message', (raw) => {
        const frame = JSON.parse(
          (Buffer.isBuffer(raw) ? raw : Array.isArray(raw) ? Buffer.concat(raw) : Buffer.from(raw)).toString(),
        ) as { type: string; data?: Json }
        if (frame.type === 'ready') {
          clearTimeout(timer)
          resolve(s)
        } else s.onFrame(frame)
      })
      ws.on('error', (err) => {
        clearTimeout(timer)
        reject(err)
      })
      ws.on('close', (code) => {
        if (!s.closing) noteError('websocket closed', `${label} closed by the server with ${code}`)
        for (const w of s.pongWaiters) w.resolve()
      })
    })
  }

  private onFrame(frame: { type: string; data?: Json }) {
    if (frame.type === 'pong') {
      this.pongs++
      this.pongWaiters = this.pongWaiters.filter((w) => (w.n <= this.pongs ? (w.resolve(), false) : true))
    } else if (frame.type === 'error') {
      noteError('websocket error frame', `${this.label}: ${JSON.stringify(frame.data)}`)
    } else if (frame.type === 'message.created' && typeof frame.data?.message_id === 'number') {
      const id = frame.data.message_id
      const now = performance.now()
      if (this.seen.has(id)) {
        duplicated++
        noteError('websocket duplicate', `${this.label}: message ${id} arrived twice`)
        return
      }
      this.seen.set(id, now)
      const p = pending.get(id)
      if (p?.socket === this) {
        pending.delete(id)
        delivered(now - p.t0)
      }
    }
  }

  send(value: unknown) {
    this.ws.send(JSON.stringify(value))
  }

  /** Frames are handled in order: once the answer to this ping is back, everything sent before it was handled. */
  roundTrip(): Promise<void> {
    const n = ++this.pings
    this.send({ type: 'ping' })
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        noteError('websocket pong', `${this.label}: no pong within 10 s`)
        resolve()
      }, 10_000)
      this.pongWaiters.push({
        n,
        resolve: () => {
          clearTimeout(timer)
          resolve()
        },
      })
    })
  }

  async subscribe(channel: string) {
    this.send({ type: 'subscribe', channel })
    await this.roundTrip()
  }

  unsubscribe(channel: string) {
    this.send({ type: 'unsubscribe', channel })
  }

  /** Forgets arrivals older than two minutes (staff sockets see every message of the tenant). */
  prune(now: number) {
    for (const [id, t] of this.seen) if (now - t > 120_000) this.seen.delete(id)
  }

  close() {
    this.closing = true
    this.ws.close()
  }
}

function delivered(ms: number) {
  minute.delivered++
  total.delivered++
  deliveryLatencies.push(ms)
}

/** Posts a chat message and expects it on `to`, the other side's socket. */
async function sendMessage(token: string, chatId: number, text: string, to: Socket) {
  const t0 = performance.now()
  const m = await api('POST', '/api/chat/message/', { body: { chat_id: chatId, text_content: text }, token })
  const id = Number(m.message_id)
  minute.sent++
  total.sent++
  acknowledged.push({ id, chatId, text })
  const arrived = to.seen.get(id)
  if (arrived !== undefined) delivered(arrived - t0)
  else pending.set(id, { socket: to, t0, chatId })
}

function sweepPending() {
  const now = performance.now()
  for (const [id, p] of pending) {
    if (now - p.t0 > DELIVERY_TIMEOUT_MS) {
      pending.delete(id)
      lost++
      noteError('message lost', `message ${id} of chat ${p.chatId} not on ${p.socket.label} after 10 s`)
    }
  }
}

async function settled(chatId?: number) {
  for (let i = 0; i < DELIVERY_TIMEOUT_MS / 100 + 10; i++) {
    if (![...pending.values()].some((p) => chatId === undefined || p.chatId === chatId)) return
    await sleep(100)
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The world the load acts in

type Staff = { id: number; email: string; token: string; ws: Socket; name: string }
type Client = { id: number; email: string; token: string; communities: Set<number>; busy: boolean }
type Issue = { id: number; threadId: number; communityId: number }
type CommentRef = { id: number; communityId: number }

const world = {
  tenantId: 0,
  widgetKey: '',
  staff: [] as Staff[],
  clients: [] as Client[],
  communities: [] as number[],
  issues: [] as Issue[],
  comments: [] as CommentRef[],
  chats: [] as number[],
}

const WORDS = [
  'invoice',
  'refund',
  'delivery',
  'password',
  'router',
  'subscription',
  'warranty',
  'battery',
  'shipping',
  'discount',
  'account',
  'printer',
  'upgrade',
  'receipt',
  'tracking',
  'login',
]
let seq = 0
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!
const words = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(' ')
const unique = (prefix: string) => `${prefix}${++seq}${randomBytes(3).toString('hex')}`
const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)))
let running = true

/** Spaces a lane's requests `everyMs` apart on average (±30 %), whatever each one took. */
function pacer(everyMs: number) {
  let next = performance.now()
  return async () => {
    next += everyMs * (0.7 + 0.6 * Math.random())
    const now = performance.now()
    if (next < now - everyMs) next = now // fell behind: do not burst to catch up
    await sleep(next - now)
  }
}

async function lane(everyMs: number, step: (pace: () => Promise<void>) => Promise<void>) {
  const pace = pacer(everyMs)
  while (running) {
    try {
      await step(pace)
    } catch (err) {
      if (!(err instanceof Counted)) noteError('load', String(err))
    }
    await pace()
  }
}

async function setup(pool: pg.Pool | undefined) {
  const tenant = await api('POST', '/api/tenantmanagement/tenant/', {
    body: { tenant_name: unique('Soak '), industry: 'Retail', email: `${unique('org')}@example.com`, plan: 'business' },
  })
  world.tenantId = Number(tenant.tenant_id)
  const adminName = unique('admin')
  const admin = await api('POST', '/api/auth/admin/', {
    body: {
      tenant_id: tenant.tenant_id,
      onboarding_token: tenant.onboarding_token,
      username: adminName,
      email: `${adminName}@example.com`,
      first_name: 'Ada',
      last_name: 'Admin',
      password: PASSWORD,
      confirm_password: PASSWORD,
    },
  })
  const adminToken = String(admin.token)
  world.staff.push({
    id: Number(admin.id),
    email: String(admin.email),
    token: adminToken,
    ws: await Socket.open(adminToken, 'admin socket'),
    name: 'admin',
  })
  // Employees accept their invitation with the link's token, which only the outbox (the database) knows.
  for (let i = 0; pool && i < EMPLOYEES; i++) {
    const u = unique('staff')
    const email = `${u}@example.com`
    await api('POST', '/api/auth/employee/', { body: { email, user_type: 'employee' }, token: adminToken })
    const mail = await pool.query<{ text_body: string }>(
      `select text_body from outbox_mail where to_address = $1 and kind = 'staff_invitation' order by id desc limit 1`,
      [email],
    )
    const link = /token=([A-Za-z0-9_-]+)/.exec(mail.rows[0]?.text_body ?? '')?.[1]
    if (!link) throw new Error(`no invitation link for ${email}`)
    const s = await api('POST', '/api/auth/employee/accept/', {
      body: {
        token: decodeURIComponent(link),
        username: u,
        first_name: 'Eli',
        last_name: `Employee${i + 1}`,
        password: PASSWORD,
        confirm_password: PASSWORD,
      },
    })
    world.staff.push({
      id: Number(s.id),
      email,
      token: String(s.token),
      ws: await Socket.open(String(s.token), `employee ${i + 1} socket`),
      name: `employee ${i + 1}`,
    })
  }
  const settings = await api('GET', '/api/tenantmanagement/settings/', { token: adminToken })
  world.widgetKey = String((settings.widget as Json).widget_key)

  for (let i = 0; i < 3; i++) {
    await api('POST', '/api/community/community/', {
      body: { community_name: unique('Guild '), description: `Questions about ${words(3)}` },
      token: adminToken,
    })
  }
  const communities = await api('GET', '/api/community/community/?limit=100', { token: adminToken })
  world.communities = (communities.data as Json[]).map((c) => Number(c.community_id))

  for (let i = 0; i < CLIENTS; i += 8) {
    await Promise.all(
      Array.from({ length: Math.min(8, CLIENTS - i) }, async () => {
        const u = unique('client')
        const c = await api('POST', '/api/auth/client/', {
          body: {
            username: u,
            email: `${u}@example.com`,
            first_name: 'Cora',
            last_name: 'Client',
            password: PASSWORD,
            confirm_password: PASSWORD,
          },
        })
        const client: Client = {
          id: Number(c.id),
          email: String(c.email),
          token: String(c.token),
          communities: new Set(),
          busy: false,
        }
        world.clients.push(client)
        for (const communityId of [pick(world.communities), pick(world.communities)]) {
          await joinCommunity(client, communityId)
        }
      }),
    )
  }
  // Some content to read from the start.
  for (let i = 0; i < 20; i++) await raiseIssue(pick(world.clients))
  for (let i = 0; i < 40; i++) {
    const issue = pick(world.issues)
    const author = world.clients.find((c) => c.communities.has(issue.communityId))
    if (author) await comment(author, issue)
  }
}

async function joinCommunity(client: Client, communityId: number) {
  await api('POST', '/api/community/joincommunity/', {
    body: { community_id: communityId },
    token: client.token,
    expect: [200],
  })
  client.communities.add(communityId)
}

async function raiseIssue(client: Client) {
  const communityId = pick([...client.communities])
  const issue = await api('POST', '/api/community/issue/', {
    body: { community_id: communityId, issue: `${unique('Issue ')}: ${words(3)}`, description: words(12) },
    token: client.token,
  })
  world.issues.push({ id: Number(issue.issue_id), threadId: Number(issue.thread_id), communityId })
}

async function comment(author: Client | Staff, issue: Issue) {
  const c = await api('POST', '/api/community/comment/', {
    body: { thread_id: issue.threadId, comment_description: `${unique('c')} ${words(8)}` },
    token: author.token,
  })
  world.comments.push({ id: Number(c.comment_id), communityId: issue.communityId })
}

// ---------------------------------------------------------------------------------------------------------------
// Lanes

let conversationCount = 0

/** One customer conversation: start, a few rounds of messages both ways, then staff resolve it. */
async function conversation(laneNo: number, pace: () => Promise<void>) {
  const staff = world.staff[laneNo % world.staff.length]!
  const n = ++conversationCount
  let token: string
  let client: Client | undefined
  let chatBody: Json
  if (n % 2 === 0 && (client = world.clients.find((c) => !c.busy))) {
    client.busy = true
    token = client.token
    chatBody = { tenant_id: world.tenantId, channel: 'mobile' }
  } else {
    client = undefined
    const v = await api('POST', '/api/auth/anonymoususer/', {
      body: { widget_key: world.widgetKey, name: `Visitor ${n}` },
    })
    token = String(v.token)
    chatBody = {}
    await pace()
  }
  let customerWs: Socket | undefined
  let chatId = 0
  try {
    const chat = await api('POST', '/api/chat/chat/', { body: chatBody, token })
    chatId = Number(chat.chat_id)
    world.chats.push(chatId)
    customerWs = await Socket.open(token, `customer socket of chat ${chatId}`)
    await customerWs.subscribe(`chat:${chatId}`)
    await pace()
    await api('POST', `/api/chat/chat/${chatId}/assign/`, {
      body: { assignee_id: staff.id },
      token: staff.token,
      expect: [200],
    })
    await staff.ws.subscribe(`chat:${chatId}`)
    const rounds = 3 + Math.floor(Math.random() * 5)
    for (let r = 0; r < rounds && running; r++) {
      await pace()
      await sendMessage(token, chatId, `${unique('m')} my ${words(3)} question`, staff.ws)
      await pace()
      if (!running) break
      if (Math.random() < 0.5) {
        const page = await api('GET', `/api/chat/message/?chat_id=${chatId}&limit=5`, { token: staff.token })
        const cursor = (page.pagination as Json).before_cursor as string | null
        if ((page.pagination as Json).has_older && cursor) {
          await pace()
          await api('GET', `/api/chat/message/?chat_id=${chatId}&limit=5&before=${encodeURIComponent(cursor)}`, {
            token: staff.token,
          })
        }
      } else {
        await api('GET', `/api/chat/chat/${chatId}/`, { token: staff.token })
      }
      await pace()
      if (!running) break
      await sendMessage(staff.token, chatId, `${unique('m')} about your ${words(3)}`, customerWs)
      await pace()
      if (!running) break
      if (Math.random() < 0.5) {
        const last = acknowledged[acknowledged.length - 1]
        if (last?.chatId === chatId) {
          await api('POST', `/api/chat/chat/${chatId}/read/`, {
            body: { last_read_message_id: last.id },
            token,
            expect: [200],
          })
        }
      } else {
        await api('GET', `/api/chat/chat/?limit=10`, { token })
      }
    }
    if (running) {
      await pace()
      await api('PATCH', `/api/chat/chat/${chatId}/`, { body: { status: 'resolved' }, token: staff.token })
    }
  } finally {
    if (chatId) staff.ws.unsubscribe(`chat:${chatId}`)
    await settled(chatId || -1)
    customerWs?.close()
    if (client) client.busy = false
  }
}

/** A client in the communities: reading lists page by page, raising issues, commenting, reacting, joining. */
async function communityStep(laneNo: number) {
  const mine = world.clients.filter((_, i) => i % COMMUNITY_LANES === laneNo)
  const client = pick(mine)
  const r = Math.random()
  const issues = world.issues.filter((i) => client.communities.has(i.communityId))
  if (r < 0.1) {
    await api('GET', `/api/community/community/?tenant_id=${world.tenantId}&limit=10`, { token: client.token })
  } else if (r < 0.25) {
    const communityId = pick([...client.communities])
    const first = await api('GET', `/api/community/issue/?community_id=${communityId}&limit=10`, {
      token: client.token,
    })
    const totalIssues = Number((first.pagination as Json).total)
    const offset = Math.floor((Math.random() * totalIssues) / 10) * 10
    if (offset > 0) {
      await api('GET', `/api/community/issue/?community_id=${communityId}&limit=10&offset=${offset}`, {
        token: client.token,
      })
    }
  } else if (r < 0.35 && issues.length > 0) {
    await api('GET', `/api/community/issue/${pick(issues).id}/`, { token: client.token })
  } else if (r < 0.4 && issues.length > 0) {
    await api('GET', `/api/community/thread/?issue_id=${pick(issues).id}`, { token: client.token })
  } else if (r < 0.55 && issues.length > 0) {
    const issue = pick(issues)
    const page = await api('GET', `/api/community/comment/?thread_id=${issue.threadId}&limit=20`, {
      token: client.token,
    })
    const next = (page.pagination as Json).next_offset as number | null
    if (next) {
      await api('GET', `/api/community/comment/?thread_id=${issue.threadId}&limit=20&offset=${next}`, {
        token: client.token,
      })
    }
  } else if (r < 0.62) {
    await raiseIssue(client)
  } else if (r < 0.77 && issues.length > 0) {
    await comment(client, pick(issues))
  } else if (r < 0.87) {
    const comments = world.comments.filter((c) => client.communities.has(c.communityId))
    if (comments.length > 0) {
      const reaction = pick(['likecomment', 'dislikecomment', 'likeordislikecomment'])
      await api('POST', `/api/community/${reaction}/`, {
        body: { comment_id: pick(comments.slice(-200)).id },
        token: client.token,
        expect: [200],
      })
    }
  } else if (r < 0.9) {
    const other = world.communities.filter((c) => !client.communities.has(c))
    // Leave one community now and then, but stay in at least one (issues and comments need a membership).
    if (other.length > 0) await joinCommunity(client, pick(other))
    else {
      const communityId = pick([...client.communities])
      await api('POST', '/api/community/leavecommunity/', {
        body: { community_id: communityId },
        token: client.token,
        expect: [200],
      })
      client.communities.delete(communityId)
    }
  } else if (r < 0.93) {
    await api('POST', '/api/community/favoritecommunities/', {
      body: { community_id: pick(world.communities) },
      token: client.token,
      expect: [200],
    })
  } else if (r < 0.95) {
    await api('GET', '/api/community/favoritecommunities/?limit=10', { token: client.token })
  } else if (r < 0.98) {
    await api('POST', '/api/community/rating/', {
      body: { community_id: pick([...client.communities]), rating: 1 + Math.floor(Math.random() * 5) },
      token: client.token,
      expect: [200, 201],
    })
  } else {
    await api('GET', '/api/community/events/?limit=20', { token: client.token })
  }
}

const notificationCursors = new Map<number, string | null>()
const chatPages = new Map<number, number>()

/** A staff member at the dashboard: chat lists page by page, notifications, search, community work. */
async function staffStep(staff: Staff) {
  const r = Math.random()
  const token = staff.token
  if (r < 0.2) {
    const offset = chatPages.get(staff.id) ?? 0
    const filter = pick(['', '&status=open', '&assignee=me', '&status=resolved', '&sort=-created_at'])
    const page = await api('GET', `/api/chat/chat/?limit=25&offset=${offset}${filter}`, { token })
    const next = (page.pagination as Json).next_offset as number | null
    chatPages.set(staff.id, next && next <= 200 ? next : 0)
  } else if (r < 0.25) {
    await api('GET', `/api/chat/chat/?search=${pick(WORDS)}&limit=10`, { token })
  } else if (r < 0.4) {
    const cursor = notificationCursors.get(staff.id)
    const page = await api(
      'GET',
      `/api/notifications/?limit=20${cursor ? `&before=${encodeURIComponent(cursor)}` : ''}`,
      { token },
    )
    const p = page.pagination as Json
    notificationCursors.set(staff.id, p.has_older ? (p.before_cursor as string) : null)
  } else if (r < 0.45) {
    await api('GET', '/api/notifications/unread-count/', { token })
  } else if (r < 0.47) {
    await api('POST', '/api/notifications/read-all/', { token, expect: [200] })
  } else if (r < 0.62) {
    await api('POST', '/api/search', {
      body: { query: words(Math.random() < 0.7 ? 1 : 2), limit: 10 },
      token,
      expect: [200],
    })
  } else if (r < 0.72) {
    const offset = Math.floor((Math.random() * Math.min(world.issues.length, 200)) / 10) * 10
    await api('GET', `/api/community/issue/?limit=10&offset=${offset}&sort=-last_activity_at`, { token })
  } else if (r < 0.8 && world.issues.length > 0) {
    await comment(staff, pick(world.issues.slice(-50)))
  } else if (r < 0.85 && world.chats.length > 0) {
    await api('GET', `/api/chat/message/?chat_id=${pick(world.chats.slice(-100))}&limit=20`, { token })
  } else if (r < 0.89) {
    await api('GET', `/api/community/community/${pick(world.communities)}/members/?limit=25`, { token })
  } else if (r < 0.92) {
    await api('GET', '/api/staff/?limit=25', { token })
  } else if (r < 0.95) {
    await api('GET', '/api/auth/anonymoususer/?limit=25', { token })
  } else if (r < 0.98 && world.issues.length > 0) {
    await api('PATCH', `/api/community/issue/${pick(world.issues).id}/`, {
      body: { solved: Math.random() < 0.5 },
      token,
    })
  } else {
    await api('GET', '/api/community/community/?limit=10', { token })
  }
}

let signinCount = 0

/** Someone signs in, reads their profile and signs out again: staff at the dashboard or a customer in the app. */
async function signinStep(pace: () => Promise<void>) {
  const staffTurn = ++signinCount % 2 === 0
  const who = staffTurn ? pick(world.staff) : pick(world.clients)
  const session = await api('POST', '/api/auth/signin/', {
    body: { email: who.email, password: PASSWORD, audience: staffTurn ? 'dashboard' : 'mobile' },
    expect: [200],
  })
  const token = String(session.token)
  await pace()
  await api('GET', '/api/auth/me/', { token })
  await pace()
  await api('POST', '/api/auth/logout/', { token, expect: [204] })
}

// ---------------------------------------------------------------------------------------------------------------
// The server

/** Builds contracts and server when their output is missing or older than any source file. */
function ensureBuilt() {
  const newest = (dir: string): number =>
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .reduce((m, e) => Math.max(m, statSync(join(e.parentPath, e.name)).mtimeMs), 0)
  const outputs = [join(SERVER_DIR, 'dist', 'src', 'main.js'), join(ROOT, 'packages', 'contracts', 'dist', 'index.js')]
  const sources = Math.max(newest(join(SERVER_DIR, 'src')), newest(join(ROOT, 'packages', 'contracts', 'src')))
  if (outputs.every((f) => existsSync(f) && statSync(f).mtimeMs >= sources)) return
  console.log('building the server (its build is missing or older than the sources)…')
  const r = spawnSync('npm run build -w @proxima/contracts && npm run build -w @proxima/server', {
    cwd: ROOT,
    shell: true,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  if (r.status !== 0) throw new Error('build failed')
}

async function freshDatabase(): Promise<{ url: string | undefined; name: string; drop: () => Promise<void> }> {
  if (!PG_URL) return { url: undefined, name: '', drop: async () => undefined }
  const name = `proxima_soak_${randomBytes(4).toString('hex')}`
  const c = new pg.Client({ connectionString: PG_URL })
  await c.connect()
  await c.query(`create database ${name}`)
  await c.end()
  const u = new URL(PG_URL)
  u.pathname = `/${name}`
  return {
    url: u.toString(),
    name,
    drop: async () => {
      const d = new pg.Client({ connectionString: PG_URL })
      await d.connect()
      await d.query(`drop database if exists ${name} with (force)`)
      await d.end()
    },
  }
}

function startServer(databaseUrl: string | undefined, dataDir: string): ChildProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    RATE_LIMITS: 'false',
    LOG_LEVEL: 'warn',
    METRICS_TOKEN,
  }
  if (databaseUrl) env.DATABASE_URL = databaseUrl
  else delete env.DATABASE_URL
  // BENCH_NODE_OPTIONS, e.g. "--heapsnapshot-signal=SIGUSR2", goes to the server's node.
  const extra = (process.env.BENCH_NODE_OPTIONS ?? '').split(' ').filter(Boolean)
  return spawn(process.execPath, [...extra, join(SERVER_DIR, 'dist', 'src', 'main.js')], {
    cwd: dataDir,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
}

async function waitReady() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await request('GET', '/readyz', undefined, {})).status === 200) return
    } catch {
      // not yet listening
    }
    await sleep(500)
  }
  throw new Error('server did not start')
}

type Scrape = { rss: number; heap: number; loopP99: number; sockets: number; channels: number }

/** The server's own figures from `/metrics` (each scrape also restarts prom-client's event-loop histogram). */
async function scrape(pid: number): Promise<Scrape> {
  const res = await request('GET', '/metrics', undefined, { authorization: `Bearer ${METRICS_TOKEN}` })
  if (res.status !== 200) throw new Error(`/metrics answered ${res.status}`)
  const value = (name: string, labels = '') => {
    const line = res.text.split('\n').find((l) => l.startsWith(`${name}${labels} `))
    return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : NaN
  }
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return {
    rss: Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) * 1024,
    heap: value('nodejs_heap_size_used_bytes'),
    loopP99: value('nodejs_eventloop_lag_p99_seconds'),
    sockets: value('proxima_websocket_connections', '{state="authenticated"}'),
    channels: value('proxima_websocket_channels'),
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Verification: every acknowledged message stored exactly once

async function verifyStored(pool: pg.Pool | undefined): Promise<{ missing: number; duplicates: number; how: string }> {
  const expected = new Map(acknowledged.map((m) => [m.id, m]))
  const stored = new Map<number, number>() // id → times found with the right chat and text
  let duplicates = 0
  if (pool) {
    const rows = await pool.query<{ id: string; chat_id: string; text_content: string; n: string }>(
      `select min(id) as id, min(chat_id) as chat_id, text_content, count(*) as n
         from chat_messages where tenant_id = $1 group by text_content`,
      [world.tenantId],
    )
    for (const r of rows.rows) {
      const m = expected.get(Number(r.id))
      if (Number(r.n) > 1) duplicates += Number(r.n) - 1
      if (m && m.text === r.text_content && m.chatId === Number(r.chat_id)) stored.set(m.id, Number(r.n))
    }
  } else {
    const admin = world.staff[0]!
    for (const chatId of new Set(acknowledged.map((m) => m.chatId))) {
      let before: string | null = null
      for (;;) {
        const path = `/api/chat/message/?chat_id=${chatId}&limit=100${before ? `&before=${encodeURIComponent(before)}` : ''}`
        // Not part of the load: read outside `api`, so the figures above stay those of the run.
        const res = await request('GET', path, undefined, { authorization: `Token ${admin.token}` })
        if (res.status !== 200) {
          noteError('verification', `${path} → ${res.status} ${res.text}`)
          break
        }
        const page = JSON.parse(res.text) as Json
        for (const msg of page.data as Json[]) {
          const m = expected.get(Number(msg.message_id))
          if (m && m.text === msg.text_content && m.chatId === chatId) stored.set(m.id, (stored.get(m.id) ?? 0) + 1)
        }
        const p = page.pagination as Json
        if (!p.has_older) break
        before = p.before_cursor as string
      }
    }
    for (const n of stored.values()) if (n > 1) duplicates += n - 1
  }
  const missing = [...expected.keys()].filter((id) => !stored.has(id)).length
  return { missing, duplicates, how: pool ? 'SQL on the throwaway database' : 'the message API, chat by chat' }
}

// ---------------------------------------------------------------------------------------------------------------

async function main() {
  ensureBuilt()
  const db = await freshDatabase()
  const pool = db.url ? new pg.Pool({ connectionString: db.url, max: 2 }) : undefined
  const dataDir = mkdtempSync(join(tmpdir(), 'proxima-soak-'))
  const server = startServer(db.url, dataDir)
  server.once('exit', (code, signal) => {
    if (running) console.error(`  the server stopped during the run (exit code ${code}, signal ${signal})`)
  })
  let exitCode = 1
  // Ctrl-C ends the run at once; the server and the throwaway database are still cleaned up.
  let interrupt: () => void = () => undefined
  const interrupted = new Promise<void>((resolve) => (interrupt = resolve))
  const stop = () => {
    console.error('  interrupted')
    interrupt()
  }
  process.once('SIGINT', stop)
  try {
    await waitReady()
    const setupStart = Date.now()
    await setup(pool)
    const staffLanes = world.staff.length
    const planned =
      (CHAT_LANES * 1000) / CHAT_STEP_MS +
      (COMMUNITY_LANES * 1000) / COMMUNITY_STEP_MS +
      (staffLanes * 1000) / STAFF_STEP_MS +
      1000 / SIGNIN_STEP_MS
    console.log(
      `soak: ${MINUTES} min on ${db.url ? `PostgreSQL (${db.name})` : 'PGlite (embedded)'}, built server (pid ${server.pid}), ${cpus().length} cores shared by load and server`,
    )
    console.log(
      `setup: 1 tenant, ${world.staff.length} staff, ${world.clients.length} clients, ${world.communities.length} communities, ${world.issues.length} issues in ${((Date.now() - setupStart) / 1000).toFixed(1)} s`,
    )
    console.log(
      `load: ${CHAT_LANES} chat lanes (1 request/${CHAT_STEP_MS} ms), ${COMMUNITY_LANES} community lanes (1/${COMMUNITY_STEP_MS} ms), ${staffLanes} staff lane${staffLanes === 1 ? '' : 's'} (1/${STAFF_STEP_MS} ms), 1 sign-in lane (1/${SIGNIN_STEP_MS} ms): about ${planned.toFixed(0)} requests/s planned`,
    )
    console.log(
      'columns: RSS and heap used at the end of the minute; loop p99 = event-loop delay p99 over the minute (prom-client, reset at each once-a-minute scrape; 10 ms sampling, so an idle loop reads about 10 ms); HTTP p99 over the requests that finished in the minute, as the load saw them; errors = unexpected statuses, network errors, messages lost or duplicated',
    )
    console.log('')
    console.log(
      '  min   RSS MiB  heap MiB  loop p99 ms  HTTP p99 ms  requests  errors  messages sent/delivered  sockets',
    )

    const mib = (b: number) => (b / 2 ** 20).toFixed(1)
    const pid = server.pid!
    await scrape(pid) // starts the first minute's event-loop histogram
    minute = new Window()
    const t0 = performance.now()
    const lanes: Promise<void>[] = []
    for (let i = 0; i < CHAT_LANES; i++) lanes.push(lane(CHAT_STEP_MS, (pace) => conversation(i, pace)))
    for (let i = 0; i < COMMUNITY_LANES; i++) lanes.push(lane(COMMUNITY_STEP_MS, () => communityStep(i)))
    for (const s of world.staff) lanes.push(lane(STAFF_STEP_MS, () => staffStep(s)))
    lanes.push(lane(SIGNIN_STEP_MS, signinStep))
    const sweeper = setInterval(sweepPending, 1_000)
    minuteNo = 0
    const snaps: Scrape[] = []
    for (let m = 1; m <= MINUTES; m++) {
      const ended = await Promise.race([sleep(t0 + m * 60_000 - performance.now()), interrupted.then(() => true)])
      if (ended) throw new Interrupted()
      const w = minute
      minute = new Window()
      minuteNo = m
      const s = await scrape(pid)
      snaps.push(s)
      for (const st of world.staff) st.ws.prune(performance.now())
      console.log(
        [
          String(m).padStart(5),
          mib(s.rss).padStart(9),
          mib(s.heap).padStart(9),
          (s.loopP99 * 1000).toFixed(1).padStart(12),
          pct(w.latencies, 99).toFixed(1).padStart(12),
          String(w.requests).padStart(9),
          String(w.errors).padStart(7),
          `${w.sent}/${w.delivered}`.padStart(24),
          String(s.sockets).padStart(8),
        ].join(' '),
      )
    }
    running = false
    await Promise.all(lanes)
    await settled()
    sweepPending()
    clearInterval(sweeper)

    const seconds = (performance.now() - t0) / 1000
    const verify = await verifyStored(pool)
    const last = snaps[snaps.length - 1]!
    const second = snaps[1]
    const growth = second ? (100 * (last.rss - second.rss)) / second.rss : NaN
    console.log('')
    console.log('summary:')
    console.log(
      `  requests: ${total.requests} in ${seconds.toFixed(0)} s (${(total.requests / seconds).toFixed(1)}/s); HTTP p50 ${pct(total.latencies, 50).toFixed(1)} ms, p95 ${pct(total.latencies, 95).toFixed(1)} ms, p99 ${pct(total.latencies, 99).toFixed(1)} ms`,
    )
    console.log(
      `  errors: ${total.errors}${errorKinds.size ? ` (${[...errorKinds].map(([k, n]) => `${k}: ${n}`).join('; ')})` : ''}`,
    )
    const slowest = [...byRoute]
      .map(([route, perMinute]) => ({ route, perMinute, all: perMinute.flat() }))
      .filter((r) => r.all.length >= 50)
      .sort((a, b) => pct(b.all, 99) - pct(a.all, 99))
      .slice(0, 6)
    console.log('  slowest routes by p99 (requests; p99 over the run, in the first minute and in the last):')
    for (const r of slowest) {
      const first = r.perMinute[0] ?? []
      const lastMinute = r.perMinute[MINUTES - 1] ?? []
      console.log(
        `    ${r.route}: ${r.all.length}; ${pct(r.all, 99).toFixed(1)} ms, ${pct(first, 99).toFixed(1)} ms, ${pct(lastMinute, 99).toFixed(1)} ms`,
      )
    }
    console.log(
      `  chat messages: ${total.sent} acknowledged (201), ${total.delivered} delivered to the other side's socket, ${lost} lost, ${duplicated} delivered twice; delivery p50 ${pct(deliveryLatencies, 50).toFixed(1)} ms, p99 ${pct(deliveryLatencies, 99).toFixed(1)} ms`,
    )
    console.log(
      `  stored: ${acknowledged.length - verify.missing}/${acknowledged.length} acknowledged messages found, ${verify.missing} missing, ${verify.duplicates} extra copies (checked with ${verify.how})`,
    )
    if (second) {
      console.log(
        `  RSS: ${mib(second.rss)} MiB at the end of minute 2 → ${mib(last.rss)} MiB at the end of minute ${MINUTES}: ${growth >= 0 ? '+' : ''}${growth.toFixed(1)} %; target "at most 10 % growth from minute 2 to the end": ${growth <= 10 ? 'held' : 'NOT held'}`,
      )
      console.log(
        `  heap used: ${mib(second.heap)} MiB at the end of minute 2 → ${mib(last.heap)} MiB at the end of minute ${MINUTES}`,
      )
    } else {
      console.log('  RSS growth: needs at least 2 minutes')
    }
    const ok = total.errors === 0 && lost === 0 && duplicated === 0 && verify.missing === 0 && verify.duplicates === 0
    console.log(`  result: ${ok ? 'passed' : 'FAILED'}`)
    exitCode = ok ? 0 : 1
    for (const s of world.staff) s.ws.close()
  } finally {
    running = false
    closing = true
    process.off('SIGINT', stop)
    await pool?.end()
    server.kill('SIGTERM')
    if (server.exitCode === null && server.signalCode === null) await new Promise((r) => server.once('exit', r))
    rmSync(dataDir, { recursive: true, force: true })
    await db.drop()
    agent.destroy()
  }
  process.exit(exitCode)
}

try {
  await main()
} catch (err) {
  if (!(err instanceof Interrupted)) throw err
  process.exit(130)
}
