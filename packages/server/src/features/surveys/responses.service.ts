import type { PublicResponseCreate, PublicSurvey, SurveyResponse } from '@proxima/contracts'
import type { z } from 'zod'
import type { ResponseCreate, ResponseListQuery } from '@proxima/contracts'
import type { Db, Executor } from '../../db/database.js'
import type { StaffActor, ClientActor, Actor } from '../../http/actor.js'
import { isoRequired, type Clock } from '../../lib/clock.js'
import { hashToken } from '../../lib/crypto.js'
import { AppError, conflict, isUniqueViolation, notFound, unprocessable } from '../../lib/errors.js'
import { page } from '../../lib/pagination.js'
import { clientDetail } from '../community/people.js'
import { notifySurveyResponse } from '../notifications/notifications.service.js'
import type { EventBus } from '../realtime/bus.js'
import { publishEvents } from '../realtime/publish.js'
import { loadSurveyFor } from './access.js'
import { checkAnswers } from './answers.js'
import {
  ONE_RESPONSE_KEYS,
  countResponses,
  findInvitationByToken,
  findOwnResponse,
  findResponse,
  findSubgroupOfSurvey,
  findSurveyTenant,
  findTenantSubgroup,
  hasResponded,
  insertImpression,
  insertResponse,
  listClientDetails,
  listOwnResponses,
  listResponses,
  markInvitationsResponded,
  subgroupsOfClients,
  type ResponseRow,
} from './responses.queries.js'
import { surveyPhase } from './schedule.js'
import { clientMaySee, findSurveyByPublicKey, type SurveyRow } from './surveys.queries.js'

export const SurveyTexts = {
  thanks: 'Thank you for your response.',
  alreadyResponded: 'You have already responded to this survey.',
  closed: 'This survey is closed.',
  invalidResponse: 'Some answers need your attention.',
  signInRequired: 'Sign in or use the link from your invitation to answer this survey.',
} as const

const alreadyResponded = () => conflict('survey.already_responded', SurveyTexts.alreadyResponded)

/** Refuses answers unless the survey is open now (contract §6.2): closed → 409, not yet started → 409. */
function assertOpen(survey: SurveyRow, timezone: string, now: Date) {
  const phase = surveyPhase(survey, timezone, now)
  if (phase === 'draft') throw notFound()
  if (phase === 'closed') throw conflict('survey.closed', SurveyTexts.closed)
  if (phase === 'not_started')
    throw conflict('survey.not_started', `This survey opens on ${survey.start_day ?? 'its start day'}.`)
}

function checkedAnswers(survey: SurveyRow, given: Record<string, unknown>) {
  const checked = checkAnswers(survey.questions, given)
  if (!checked.ok) throw unprocessable('survey.invalid_response', SurveyTexts.invalidResponse, checked.errors)
  return checked.answers
}

type Respondent = {
  clientId: number | null
  invitationId: number | null
  respondentKey: string | null
  type: 'client' | 'invitee' | 'anonymous'
  email: string | null
  name: string | null
}

/** Answering surveys (contract §6.3): through the API as a client, or on the public link; reading responses. */
export function createResponseService(deps: { db: Db; clock: Clock; bus: Pick<EventBus, 'publish'> }) {
  const { db, clock, bus } = deps

  /**
   * Stores a response once the survey is open, the answers are valid and (unless several are allowed) the
   * respondent has not answered yet. Two concurrent first answers of one respondent: the unique keys let one in.
   */
  async function store(survey: SurveyRow, who: Respondent, given: Record<string, unknown>, via: 'api' | 'public') {
    const now = clock.now()
    const tenant = await findSurveyTenant(db, survey.tenant_id)
    assertOpen(survey, tenant.timezone, now)
    const answers = checkedAnswers(survey, given)
    const single = !survey.allow_multiple_responses
    const keyed = { clientId: who.clientId, invitationId: who.invitationId, respondentKey: who.respondentKey }
    let count = 0
    let notices: Awaited<ReturnType<typeof notifySurveyResponse>> = []
    try {
      const id = await db.transaction().execute(async (trx) => {
        if (single && (await hasResponded(trx, survey.tenant_id, survey.id, keyed))) throw alreadyResponded()
        const row = await insertResponse(trx, survey.tenant_id, {
          surveyId: survey.id,
          clientId: who.clientId,
          invitationId: who.invitationId,
          respondentType: who.type,
          respondentEmail: who.email,
          respondentName: who.name,
          respondentKey: single ? who.respondentKey : null,
          answers,
          via,
          single,
          at: now,
        })
        await markInvitationsResponded(trx, survey.tenant_id, survey.id, keyed, now)
        count = await countResponses(trx, survey.tenant_id, survey.id)
        notices = await notifySurveyResponse(trx, {
          tenantId: survey.tenant_id,
          creatorId: survey.created_by,
          surveyId: survey.id,
          topic: survey.topic,
          count,
          at: now,
        })
        return row.id
      })
      bus.publish({
        type: 'survey.response.created',
        tenantId: survey.tenant_id,
        surveyId: survey.id,
        responseId: id,
        responseCount: count,
      })
      publishEvents(bus, notices)
      return id
    } catch (err) {
      if (ONE_RESPONSE_KEYS.some((key) => isUniqueViolation(err, key))) throw alreadyResponded()
      throw err
    }
  }

  /** `POST /api/survey/response/`: a client answers a survey they may see. */
  async function respond(actor: ClientActor, input: z.infer<typeof ResponseCreate>): Promise<SurveyResponse> {
    if (input.client !== undefined && input.client !== actor.userId)
      throw new AppError(403, 'auth.forbidden', 'You can only answer for yourself.')
    const survey = await loadSurveyFor(db, actor, input.survey_id)
    const id = await store(
      survey,
      { clientId: actor.userId, invitationId: null, respondentKey: null, type: 'client', email: null, name: null },
      input.survey_response,
      'api',
    )
    const row = await findOwnResponse(db, actor.userId, id)
    if (!row) throw notFound()
    return (await present(db, actor, [row]))[0]!
  }

  /** The survey behind a public key as its respondent may reach it, and the invitation its token names. */
  async function publicTarget(publicKey: string, invite: string | undefined) {
    const survey = await findSurveyByPublicKey(db, publicKey)
    if (!survey) throw notFound()
    const invitation =
      invite === undefined ? undefined : await findInvitationByToken(db, survey.tenant_id, survey.id, hashToken(invite))
    return { survey, invitation }
  }

  function clientOfActor(actor: Actor | null) {
    return actor?.kind === 'client' ? actor.userId : null
  }

  /** `GET /api/survey/public/{key}/`: the survey for its page; every successful call is an impression. */
  async function publicSurvey(
    publicKey: string,
    actor: Actor | null,
    invite: string | undefined,
  ): Promise<PublicSurvey> {
    const { survey, invitation } = await publicTarget(publicKey, invite)
    const tenant = await findSurveyTenant(db, survey.tenant_id)
    const clientId = clientOfActor(actor)
    const signedInMaySee = clientId !== null && (await clientMaySee(db, survey, clientId))
    const requiresSignIn = !survey.allow_anonymous && !invitation && !signedInMaySee
    const alreadyResponded =
      !survey.allow_multiple_responses &&
      (invitation?.responded_at != null ||
        (signedInMaySee && (await hasResponded(db, survey.tenant_id, survey.id, { clientId }))))
    await insertImpression(db, survey.tenant_id, survey.id, clock.now())
    const phase = surveyPhase(survey, tenant.timezone, clock.now())
    return {
      survey_id: survey.id,
      survey_topic: survey.topic,
      survey_description: survey.description,
      survey_questions: survey.questions,
      tenant_name: tenant.name,
      status: phase === 'closed' ? 'closed' : survey.status,
      allow_anonymous: survey.allow_anonymous,
      requires_sign_in: requiresSignIn,
      already_responded: alreadyResponded,
    }
  }

  /**
   * `POST /api/survey/public/{key}/response/`: an answer through the public link, as the signed-in client who may
   * see the survey, as the invitee whose token it carries, or anonymously when the survey allows it.
   */
  async function respondPublic(publicKey: string, actor: Actor | null, input: PublicResponseCreate) {
    const { survey, invitation } = await publicTarget(publicKey, input.invite)
    const clientId = clientOfActor(actor)
    const signedIn = clientId !== null && (await clientMaySee(db, survey, clientId))
    let who: Respondent
    if (signedIn) {
      who = {
        clientId,
        invitationId: invitation?.id ?? null,
        respondentKey: input.respondent_key ?? null,
        type: 'client',
        email: null,
        name: null,
      }
    } else if (invitation) {
      who = {
        clientId: invitation.client_id,
        invitationId: invitation.id,
        respondentKey: input.respondent_key ?? null,
        type: invitation.client_id !== null ? 'client' : 'invitee',
        email: invitation.email,
        name: input.name ?? null,
      }
    } else if (survey.allow_anonymous) {
      who = {
        clientId: null,
        invitationId: null,
        respondentKey: input.respondent_key ?? null,
        type: 'anonymous',
        email: input.email ?? null,
        name: input.name ?? null,
      }
    } else {
      throw new AppError(401, 'survey.sign_in_required', SurveyTexts.signInRequired)
    }
    const id = await store(survey, who, input.survey_response, 'public')
    return { response_id: id, message: SurveyTexts.thanks }
  }

  /** `GET /api/survey/response/`: staff read their tenant's responses; clients their own. */
  async function list(actor: StaffActor | ClientActor, q: z.infer<typeof ResponseListQuery>) {
    const filter = {
      surveyId: q.survey_id,
      clientId: q.client,
      subgroupId: q.subgroup_id,
      responseId: q.response_id,
      from: q.from,
      to: q.to,
      limit: q.limit,
      offset: q.offset,
    }
    if (actor.kind === 'staff') {
      // A survey or subgroup of another tenant is absent (404), like every id of another tenant.
      if (q.survey_id !== undefined) await loadSurveyFor(db, actor, q.survey_id)
      if (q.subgroup_id !== undefined) {
        const sub =
          q.survey_id !== undefined
            ? await findSubgroupOfSurvey(db, actor.tenantId, q.survey_id, q.subgroup_id)
            : await findTenantSubgroup(db, actor.tenantId, q.subgroup_id)
        if (!sub) throw notFound()
      }
    }
    const { rows, total } =
      actor.kind === 'staff'
        ? await listResponses(db, actor.tenantId, filter)
        : await listOwnResponses(db, actor.userId, filter)
    return page(await present(db, actor, rows), { limit: q.limit, offset: q.offset, total })
  }

  async function get(actor: StaffActor | ClientActor, responseId: number) {
    const row =
      actor.kind === 'staff'
        ? await findResponse(db, actor.tenantId, responseId)
        : await findOwnResponse(db, actor.userId, responseId)
    if (!row) throw notFound()
    return (await present(db, actor, [row]))[0]!
  }

  return { respond, publicSurvey, respondPublic, list, get }
}

/** Responses as `SurveyResponse`: staff see the respondent's details and email; a client their own answers. */
async function present(ex: Executor, actor: StaffActor | ClientActor, rows: ResponseRow[]): Promise<SurveyResponse[]> {
  const clientIds = [...new Set(rows.map((r) => r.client_id).filter((id): id is number => id !== null))]
  const [details, subgroups] = await Promise.all([
    listClientDetails(ex, clientIds),
    actor.kind === 'staff'
      ? subgroupsOfClients(ex, actor.tenantId, clientIds)
      : Promise.resolve(new Map<string, number[]>()),
  ])
  const byId = new Map(details.map((u) => [u.id, clientDetail(u)]))
  return rows.map((r) => ({
    response_id: r.id,
    survey_id: r.survey_id,
    client: r.client_id !== null ? (byId.get(r.client_id) ?? null) : null,
    respondent_type: r.respondent_type,
    respondent_email: actor.kind === 'staff' ? r.respondent_email : null,
    survey_response: r.answers,
    subgroup_ids: r.client_id !== null ? (subgroups.get(`${r.survey_id}:${r.client_id}`) ?? []) : [],
    submitted_at: isoRequired(r.submitted_at),
    created_at: isoRequired(r.created_at),
  }))
}

export type ResponseService = ReturnType<typeof createResponseService>
