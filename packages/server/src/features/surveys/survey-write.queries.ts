import { sql, type Insertable, type Updateable } from 'kysely'
import type { Executor } from '../../db/database.js'
import type { SurveysTable } from '../../db/schema.js'
import { END_OF_END_DAY } from '../../db/survey-status.js'

/*
 * Writes of surveys and their audience (contract §6.2, §6.3), and the reads the write rules need. Every function
 * takes the tenant id; `closeEndedSurveys` alone spans tenants (the periodic sweep).
 */

/** The tenant's row, locked: serialises publications against the plan's `max_active_surveys`. */
export function lockSurveyTenant(ex: Executor, tenantId: number) {
  return ex
    .selectFrom('tenants')
    .select(['id', 'name', 'email', 'plan', 'timezone'])
    .where('id', '=', tenantId)
    .forUpdate()
    .executeTakeFirstOrThrow()
}

/** The tenant's name, contact address, plan and time zone. */
export function findSurveyTenant(ex: Executor, tenantId: number) {
  return ex
    .selectFrom('tenants')
    .select(['id', 'name', 'email', 'plan', 'timezone'])
    .where('id', '=', tenantId)
    .executeTakeFirstOrThrow()
}

/** Published surveys whose end day has not passed: what `max_active_surveys` and the plan usage count. */
export async function countActiveSurveys(ex: Executor, tenantId: number, now: Date): Promise<number> {
  const row = await ex
    .selectFrom('surveys as s')
    .innerJoin('tenants as t', 't.id', 's.tenant_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('s.tenant_id', '=', tenantId)
    .where('s.status', '=', 'published')
    .where((eb) => eb.or([eb('s.end_day', 'is', null), eb(END_OF_END_DAY, '>', now)]))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Whether the tenant has this AI generation (contract §6.5). */
export async function generationExists(ex: Executor, tenantId: number, generationId: string): Promise<boolean> {
  const row = await ex
    .selectFrom('ai_generations')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', generationId)
    .executeTakeFirst()
  return row !== undefined
}

/** The ids among `ids` that are communities of the tenant. */
export async function tenantCommunityIds(ex: Executor, tenantId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const rows = await ex
    .selectFrom('communities')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute()
  return new Set(rows.map((r) => r.id))
}

/** The ids among `ids` that are subgroups of the survey. */
export async function surveySubgroupIds(
  ex: Executor,
  tenantId: number,
  surveyId: number,
  ids: number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const rows = await ex
    .selectFrom('survey_subgroups')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('survey_id', '=', surveyId)
    .where('id', 'in', ids)
    .execute()
  return new Set(rows.map((r) => r.id))
}

export type SurveyValues = Omit<Insertable<SurveysTable>, 'tenant_id' | 'questions' | 'created_at' | 'updated_at'> & {
  questions: unknown[]
}

/** A new draft of the tenant; its id. */
export async function insertSurvey(ex: Executor, tenantId: number, values: SurveyValues, at: Date): Promise<number> {
  const row = await ex
    .insertInto('surveys')
    .values({
      ...values,
      tenant_id: tenantId,
      questions: JSON.stringify(values.questions),
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

export type SurveyChanges = Omit<Updateable<SurveysTable>, 'id' | 'tenant_id' | 'questions' | 'created_at'> & {
  questions?: unknown[]
}

/** Changes a survey of the tenant. */
export async function updateSurvey(ex: Executor, tenantId: number, surveyId: number, changes: SurveyChanges) {
  const { questions, ...rest } = changes
  await ex
    .updateTable('surveys')
    .set({ ...rest, ...(questions !== undefined ? { questions: JSON.stringify(questions) } : {}) })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', surveyId)
    .execute()
}

/** Deletes a draft of the tenant (its audience and subgroups go with it); false when it is not a draft. */
export async function deleteDraft(ex: Executor, tenantId: number, surveyId: number): Promise<boolean> {
  const res = await ex
    .deleteFrom('surveys')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', surveyId)
    .where('status', '=', 'draft')
    .executeTakeFirst()
  return Number(res.numDeletedRows) > 0
}

/** Publishes a draft: the public key is kept if it has one (it is set once, on first publication). */
export async function publishDraft(ex: Executor, tenantId: number, surveyId: number, publicKey: string, at: Date) {
  await ex
    .updateTable('surveys')
    .set({
      status: 'published',
      published_at: at,
      public_key: sql<string>`coalesce(public_key, ${publicKey})`,
      updated_at: at,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', surveyId)
    .where('status', '=', 'draft')
    .execute()
}

/** Closes a published survey now. */
export async function closePublished(ex: Executor, tenantId: number, surveyId: number, at: Date) {
  await ex
    .updateTable('surveys')
    .set({ status: 'closed', closed_at: at, updated_at: at })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', surveyId)
    .where('status', '=', 'published')
    .execute()
}

/**
 * Closes the survey if it is published and its end day has ended by `now` in its tenant's time zone, with
 * `closed_at` the end of that day; true when it did.
 */
export async function closeIfEnded(ex: Executor, tenantId: number, surveyId: number, now: Date): Promise<boolean> {
  const res = await sql`
    update surveys s set status = 'closed', closed_at = ${END_OF_END_DAY}, updated_at = ${now}
    from tenants t
    where t.id = s.tenant_id and s.tenant_id = ${tenantId} and s.id = ${surveyId}
      and s.status = 'published' and s.end_day is not null and ${END_OF_END_DAY} <= ${now}`.execute(ex)
  return Number(res.numAffectedRows ?? 0) > 0
}

/**
 * The periodic sweep, across tenants: closes up to `batch` published surveys whose end day has ended by `now` in
 * their tenant's time zone, each with `closed_at` the end of that day. How many it closed.
 */
export async function closeEndedSurveys(ex: Executor, now: Date, batch: number): Promise<number> {
  const res = await sql`
    update surveys s set status = 'closed', closed_at = ${END_OF_END_DAY}, updated_at = ${now}
    from tenants t
    where t.id = s.tenant_id and (s.tenant_id, s.id) in (
      select s.tenant_id, s.id from surveys s join tenants t on t.id = s.tenant_id
      where s.status = 'published' and s.end_day is not null and s.end_day < ${now}::date + 2
        and ${END_OF_END_DAY} <= ${now}
      order by s.end_day, s.id
      limit ${batch}
      for update of s skip locked)`.execute(ex)
  return Number(res.numAffectedRows ?? 0)
}

/** How many responses the survey has. */
export async function countResponses(ex: Executor, tenantId: number, surveyId: number): Promise<number> {
  const row = await ex
    .selectFrom('survey_responses')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('survey_id', '=', surveyId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Whether the staff member has confirmed their email address. */
export async function staffEmailVerified(ex: Executor, tenantId: number, userId: number): Promise<boolean> {
  const row = await ex
    .selectFrom('users')
    .select('email_verified')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .executeTakeFirst()
  return row?.email_verified === true
}

export type AudienceKind = 'clients' | 'communities' | 'subgroups'

/** The survey's audience: clients chosen one by one, communities and subgroups, by id. */
export async function listAudience(ex: Executor, tenantId: number, surveyId: number) {
  const [clients, communities, subgroups] = await Promise.all([
    ex
      .selectFrom('survey_audience_clients')
      .select('client_id as id')
      .where('tenant_id', '=', tenantId)
      .where('survey_id', '=', surveyId)
      .execute(),
    ex
      .selectFrom('survey_audience_communities')
      .select('community_id as id')
      .where('tenant_id', '=', tenantId)
      .where('survey_id', '=', surveyId)
      .execute(),
    ex
      .selectFrom('survey_audience_subgroups')
      .select('subgroup_id as id')
      .where('tenant_id', '=', tenantId)
      .where('survey_id', '=', surveyId)
      .execute(),
  ])
  const ids = (rows: { id: number }[]) => rows.map((r) => r.id)
  return { clients: ids(clients), communities: ids(communities), subgroups: ids(subgroups) }
}

/** Makes one part of the survey's audience exactly `ids`. */
export async function replaceAudience(
  ex: Executor,
  tenantId: number,
  surveyId: number,
  kind: AudienceKind,
  ids: number[],
) {
  const keep = [...new Set(ids)]
  const scope = { tenant_id: tenantId, survey_id: surveyId }
  if (kind === 'clients') {
    let del = ex
      .deleteFrom('survey_audience_clients')
      .where('tenant_id', '=', tenantId)
      .where('survey_id', '=', surveyId)
    if (keep.length > 0) del = del.where('client_id', 'not in', keep)
    await del.execute()
    if (keep.length > 0)
      await ex
        .insertInto('survey_audience_clients')
        .values(keep.map((id) => ({ ...scope, client_id: id })))
        .onConflict((oc) => oc.doNothing())
        .execute()
  } else if (kind === 'communities') {
    let del = ex
      .deleteFrom('survey_audience_communities')
      .where('tenant_id', '=', tenantId)
      .where('survey_id', '=', surveyId)
    if (keep.length > 0) del = del.where('community_id', 'not in', keep)
    await del.execute()
    if (keep.length > 0)
      await ex
        .insertInto('survey_audience_communities')
        .values(keep.map((id) => ({ ...scope, community_id: id })))
        .onConflict((oc) => oc.doNothing())
        .execute()
  } else {
    let del = ex
      .deleteFrom('survey_audience_subgroups')
      .where('tenant_id', '=', tenantId)
      .where('survey_id', '=', surveyId)
    if (keep.length > 0) del = del.where('subgroup_id', 'not in', keep)
    await del.execute()
    if (keep.length > 0)
      await ex
        .insertInto('survey_audience_subgroups')
        .values(keep.map((id) => ({ ...scope, subgroup_id: id })))
        .onConflict((oc) => oc.doNothing())
        .execute()
  }
}
