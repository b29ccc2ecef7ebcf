import type { StoredQuestion } from '../../src/db/schema.js'
import type { TestApp } from '../app.js'
import { auth } from '../factories.js'
import { communityWorld, memberOf } from '../community/community-helpers.js'

/** One question of every type (contract §6.1). */
export const QUESTIONS: StoredQuestion[] = [
  { id: 'q1', type: 'rating', title: 'How satisfied are you?', required: true },
  { id: 'q2', type: 'nps', title: 'Would you recommend us?', required: true },
  {
    id: 'q3',
    type: 'single_choice',
    title: 'Which channel do you use most?',
    required: false,
    options: [
      { id: 'o1', label: 'Chat' },
      { id: 'o2', label: 'Email' },
    ],
  },
  {
    id: 'q4',
    type: 'multiple_choice',
    title: 'What should we improve?',
    required: false,
    options: [
      { id: 'o1', label: 'Speed' },
      { id: 'o2', label: 'Prices' },
      { id: 'o3', label: 'Support' },
    ],
    min_choices: 1,
    max_choices: 2,
  },
  { id: 'q5', type: 'open_text', title: 'Anything else?', required: false, max_length: 20 },
]

export const VALID = { q1: 4, q2: 9, q3: 'o1', q4: ['o1', 'o3'], q5: 'Great service' }

type SurveyOptions = {
  status?: 'draft' | 'published' | 'closed'
  questions?: StoredQuestion[]
  allowAnonymous?: boolean
  allowMultiple?: boolean
  startDay?: string | null
  endDay?: string | null
  createdBy?: number | null
  publicKey?: string
}

let keys = 0
/** A 22-character public key unique in the test run. */
export const newPublicKey = () =>
  `k${String(++keys).padStart(6, '0')}${Math.random().toString(36).slice(2, 17).padEnd(15, 'x')}`

/** A survey row written directly (the staff routes have their own tests). */
export async function insertSurvey(app: TestApp, tenantId: number, o: SurveyOptions = {}) {
  const now = new Date()
  const status = o.status ?? 'published'
  const row = await app.db
    .insertInto('surveys')
    .values({
      tenant_id: tenantId,
      topic: 'Support quality',
      description: 'How did we do?',
      questions: JSON.stringify(o.questions ?? QUESTIONS),
      status,
      allow_anonymous: o.allowAnonymous ?? false,
      allow_multiple_responses: o.allowMultiple ?? false,
      start_day: o.startDay ?? null,
      end_day: o.endDay ?? null,
      public_key: status === 'draft' ? null : (o.publicKey ?? newPublicKey()),
      created_by: o.createdBy ?? null,
      published_at: status === 'draft' ? null : now,
      closed_at: status === 'closed' ? now : null,
      created_at: now,
      updated_at: now,
    })
    .returning(['id', 'public_key'])
    .executeTakeFirstOrThrow()
  return { id: row.id, publicKey: row.public_key ?? '' }
}

/** A tenant with its admin, a community, a member of it (related client) and an open survey by the admin. */
export async function surveyWorld(app: TestApp, o: SurveyOptions = {}) {
  const w = await communityWorld(app)
  const member = await memberOf(app, w.communityId)
  const survey = await insertSurvey(app, w.tenantId, { createdBy: w.org.admin.id, ...o })
  return { ...w, member, survey }
}

export function respond(app: TestApp, token: string | undefined, payload: unknown) {
  return app.inject({
    method: 'POST',
    url: '/api/survey/response/',
    ...(token ? { headers: auth(token) } : {}),
    payload: payload as object,
  })
}

export function publicGet(app: TestApp, key: string, query = '', token?: string) {
  return app.inject({
    method: 'GET',
    url: `/api/survey/public/${key}/${query}`,
    ...(token ? { headers: auth(token) } : {}),
  })
}

export function publicPost(app: TestApp, key: string, payload: unknown, token?: string) {
  return app.inject({
    method: 'POST',
    url: `/api/survey/public/${key}/response/`,
    ...(token ? { headers: auth(token) } : {}),
    payload: payload as object,
  })
}
