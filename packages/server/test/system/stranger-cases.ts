import { PASSWORD } from '../factories.js'
import type { Operation } from './openapi-routes.js'
import { isIdField } from './schema-arbitraries.js'
import type { ObjectKind } from './tenant-world.js'

/**
 * Which row an id names: a path id by the path segment before it, a query or body id by the field's name. A
 * route whose id is not in this table fails the coverage test, so every new route joins here.
 */
export const ID_KINDS: Record<string, ObjectKind> = {
  'path:anonymoususer': 'visitor',
  'path:invitations': 'invitation',
  'path:staff': 'staff',
  'path:tenant': 'tenant',
  'path:product': 'product',
  'path:address': 'address',
  'path:adress': 'address',
  'path:metadata': 'metadata',
  'path:categories': 'category',
  'path:topics': 'topic',
  'path:chat': 'chat',
  'path:message': 'message',
  'path:voice': 'voice',
  'path:notifications': 'notification',
  'path:community': 'community',
  'path:issue': 'issue',
  'path:thread': 'thread',
  'path:comment': 'comment',
  'path:survey': 'survey',
  'path:surveysubgroup': 'subgroup',
  'path:response': 'response',
  'path:clients': 'client',
  'field:tenant_id': 'tenant',
  'field:product_id': 'product',
  'field:metadata_id': 'metadata',
  'field:category_id': 'category',
  'field:topic_id': 'topic',
  'field:chat_id': 'chat',
  'field:message_id': 'message',
  'field:last_read_message_id': 'message',
  'field:chat_owner': 'client',
  'field:client_id': 'client',
  'field:assignee': 'staff',
  'field:assignee_id': 'staff',
  'field:community_id': 'community',
  'field:issue_id': 'issue',
  'field:thread_id': 'thread',
  'field:comment_id': 'comment',
  'field:survey_id': 'survey',
  'field:subgroup_id': 'subgroup',
  'field:response_id': 'response',
  'field:client': 'client',
}

/**
 * Fields named like ids that hold no row id: a billing reference and the client's own message key. A survey's
 * `generation_id` names a row, but by uuid, which this table of integer ids cannot hold: the survey tests send
 * another tenant's generation. A survey's `public_key` is a link meant to be shared: whoever holds it may open the
 * survey, whatever their tenant (contract §6.3; test/surveys/public-link.test.ts covers unknown keys and drafts).
 */
const NOT_ROW_IDS = new Set(['billing_details_id', 'client_message_id', 'generation_id', 'public_key'])

type Id = (kind: ObjectKind) => number

/** The query parameters, other than ids, that an id route requires, so that a reply reflects the ids. */
const REQUIRED_QUERY: Record<string, string> = {
  'GET /api/reports/analyticspdf/': 'area=community',
}

/**
 * Valid bodies for the id routes that take one, so that a reply reflects the ids and not the body. A case whose
 * subject is a body field sets that field on top of these.
 */
export const BODIES: Record<string, (id: Id) => Record<string, unknown>> = {
  'POST /api/auth/admin/': (id) => ({
    tenant_id: id('tenant'),
    onboarding_token: 'pxo_not-the-real-onboarding-token',
    username: 'stray.admin',
    email: 'stray.admin@example.com',
    first_name: 'Stray',
    last_name: 'Admin',
    password: PASSWORD,
    confirm_password: PASSWORD,
  }),
  'PATCH /api/tenantmanagement/tenant/{id}/': () => ({ industry: 'Mining' }),
  'PATCH /api/tenantmanagement/product/{id}/': () => ({ name: 'Renamed kettle' }),
  'PATCH /api/tenantmanagement/address/{id}/': () => ({ city: 'Renamed city' }),
  'PATCH /api/tenantmanagement/adress/{id}/': () => ({ city: 'Renamed city' }),
  'PATCH /api/tenantmanagement/metadata/{id}/': () => ({ value: 'changed' }),
  'PATCH /api/staff/{id}/': () => ({ user_type: 'admin' }),
  'PATCH /api/chat/categories/{id}/': () => ({ name: 'Renamed category' }),
  'POST /api/chat/topics/': () => ({ name: 'Stray topic' }),
  'PATCH /api/chat/topics/{id}/': () => ({ name: 'Renamed topic' }),
  'POST /api/chat/chat/': (id) => ({ tenant_id: id('tenant') }),
  'PATCH /api/chat/chat/{id}/': () => ({ status: 'resolved' }),
  'POST /api/chat/chat/{id}/assign/': () => ({ assignee_id: null }),
  'POST /api/chat/chat/{id}/escalate/': () => ({ reason: 'Now' }),
  'POST /api/chat/chat/{id}/rating/': () => ({ rating: 1 }),
  'POST /api/chat/chat/{id}/read/': (id) => ({ last_read_message_id: id('message') }),
  'POST /api/chat/chat/{id}/typing/': () => ({ state: 'start' }),
  'POST /api/chat/message/': (id) => ({ chat_id: id('chat'), text_content: 'Hello from outside' }),
  'POST /api/summarize/summarize': () => ({}),
  'POST /summarize/summarize': () => ({}),
  'POST /api/generation/generation': () => ({ prompt: 'Write a short reply' }),
  'POST /generation/generation': () => ({ prompt: 'Write a short reply' }),
  'PATCH /api/community/community/{id}/': () => ({ description: 'Changed' }),
  'POST /api/community/joincommunity/': (id) => ({ community_id: id('community') }),
  'POST /api/community/leavecommunity/': (id) => ({ community_id: id('community') }),
  'POST /api/community/favoritecommunities/': (id) => ({ community_id: id('community') }),
  'POST /api/community/favouritecommunities/': (id) => ({ community_id: id('community') }),
  'POST /api/community/rating/': (id) => ({ community_id: id('community'), rating: 5 }),
  'POST /api/community/issue/': (id) => ({ community_id: id('community'), issue: 'Stray', description: 'Stray' }),
  'PATCH /api/community/issue/{id}/': () => ({ solved: true }),
  'POST /api/community/thread/': (id) => ({ issue_id: id('issue') }),
  'POST /api/community/comment/': (id) => ({ thread_id: id('thread'), comment_description: 'Stray' }),
  'PATCH /api/community/comment/{id}/': () => ({ comment_description: 'Changed' }),
  'POST /api/community/likecomment/': (id) => ({ comment_id: id('comment') }),
  'POST /api/community/dislikecomment/': (id) => ({ comment_id: id('comment') }),
  'POST /api/community/likeordislikecomment/': (id) => ({ comment_id: id('comment') }),
  'POST /api/survey/survey/': () => ({ survey_topic: 'Stray survey' }),
  'PATCH /api/survey/survey/{id}/': () => ({ survey_topic: 'Renamed survey' }),
  'POST /api/survey/survey/{id}/invitations/': () => ({ emails: ['stray.invitee@example.com'] }),
  'POST /api/survey/surveysubgroup/': (id) => ({ survey_id: id('survey'), subgroup_name: 'Stray group' }),
  'PATCH /api/survey/surveysubgroup/{id}/': () => ({ subgroup_name: 'Renamed group' }),
  'POST /api/survey/response/': (id) => ({ survey_id: id('survey'), survey_response: { q1: 3 } }),
  'POST /api/survey/surveyreportview/': (id) => ({
    survey_id: id('survey'),
    conclusion: 'Stray conclusion',
    survey_success: false,
  }),
  'POST /api/reports/surveyresponsescsv/': (id) => ({ survey_id: id('survey') }),
  'POST /api/reports/surveyresponsespdf/': (id) => ({ survey_id: id('survey') }),
  'POST /api/reports/analyticspdf/': () => ({ area: 'community' }),
}

/**
 * What any customer may do with another tenant's public catalogue and community data (contract §4.4, §4.6,
 * §5.2), where "looks absent" does not apply to a customer: `reads` (may show A's public rows), `acts` (may
 * also write A's rows: start a chat, join, leave, favourite) and `is refused` (a write refused for who the
 * customer is — not the author, not a member — rather than for the id). A's private rows stay hidden in all.
 */
export const CUSTOMER_RULES: Record<string, 'reads' | 'acts' | 'is refused'> = {
  'GET /api/chat/categories/': 'reads',
  'GET /api/chat/topics/': 'reads',
  'GET /api/community/community/': 'reads',
  'GET /api/community/community/{id}/': 'reads',
  'GET /api/community/events/': 'reads',
  'GET /api/community/rating/': 'reads',
  'GET /api/community/issue/': 'reads',
  'GET /api/community/issue/{id}/': 'reads',
  'GET /api/community/thread/': 'reads',
  'GET /api/community/thread/{id}/': 'reads',
  'POST /api/community/thread/': 'reads',
  'GET /api/community/comment/': 'reads',
  'GET /api/community/comment/{id}/': 'reads',
  'POST /api/chat/chat/': 'acts',
  'POST /api/community/joincommunity/': 'acts',
  'POST /api/community/leavecommunity/': 'acts',
  'POST /api/community/favoritecommunities/': 'acts',
  'POST /api/community/favouritecommunities/': 'acts',
  'POST /api/community/rating/': 'is refused',
  'POST /api/community/issue/': 'is refused',
  'PATCH /api/community/issue/{id}/': 'is refused',
  'DELETE /api/community/issue/{id}/': 'is refused',
  'POST /api/community/comment/': 'is refused',
  'DELETE /api/community/comment/': 'is refused',
  'PATCH /api/community/comment/{id}/': 'is refused',
  'DELETE /api/community/comment/{id}/': 'is refused',
  'POST /api/community/likecomment/': 'is refused',
  'POST /api/community/dislikecomment/': 'is refused',
  'POST /api/community/likeordislikecomment/': 'is refused',
}

/**
 * Body ids that must name the caller themselves or come with a secret: any other value is refused with the same
 * 400 whether the row exists or not (the legacy `chat_owner` must be the caller, contract §4.4; an admin
 * registers only with the tenant's onboarding token, §3.1).
 */
export const REFUSED_AS_NOT_YOURS = new Set([
  'POST /api/chat/chat/ body chat_owner',
  'POST /api/auth/admin/ body tenant_id',
])

/** Query ids that say whose public data a customer reads (contract §4.6, §5.2): sent along for customers. */
const CUSTOMER_SCOPE = ['tenant_id', 'community_id']

export type Subject = { name: string; in: 'path' | 'query' | 'body' }
export type Case = { name: string; op: Operation; subject: Subject }

export function kindKey(op: Operation, s: Subject): string {
  if (s.in !== 'path') return `field:${s.name}`
  const segments = op.path.split('/')
  return `path:${segments[segments.indexOf(`{${s.name}}`) - 1] ?? ''}`
}

const isRowId = (name: string) => isIdField(name) && !NOT_ROW_IDS.has(name)

/** The ids an operation takes: in its path, its query and the top level of its JSON body. */
export function idSubjects(op: Operation): Subject[] {
  const body = op.bodySchema
  const bodyFields = new Set<string>()
  for (const schema of [body, ...(body?.anyOf ?? [])]) {
    for (const name of Object.keys(schema?.properties ?? {})) if (isRowId(name)) bodyFields.add(name)
  }
  return [
    ...op.pathParams.filter((p) => !NOT_ROW_IDS.has(p.name)).map((p): Subject => ({ name: p.name, in: 'path' })),
    ...op.queryParams.filter((p) => isRowId(p.name)).map((p): Subject => ({ name: p.name, in: 'query' })),
    ...[...bodyFields].map((name): Subject => ({ name, in: 'body' })),
  ]
}

export function casesOf(operations: Operation[]): Case[] {
  return operations.flatMap((op) =>
    idSubjects(op).map((subject) => {
      const where = { path: `{${subject.name}}`, query: `?${subject.name}=`, body: `body ${subject.name}` }[subject.in]
      return { name: `${op.key} ${where}`, op, subject }
    }),
  )
}

/** The request of a case with every id it sends taken from `id` (the customer also names whose data it reads). */
export function requestOf(c: Case, id: Id, customer: boolean) {
  const kind = (s: Subject) => ID_KINDS[kindKey(c.op, s)]!
  const path = c.op.path.replace(/\{(\w+)\}/g, (_, name: string) => String(id(kind({ name, in: 'path' }))))
  const query = c.op.queryParams
    .filter(
      (p) =>
        (c.subject.in === 'query' && p.name === c.subject.name) ||
        (p.required && isRowId(p.name)) ||
        (customer && CUSTOMER_SCOPE.includes(p.name)),
    )
    .map((p) => `${p.name}=${id(kind({ name: p.name, in: 'query' }))}`)
    .concat(REQUIRED_QUERY[c.op.key] ?? [])
    .join('&')
  const base = BODIES[c.op.key]?.(id)
  const body = c.subject.in === 'body' ? { ...base, [c.subject.name]: id(kind(c.subject)) } : base
  return {
    method: c.op.method as 'GET',
    url: query ? `${path}?${query}` : path,
    ...(body === undefined ? {} : { payload: body }),
  }
}
