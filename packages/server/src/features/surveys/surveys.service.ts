import {
  planById,
  type QuestionInput,
  type Survey,
  type SurveyListQuery,
  type SurveyPublish,
  type SurveyUpdate,
} from '@proxima/contracts'
import type { Db, Executor } from '../../db/database.js'
import type { ClientActor, StaffActor } from '../../http/actor.js'
import type { Clock } from '../../lib/clock.js'
import { randomKey } from '../../lib/crypto.js'
import { AppError, badRequest, conflict, notFound, unprocessable, type FieldErrors } from '../../lib/errors.js'
import { page } from '../../lib/pagination.js'
import { relatedClientIds } from '../clients/clients.service.js'
import { loadSurveyFor } from './access.js'
import { createSurveyInvitations, invalidState } from './invitations.service.js'
import { normaliseQuestions, publishQuestionProblems } from './questions.js'
import { dayHasPassed, effectiveStatus } from './status.js'
import { presentSurveys, presentSurveysToClient } from './surveys.presenter.js'
import { listSurveyIds, listSurveyIdsForClient } from './survey-views.queries.js'
import {
  closeEndedSurveys,
  closeIfEnded,
  closePublished,
  countActiveSurveys,
  countResponses,
  deleteDraft,
  findSurveyTenant,
  generationExists,
  insertSurvey,
  listAudience,
  lockSurveyTenant,
  publishDraft,
  replaceAudience,
  surveySubgroupIds,
  tenantCommunityIds,
  updateSurvey,
  type SurveyChanges,
} from './survey-write.queries.js'
import type { SurveyRow } from './surveys.queries.js'

/** Read by other features (plan usage); they go through this module, never the query module. */
export { countActiveSurveys } from './survey-write.queries.js'

/** Create and update input with `survey_questions` already in the array form (the routes convert the legacy one). */
export type SurveyInput = Omit<SurveyUpdate, 'survey_questions'> & { survey_questions?: QuestionInput[] | undefined }

const questionsLocked = () =>
  conflict('survey.questions_locked', 'The questions cannot change once the survey has responses.')

const limitReached = (max: number) =>
  new AppError(
    403,
    'plan.limit_reached',
    `Your plan allows at most ${max} active ${max === 1 ? 'survey' : 'surveys'}.`,
    {
      errors: { limit: ['max_active_surveys'] },
    },
  )

const dayOrderError = () =>
  badRequest('validation.failed', 'The end day must not be before the start day.', {
    end_day: ['The end day must not be before the start day.'],
  })

/** JSON with object keys sorted: stored questions come back from jsonb with their keys in another order. */
const canonical = (v: unknown): string =>
  JSON.stringify(v, (_key, x: unknown) =>
    x !== null && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : x,
  )

const sameIds = (a: number[], b: number[]) => a.length === b.length && a.every((id) => b.includes(id))

/** Surveys as staff manage them (contract §6.2, §6.3) and as clients read them. */
export function createSurveyService(deps: { db: Db; clock: Clock; appBaseUrl: string }) {
  const { db, clock, appBaseUrl } = deps
  const invitations = createSurveyInvitations(deps)

  async function present(ex: Executor, actor: StaffActor, id: number): Promise<Survey> {
    const [survey] = await presentSurveys(ex, actor.tenantId, [id], { now: clock.now(), appBaseUrl })
    if (!survey) throw notFound()
    return survey
  }

  /** Staff: the tenant's surveys, newest first. Clients: the surveys they may see, of every active tenant. */
  async function list(actor: StaffActor | ClientActor, q: SurveyListQuery) {
    const now = clock.now()
    if (actor.kind === 'client') {
      const found = await listSurveyIdsForClient(db, actor.userId, {
        tenantId: q.tenant_id,
        communityId: q.community_id,
        surveyId: q.survey_id,
        limit: q.limit,
        offset: q.offset,
      })
      const data = await presentSurveysToClient(db, actor.userId, found.ids, now)
      return page(data, { limit: q.limit, offset: q.offset, total: found.total })
    }
    if (q.tenant_id !== undefined && q.tenant_id !== actor.tenantId) throw notFound()
    const tenant = await findSurveyTenant(db, actor.tenantId)
    const found = await listSurveyIds(db, actor.tenantId, {
      status: q.status,
      search: q.search,
      from: q.from,
      to: q.to,
      surveyId: q.survey_id,
      timezone: tenant.timezone,
      now,
      limit: q.limit,
      offset: q.offset,
    })
    const data = await presentSurveys(db, actor.tenantId, found.ids, { now, appBaseUrl })
    return page(data, { limit: q.limit, offset: q.offset, total: found.total })
  }

  async function get(actor: StaffActor | ClientActor, id: number) {
    const survey = await loadSurveyFor(db, actor, id)
    if (actor.kind === 'staff') return present(db, actor, survey.id)
    const [view] = await presentSurveysToClient(db, actor.userId, [survey.id], clock.now())
    if (!view) throw notFound()
    return view
  }

  /** 404 unless every client is related to the tenant, every community is the tenant's, and the generation too. */
  async function assertReferences(
    ex: Executor,
    tenantId: number,
    input: {
      target_audience?: number[] | undefined
      community_ids?: number[] | undefined
      generation_id?: string | undefined
    },
  ) {
    const clients = [...new Set(input.target_audience ?? [])]
    if (clients.length > 0) {
      const related = await relatedClientIds(ex, tenantId, clients)
      if (clients.some((id) => !related.has(id))) throw notFound()
    }
    const communities = [...new Set(input.community_ids ?? [])]
    if (communities.length > 0) {
      const own = await tenantCommunityIds(ex, tenantId, communities)
      if (communities.some((id) => !own.has(id))) throw notFound()
    }
    if (input.generation_id !== undefined && !(await generationExists(ex, tenantId, input.generation_id)))
      throw notFound()
  }

  /** A new draft (201); questions are normalised, the type derived, the references checked. */
  async function create(actor: StaffActor, input: SurveyInput & { survey_topic: string }) {
    const questions = input.survey_questions ? normaliseQuestions(input.survey_questions) : []
    const start = input.start_day ?? null
    const end = input.end_day ?? null
    if (start !== null && end !== null && end < start) throw dayOrderError()
    const now = clock.now()
    const id = await db.transaction().execute(async (trx) => {
      await assertReferences(trx, actor.tenantId, input)
      const surveyId = await insertSurvey(
        trx,
        actor.tenantId,
        {
          topic: input.survey_topic,
          description: input.survey_description ?? null,
          context: input.survey_context ?? null,
          questions,
          allow_anonymous: input.allow_anonymous ?? false,
          allow_multiple_responses: input.allow_multiple_responses ?? false,
          start_day: start,
          end_day: end,
          generated: input.generated ?? false,
          generation_id: input.generation_id ?? null,
          created_by: actor.userId,
        },
        now,
      )
      if (input.target_audience?.length)
        await replaceAudience(trx, actor.tenantId, surveyId, 'clients', input.target_audience)
      if (input.community_ids?.length)
        await replaceAudience(trx, actor.tenantId, surveyId, 'communities', input.community_ids)
      return surveyId
    })
    return present(db, actor, id)
  }

  /** The survey locked, with its tenant and its status now; one whose end day has passed is closed on the way. */
  async function lockCurrent(ex: Executor, actor: StaffActor, id: number) {
    const survey = await loadSurveyFor(ex, actor, id, { lock: true })
    const tenant = await findSurveyTenant(ex, actor.tenantId)
    const now = clock.now()
    const status = effectiveStatus(survey, tenant.timezone, now)
    if (status === 'closed' && survey.status === 'published') await closeIfEnded(ex, actor.tenantId, survey.id, now)
    return { survey: { ...survey, status }, tenant, now }
  }

  /**
   * Writes down the close of a survey whose end day has passed, in a statement of its own before the change's
   * transaction, so the close stays written when the change is then refused.
   */
  const settle = (actor: StaffActor, id: number) => closeIfEnded(db, actor.tenantId, id, clock.now())

  /**
   * Edits (§6.2): a draft takes every field; a published survey its topic, description, end day, audience
   * additions, and questions while it has no responses; a closed one nothing. A field sent with its current value is
   * no change.
   */
  async function update(actor: StaffActor, id: number, input: SurveyInput) {
    const questions = input.survey_questions ? normaliseQuestions(input.survey_questions) : undefined
    await settle(actor, id)
    await db.transaction().execute(async (trx) => {
      const { survey, tenant, now } = await lockCurrent(trx, actor, id)
      if (survey.status === 'closed') throw invalidState('A closed survey cannot be changed.')
      const audience = await listAudience(trx, actor.tenantId, survey.id)
      const start = input.start_day !== undefined ? input.start_day : survey.start_day
      const end = input.end_day !== undefined ? input.end_day : survey.end_day
      if (start !== null && end !== null && end < start) throw dayOrderError()
      const questionsChanged = questions !== undefined && canonical(questions) !== canonical(survey.questions)

      if (survey.status === 'published') {
        const frozen: [unknown, unknown][] = [
          [input.survey_context, survey.context],
          [input.allow_anonymous, survey.allow_anonymous],
          [input.allow_multiple_responses, survey.allow_multiple_responses],
          [input.start_day, survey.start_day],
          [input.generated, survey.generated],
          [input.generation_id, survey.generation_id],
        ]
        if (frozen.some(([sent, current]) => sent !== undefined && sent !== current))
          throw invalidState(
            'A published survey takes only a new topic, description, end day, audience additions and, before any response, questions.',
          )
        const removes = (sent: number[] | undefined, current: number[]) =>
          sent !== undefined && current.some((cid) => !sent.includes(cid))
        if (
          removes(input.target_audience, audience.clients) ||
          removes(input.community_ids, audience.communities) ||
          removes(input.subgroup_ids, audience.subgroups)
        )
          throw invalidState('The audience of a published survey can only grow.')
        // A new end day must not be in the past; removing it (null) keeps the survey open.
        const newEnd = input.end_day !== survey.end_day ? input.end_day : undefined
        if (newEnd && dayHasPassed(newEnd, tenant.timezone, now))
          throw badRequest('validation.failed', 'The end day must not be in the past.', {
            end_day: ['The end day must not be in the past.'],
          })
        if (questionsChanged) {
          if ((await countResponses(trx, actor.tenantId, survey.id)) > 0) throw questionsLocked()
          const problems = publishQuestionProblems(questions)
          if (Object.keys(problems).length > 0)
            throw unprocessable(
              'survey.not_publishable',
              'A published survey needs at least one valid question.',
              problems,
            )
        }
      }

      await assertReferences(trx, actor.tenantId, {
        target_audience: input.target_audience?.filter((cid) => !audience.clients.includes(cid)),
        community_ids: input.community_ids,
        generation_id: input.generation_id !== survey.generation_id ? (input.generation_id ?? undefined) : undefined,
      })
      if (input.subgroup_ids?.length) {
        const own = await surveySubgroupIds(trx, actor.tenantId, survey.id, input.subgroup_ids)
        if (input.subgroup_ids.some((sid) => !own.has(sid))) throw notFound()
      }

      const changes: SurveyChanges = {
        ...(input.survey_topic !== undefined ? { topic: input.survey_topic } : {}),
        ...(input.survey_description !== undefined ? { description: input.survey_description ?? null } : {}),
        ...(input.survey_context !== undefined ? { context: input.survey_context ?? null } : {}),
        ...(questionsChanged ? { questions } : {}),
        ...(input.allow_anonymous !== undefined ? { allow_anonymous: input.allow_anonymous } : {}),
        ...(input.allow_multiple_responses !== undefined
          ? { allow_multiple_responses: input.allow_multiple_responses }
          : {}),
        ...(input.start_day !== undefined ? { start_day: input.start_day } : {}),
        ...(input.end_day !== undefined ? { end_day: input.end_day } : {}),
        ...(input.generated !== undefined ? { generated: input.generated } : {}),
        ...(input.generation_id !== undefined ? { generation_id: input.generation_id } : {}),
      }
      const lists: ['clients' | 'communities' | 'subgroups', number[] | undefined, number[]][] = [
        ['clients', input.target_audience, audience.clients],
        ['communities', input.community_ids, audience.communities],
        ['subgroups', input.subgroup_ids, audience.subgroups],
      ]
      const audienceChanged = lists.filter(
        ([, sent, current]) => sent !== undefined && !sameIds([...new Set(sent)], current),
      )
      if (Object.keys(changes).length === 0 && audienceChanged.length === 0) return
      await updateSurvey(trx, actor.tenantId, survey.id, { ...changes, updated_at: now })
      for (const [kind, sent] of audienceChanged) await replaceAudience(trx, actor.tenantId, survey.id, kind, sent!)
    })
    return present(db, actor, id)
  }

  /** Only drafts are deleted (204); anything else is 409 `survey.invalid_state`. */
  async function remove(actor: StaffActor, id: number) {
    await db.transaction().execute(async (trx) => {
      const survey = await loadSurveyFor(trx, actor, id, { lock: true })
      if (survey.status !== 'draft' || !(await deleteDraft(trx, actor.tenantId, survey.id)))
        throw invalidState('Only a draft can be deleted; close a published survey instead.')
    })
  }

  /** Why the draft cannot be published (§6.3: 422 `survey.not_publishable`), or nothing. */
  function publishProblems(survey: SurveyRow, timezone: string, now: Date): FieldErrors {
    const errors = publishQuestionProblems(survey.questions)
    if (survey.end_day !== null && dayHasPassed(survey.end_day, timezone, now))
      errors.end_day = ['The end day is in the past.']
    return errors
  }

  /**
   * Publishes a draft, refusing in the order of §6.3: not a draft (409), not publishable (422), the plan's active
   * surveys (403), invitations by an unconfirmed address (403). Sets the public key on first publication and
   * queues the invitations asked for.
   */
  async function publish(actor: StaffActor, id: number, input: SurveyPublish) {
    const emails = input.invite_emails ?? []
    const clientIds = input.invite_client_ids ?? []
    await db.transaction().execute(async (trx) => {
      const survey = await loadSurveyFor(trx, actor, id, { lock: true })
      if (survey.status !== 'draft') throw invalidState('Only a draft can be published.')
      const tenant = await lockSurveyTenant(trx, actor.tenantId)
      const now = clock.now()
      const problems = publishProblems(survey, tenant.timezone, now)
      if (Object.keys(problems).length > 0)
        throw unprocessable('survey.not_publishable', 'The survey cannot be published yet.', problems)
      const max = planById(tenant.plan).limits.max_active_surveys
      if (max !== null && (await countActiveSurveys(trx, tenant.id, now)) >= max) throw limitReached(max)
      if (emails.length + clientIds.length > 0) await invitations.assertMayInvite(trx, actor)
      const publicKey = survey.public_key ?? randomKey(22)
      await publishDraft(trx, tenant.id, survey.id, publicKey, now)
      if (emails.length + clientIds.length > 0)
        await invitations.queue(
          trx,
          tenant,
          { ...survey, public_key: publicKey },
          { emails, clientIds, message: input.invitation_message ?? null },
        )
    })
    return present(db, actor, id)
  }

  /** Closes a published survey now; a closed one stays as it is (200); a draft is 409. */
  async function close(actor: StaffActor, id: number) {
    await db.transaction().execute(async (trx) => {
      const { survey, now } = await lockCurrent(trx, actor, id)
      if (survey.status === 'draft') throw invalidState('A draft cannot be closed; delete it instead.')
      if (survey.status === 'published') await closePublished(trx, actor.tenantId, survey.id, now)
    })
    return present(db, actor, id)
  }

  /** The periodic sweep: closes every survey whose end day has ended in its tenant's time zone. */
  async function closeEnded(): Promise<number> {
    let total = 0
    for (;;) {
      const closed = await closeEndedSurveys(db, clock.now(), 200)
      total += closed
      if (closed < 200) return total
    }
  }

  return {
    list,
    get,
    create,
    update,
    remove,
    publish,
    close,
    closeEnded,
    invite: invitations.invite,
    invitations: invitations.list,
  }
}

export type SurveyService = ReturnType<typeof createSurveyService>
