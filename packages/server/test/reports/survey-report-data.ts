import type { StoredQuestion } from '../../src/db/schema.js'
import { buildTestApp, testClock } from '../app.js'
import { createClient, createEmployee, createTenantWithAdmin, unique } from '../factories.js'

/*
 * The organization the surveys and survey responses reports are tested on: surveys of each status with known
 * questions, responses of each respondent type, subgroups, at known times.
 */

export const NOW = new Date('2026-11-20T12:00:00Z')
export const HOUR = 3_600_000
export const DAY = 24 * HOUR

export const QUESTIONS: StoredQuestion[] = [
  { id: 'q1', type: 'rating', title: 'How satisfied are you?', required: true },
  {
    id: 'q2',
    type: 'single_choice',
    title: 'Which courier?',
    required: false,
    options: [
      { id: 'o1', label: 'Fast, Ltd' },
      { id: 'o2', label: 'Slow Co' },
    ],
  },
  {
    id: 'q3',
    type: 'multiple_choice',
    title: 'What went well?',
    required: false,
    options: [
      { id: 'o1', label: 'Speed' },
      { id: 'o2', label: 'Packaging' },
      { id: 'o3', label: '-Price' },
    ],
  },
  { id: 'q4', type: 'open_text', title: 'Anything else?', required: false },
]
export const QUESTION_COLUMNS = [
  'Q1. How satisfied are you?',
  'Q2. Which courier?',
  'Q3. What went well?',
  'Q4. Anything else?',
]

export const at = (msAgo: number) => new Date(NOW.getTime() - msAgo)

export async function surveyReportWorld() {
  const app = await buildTestApp({ clock: testClock(NOW) })
  const org = await createTenantWithAdmin(app)
  const employeeToken = (await createEmployee(app, org.token)).token
  const tenantId = org.tenant.tenant_id
  const db = app.db
  await db.updateTable('tenants').set({ timezone: 'Asia/Kathmandu' }).where('id', '=', tenantId).execute()
  await db.updateTable('users').set({ first_name: 'Ada', last_name: 'Admin' }).where('id', '=', org.admin.id).execute()
  const { client: cora } = await createClient(app, { first_name: 'Cora', last_name: 'Client' })
  // A username of its own in each test file's run (files may share a database).
  const bobUsername = unique('bob_')
  const { client: bob } = await createClient(app, { username: bobUsername })
  // Without a name, a person is shown by their username.
  await db.updateTable('users').set({ first_name: '', last_name: '' }).where('id', '=', bob.id).execute()
  const survey = async (values: {
    topic: string
    description: string | null
    questions: StoredQuestion[]
    status: 'draft' | 'published' | 'closed'
    created: Date
    startDay?: string
    endDay?: string
    createdBy?: number
  }) => {
    const row = await db
      .insertInto('surveys')
      .values({
        tenant_id: tenantId,
        topic: values.topic,
        description: values.description,
        questions: JSON.stringify(values.questions),
        status: values.status,
        start_day: values.startDay ?? null,
        end_day: values.endDay ?? null,
        created_by: values.createdBy ?? null,
        published_at: values.status === 'draft' ? null : new Date(values.created.getTime() + HOUR),
        created_at: values.created,
        updated_at: values.created,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return Number(row.id)
  }
  // Published, with an audience of two clients and an invited address that is no client's.
  const feedback = await survey({
    topic: 'Delivery feedback',
    description: '@team: be honest, "please"',
    questions: QUESTIONS,
    status: 'published',
    created: at(2 * DAY),
    startDay: '2026-11-18',
    endDay: '2026-12-31',
    createdBy: org.admin.id,
  })
  // A draft without questions, creator or description.
  const draft = await survey({
    topic: 'Empty draft',
    description: null,
    questions: [],
    status: 'draft',
    created: at(10 * DAY),
  })
  // Published, but past its end day: closed as of now, at the end of that day in the organization's time zone.
  const lapsed = await survey({
    topic: 'Old open survey',
    description: 'Open answers only',
    questions: [{ id: 'q1', type: 'open_text', title: 'Tell us', required: true }],
    status: 'published',
    created: at(400 * DAY),
    endDay: '2026-11-10',
    createdBy: org.admin.id,
  })
  // The most questions a survey may have: one column each, in order.
  const wideQuestions = Array.from({ length: 50 }, (_, i): StoredQuestion => ({
    id: `w${i + 1}`,
    type: 'rating',
    title: `Item ${i + 1}`,
    required: true,
  }))
  const wide = await survey({
    topic: 'Fifty questions',
    description: null,
    questions: wideQuestions,
    status: 'published',
    created: at(20 * DAY),
  })
  await db
    .insertInto('survey_audience_clients')
    .values([cora.id, bob.id].map((client_id) => ({ tenant_id: tenantId, survey_id: feedback, client_id })))
    .execute()
  const invitation = await db
    .insertInto('survey_invitations')
    .values({
      tenant_id: tenantId,
      survey_id: feedback,
      email: 'invitee@example.com',
      token_hash: `hash-${feedback}`,
      responded_at: at(20 * HOUR),
      created_at: at(DAY),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db
    .insertInto('survey_impressions')
    .values([1, 2, 3].map((n) => ({ tenant_id: tenantId, survey_id: lapsed, occurred_at: at(n * DAY) })))
    .execute()
  const response = (
    survey_id: number,
    who: { client_id?: number; invitation_id?: number; respondent_type: 'client' | 'invitee' | 'anonymous' },
    answers: Record<string, unknown>,
    submitted: Date,
    email: string | null = null,
  ) => ({
    tenant_id: tenantId,
    survey_id,
    client_id: who.client_id ?? null,
    invitation_id: who.invitation_id ?? null,
    respondent_type: who.respondent_type,
    respondent_email: email,
    answers: JSON.stringify(answers),
    via: 'public' as const,
    single: false,
    submitted_at: submitted,
    created_at: submitted,
  })
  const responses = await db
    .insertInto('survey_responses')
    .values([
      response(
        feedback,
        { client_id: cora.id, respondent_type: 'client' },
        { q1: 4, q2: 'o1', q3: ['o3', 'o1'], q4: '=SUM(A1:A9)' },
        at(30 * HOUR),
      ),
      response(
        feedback,
        { invitation_id: Number(invitation.id), respondent_type: 'invitee' },
        { q1: 5, q2: null, q3: [], q4: 'Line one\nline "two", done' },
        at(20 * HOUR),
        'invitee@example.com',
      ),
      response(feedback, { respondent_type: 'anonymous' }, { q1: 2 }, at(5 * HOUR), 'left@example.com'),
      response(lapsed, { respondent_type: 'anonymous' }, { q1: 'Fine' }, at(2 * DAY)),
      response(
        wide,
        { client_id: bob.id, respondent_type: 'client' },
        Object.fromEntries(wideQuestions.map((q, i) => [q.id, (i % 5) + 1])),
        at(3 * DAY),
      ),
    ])
    .returning('id')
    .execute()
  const subgroups = await db
    .insertInto('survey_subgroups')
    .values([
      { tenant_id: tenantId, survey_id: feedback, name: 'Regulars', created_at: NOW, updated_at: NOW },
      { tenant_id: tenantId, survey_id: lapsed, name: 'Elsewhere', created_at: NOW, updated_at: NOW },
    ])
    .returning('id')
    .execute()
  const [subgroup, otherSubgroup] = subgroups.map((s) => Number(s.id))
  await db
    .insertInto('survey_subgroup_clients')
    .values({ tenant_id: tenantId, subgroup_id: subgroup!, client_id: cora.id })
    .execute()
  const ids = {
    surveys: { feedback, draft, lapsed, wide },
    responses: responses.map((r) => Number(r.id)),
    subgroup: subgroup!,
    otherSubgroup: otherSubgroup!,
  }
  return { app, org, employeeToken, ids, bobUsername }
}

export type SurveyReportWorld = Awaited<ReturnType<typeof surveyReportWorld>>
