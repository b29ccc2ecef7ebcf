import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import type { TestApp } from '../app.js'
import { PASSWORD, adminPayload, auth, createClient, createEmployee, createTenant, unique } from '../factories.js'
import { multipart, wav } from '../media/helpers.js'

/** The kinds of row a request can name by id. */
export const OBJECT_KINDS = [
  'tenant',
  'staff',
  'client',
  'visitor',
  'invitation',
  'notification',
  'product',
  'address',
  'metadata',
  'category',
  'topic',
  'chat',
  'message',
  'voice',
  'community',
  'issue',
  'thread',
  'comment',
  'survey',
  'subgroup',
  'response',
] as const
export type ObjectKind = (typeof OBJECT_KINDS)[number]

/**
 * Strings written into a tenant's rows so that a reply can be searched for them: `open` marks what any
 * platform client may read (community content, category and topic names, the tenant's name), `closed` marks
 * what only the tenant's own staff (or the row's owner) may see.
 */
export type Markers = { open: string; closed: string }
export const newMarkers = (): Markers => {
  const tag = randomBytes(4).toString('hex')
  return { open: `zqxopen${tag}`, closed: `zqxclosed${tag}` }
}

export type Account = { token: string; id: number; email: string }

/** A tenant with one row of every kind, made through the HTTP API as its people would make them. */
export type TenantWorld = {
  tenantId: number
  markers: Markers
  admin: Account
  employee: Account
  /** A customer related to the tenant: owns its chat, member of its community, author of its issue. */
  client: Account
  visitor: { token: string; id: number }
  ids: Record<ObjectKind, number>
}

async function call(app: TestApp, method: string, url: string, token: string | undefined, payload?: unknown) {
  const res = await app.inject({
    method: method as 'POST',
    url,
    ...(token ? { headers: auth(token) } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`)
  return res.statusCode === 204 ? {} : res.json()
}

/** Signs an account in again (after a logout or a password change by a test). */
export async function signIn(app: TestApp, email: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/signin/', payload: { email, password: PASSWORD } })
  if (res.statusCode !== 200) throw new Error(`signin ${email}: ${res.statusCode} ${res.body}`)
  return res.json<{ token: string }>().token
}

/** A new widget visitor of the tenant (the widget is switched back on first, should a test have turned it off). */
export async function newVisitor(app: TestApp, adminToken: string, name: string) {
  const settings = await call(app, 'PATCH', '/api/tenantmanagement/settings/', adminToken, {
    widget: { enabled: true, allowed_origins: [] },
  })
  const key = (settings as { widget: { widget_key: string } }).widget.widget_key
  const v = await call(app, 'POST', '/api/auth/anonymoususer/', undefined, { widget_key: key, name })
  return { token: v.token as string, id: v.anonymous_user_id as number }
}

/** A tenant on the Professional plan with its admin (staff names are shown to customers: the open marker). */
export async function tenantWithAdmin(app: TestApp, markers: Markers) {
  const tenant = await createTenant(app, { tenant_name: `Org ${markers.open} ${unique('t')}`, plan: 'professional' })
  const payload = adminPayload(tenant, { first_name: `Ada ${markers.open}` })
  const admin = await call(app, 'POST', '/api/auth/admin/', undefined, payload)
  return {
    tenantId: tenant.tenant_id,
    admin: { token: admin.token as string, id: admin.id as number, email: payload.email },
  }
}

/** Builds a tenant and, through its API, one row of every kind named in OBJECT_KINDS. */
export async function buildTenantWorld(app: TestApp, markers: Markers = newMarkers()): Promise<TenantWorld> {
  const { open, closed } = markers
  const { tenantId, admin } = await tenantWithAdmin(app, markers)
  const emp = await createEmployee(app, admin.token)
  const employee = { token: emp.token, id: emp.employee.id, email: emp.email }
  const c = await createClient(app, { first_name: `Cora ${open}` })
  const client = { token: c.token, id: c.client.id, email: c.client.email }
  const visitor = await newVisitor(app, admin.token, `Vera ${closed}`)

  const post = (url: string, token: string, payload: unknown = {}) => call(app, 'POST', url, token, payload)
  const product = await post('/api/tenantmanagement/product/', admin.token, { name: `Kettle ${closed}`, price: '9.50' })
  const address = await post('/api/tenantmanagement/address/', admin.token, { city: `City ${closed}`, country: 'KE' })
  const metadata = await post('/api/tenantmanagement/metadata/', admin.token, {
    key: unique('key'),
    value: { note: closed },
  })
  const category = await post('/api/chat/categories/', admin.token, { name: `Billing ${open}` })
  const topic = await post('/api/chat/topics/', admin.token, {
    name: `Refunds ${open}`,
    category_id: category.category_id,
    keywords: ['refund'],
  })
  const invitation = await post('/api/staff/invitations/', admin.token, {
    email: `${unique('inv')}${closed}@example.com`,
    first_name: `Ivo ${closed}`,
  })

  const chat = await post('/api/chat/chat/', client.token, { tenant_id: tenantId })
  const message = await post('/api/chat/message/', client.token, {
    chat_id: chat.chat_id,
    text_content: `My refund ${closed}`,
  })
  await post('/api/chat/message/', admin.token, { chat_id: chat.chat_id, text_content: `On it ${closed}` })
  await post(`/api/chat/chat/${chat.chat_id}/rating/`, client.token, { rating: 4 })
  await post('/api/chat/chat/', visitor.token, {})
  const { payload, contentType } = multipart({ chat_id: chat.chat_id }, [
    { name: 'audio', filename: 'hello.wav', contentType: 'audio/wav', data: wav(0.5) },
  ])
  const voiceRes = await app.inject({
    method: 'POST',
    url: '/api/chat/voice/',
    headers: { ...auth(client.token), 'content-type': contentType },
    payload,
  })
  if (voiceRes.statusCode !== 201) throw new Error(`voice: ${voiceRes.statusCode} ${voiceRes.body}`)
  const notes = await call(app, 'GET', '/api/notifications/', admin.token)
  const notification = (notes.data as { notification_id: number }[])[0]
  if (!notification) throw new Error('no notification for the admin')

  const community = await post('/api/community/community/', admin.token, { community_name: `Guild ${open}` })
  await post('/api/community/joincommunity/', client.token, { community_id: community.community_id })
  await post('/api/community/rating/', client.token, { community_id: community.community_id, rating: 5 })
  const issue = await post('/api/community/issue/', client.token, {
    community_id: community.community_id,
    issue: `Lid ${open}`,
    description: `It leaks ${open}`,
  })
  const comment = await post('/api/community/comment/', client.token, {
    thread_id: issue.thread_id,
    comment_description: `Me too ${open}`,
  })
  await post('/api/community/comment/', admin.token, { thread_id: issue.thread_id, comment_description: 'Fixed.' })

  const survey = await post('/api/survey/survey/', admin.token, {
    survey_topic: `Survey ${closed}`,
    survey_questions: [{ type: 'rating', title: `Rate ${closed}` }],
    target_audience: [client.id],
  })
  await post(`/api/survey/survey/${survey.survey_id}/publish/`, admin.token)
  const surveyResponse = await post('/api/survey/response/', client.token, {
    survey_id: survey.survey_id,
    survey_response: { q1: 4 },
  })
  const subgroup = await post('/api/survey/surveysubgroup/', admin.token, {
    survey_id: survey.survey_id,
    subgroup_name: `Group ${closed}`,
    subgroup_clients: [client.id],
  })

  return {
    tenantId,
    markers,
    admin,
    employee,
    client,
    visitor,
    ids: {
      tenant: tenantId,
      staff: employee.id,
      client: client.id,
      visitor: visitor.id,
      invitation: invitation.invitation_id,
      notification: notification.notification_id,
      product: product.product_id,
      address: address.address_id,
      metadata: metadata.metadata_id,
      category: category.category_id,
      topic: topic.topic_id,
      chat: chat.chat_id,
      message: message.message_id,
      voice: voiceRes.json<{ message_id: number }>().message_id,
      community: community.community_id,
      issue: issue.issue_id,
      thread: issue.thread_id,
      comment: comment.comment_id,
      survey: survey.survey_id,
      subgroup: subgroup.subgroup_id,
      response: surveyResponse.response_id,
    },
  }
}

/** The tables whose rows belong to a tenant (they carry a `tenant_id` column). */
export async function tenantTables(app: TestApp): Promise<string[]> {
  const rows = await sql<{ table_name: string }>`
    select table_name from information_schema.columns
    where column_name = 'tenant_id' and table_schema = current_schema()
    order by table_name`.execute(app.db)
  return rows.rows.map((r) => r.table_name)
}

/** Columns that reading alone may change (a session's last use). */
const VOLATILE = ['last_used_at']

/**
 * Every row of one tenant, table by table, as text (plus the tenant's own row): two snapshots are equal exactly
 * when nothing of the tenant was written in between.
 */
export async function snapshotTenant(app: TestApp, tables: string[], tenantId: number) {
  const row = sql`(to_jsonb(x) - ${sql.val(VOLATILE)}::text[])::text`
  const parts = tables.map(
    (t) => sql`select ${sql.lit(t)}::text as t, coalesce(string_agg(${row}, '\n' order by ${row}), '') as rows
      from ${sql.table(t)} x where x.tenant_id = ${tenantId}`,
  )
  parts.push(
    sql`select 'tenants'::text as t, coalesce(string_agg(${row}, '\n'), '') as rows from tenants x where x.id = ${tenantId}`,
  )
  const rows = await sql<{ t: string; rows: string }>`${sql.join(parts, sql` union all `)}`.execute(app.db)
  return Object.fromEntries(rows.rows.map((r) => [r.t, r.rows]))
}

/** Which tables differ between two snapshots, each with its rows before and after. */
export function snapshotDiff(before: Record<string, string>, after: Record<string, string>) {
  const changed: Record<string, { before: string[]; after: string[] }> = {}
  for (const t of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (before[t] === after[t]) continue
    const b = new Set((before[t] ?? '').split('\n').filter(Boolean))
    const a = new Set((after[t] ?? '').split('\n').filter(Boolean))
    changed[t] = { before: [...b].filter((r) => !a.has(r)), after: [...a].filter((r) => !b.has(r)) }
  }
  return changed
}
