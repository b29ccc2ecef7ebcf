import type { Survey, SurveyClientView } from '@proxima/contracts'
import type { Executor } from '../../db/database.js'
import { iso, isoRequired } from '../../lib/clock.js'
import { clientDetail } from '../community/people.js'
import { surveyType } from './questions.js'
import { responseRate } from './rates.js'
import {
  listAudienceClients,
  listAudienceGroups,
  listSurveyRows,
  listSurveyRowsForClient,
} from './survey-views.queries.js'

/** `APP_BASE_URL/s/<public_key>` (contract §6.2). */
export const publicSurveyUrl = (appBaseUrl: string, publicKey: string) => `${appBaseUrl}/s/${publicKey}`

function groupBy<T extends { survey_id: number }, V>(rows: T[], map: (row: T) => V) {
  const out = new Map<number, V[]>()
  for (const row of rows) {
    const list = out.get(row.survey_id) ?? []
    list.push(map(row))
    out.set(row.survey_id, list)
  }
  return out
}

/** Surveys of the tenant as its staff see them (§6.2), in the order of `ids`; ids not found are left out. */
export async function presentSurveys(
  ex: Executor,
  tenantId: number,
  ids: number[],
  opts: { now: Date; appBaseUrl: string },
): Promise<Survey[]> {
  if (ids.length === 0) return []
  const [rows, clients, groups] = await Promise.all([
    listSurveyRows(ex, tenantId, ids, opts.now),
    listAudienceClients(ex, tenantId, ids),
    listAudienceGroups(ex, tenantId, ids),
  ])
  const audience = groupBy(clients, clientDetail)
  const communities = groupBy(groups.communities, (g) => g.id)
  const subgroups = groupBy(groups.subgroups, (g) => g.id)
  const byId = new Map(
    rows.map((s) => {
      const questions = s.questions
      const audienceSize = Number(s.audience_size)
      const responses = Number(s.response_count)
      const survey: Survey = {
        survey_id: s.id,
        tenant_id: s.tenant_id,
        tenant_name: s.tenant_name,
        survey_topic: s.topic,
        survey_description: s.description,
        survey_context: s.context,
        survey_questions: questions,
        question_count: questions.length,
        survey_type: surveyType(questions),
        status: s.status,
        target_audience: audience.get(s.id) ?? [],
        community_ids: communities.get(s.id) ?? [],
        subgroup_ids: subgroups.get(s.id) ?? [],
        allow_anonymous: s.allow_anonymous,
        allow_multiple_responses: s.allow_multiple_responses,
        start_day: s.start_day,
        end_day: s.end_day,
        published_at: iso(s.published_at),
        closed_at: iso(s.closed_at),
        public_key: s.public_key,
        public_url: s.public_key === null ? null : publicSurveyUrl(opts.appBaseUrl, s.public_key),
        audience_size: audienceSize,
        response_count: responses,
        response_rate: responseRate({
          audience: audienceSize,
          respondents: Number(s.respondents),
          responses,
          impressions: Number(s.impressions),
        }),
        generated: s.generated,
        created_by:
          s.created_by === null || s.creator_username === null
            ? null
            : {
                id: s.created_by,
                username: s.creator_username,
                first_name: s.creator_first_name ?? '',
                last_name: s.creator_last_name ?? '',
                user_type: s.creator_user_type === 'admin' ? 'admin' : 'employee',
              },
        created_at: isoRequired(s.created_at),
        updated_at: isoRequired(s.updated_at),
      }
      return [s.id, survey]
    }),
  )
  return ids.flatMap((id) => {
    const s = byId.get(id)
    return s ? [s] : []
  })
}

/** Surveys as a client sees them (§6.2), in the order of `ids`; the caller has checked they may see them. */
export async function presentSurveysToClient(
  ex: Executor,
  clientId: number,
  ids: number[],
  now: Date,
): Promise<SurveyClientView[]> {
  const rows = await listSurveyRowsForClient(ex, clientId, ids, now)
  const byId = new Map(
    rows.map((s) => {
      const questions = s.questions
      const view: SurveyClientView = {
        survey_id: s.id,
        tenant_id: s.tenant_id,
        tenant_name: s.tenant_name,
        survey_topic: s.topic,
        survey_description: s.description,
        survey_questions: questions,
        question_count: questions.length,
        survey_type: surveyType(questions),
        status: s.status,
        start_day: s.start_day,
        end_day: s.end_day,
        has_responded: Boolean(s.has_responded),
      }
      return [s.id, view]
    }),
  )
  return ids.flatMap((id) => {
    const s = byId.get(id)
    return s ? [s] : []
  })
}
