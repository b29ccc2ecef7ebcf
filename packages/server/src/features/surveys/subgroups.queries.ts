import { sql } from 'kysely'
import type { Executor } from '../../db/database.js'

/* Subgroups of a survey's clients (contract §6.3): named groups used as audience and as a filter of results. */

const SUBGROUP_COLUMNS = ['g.id', 'g.survey_id', 'g.name', 'g.description', 'g.created_at', 'g.updated_at'] as const

type Lock = { lock?: boolean }

/** One subgroup of the tenant, or undefined. */
export function findSubgroup(ex: Executor, tenantId: number, subgroupId: number, opts: Lock = {}) {
  const q = ex
    .selectFrom('survey_subgroups as g')
    .select(SUBGROUP_COLUMNS)
    .where('g.tenant_id', '=', tenantId)
    .where('g.id', '=', subgroupId)
  return (opts.lock ? q.forUpdate() : q).executeTakeFirst()
}

/** A page of a survey's subgroups, by name, and how many it has. */
export async function listSubgroups(
  ex: Executor,
  tenantId: number,
  surveyId: number,
  window: { limit: number; offset: number },
) {
  const rows = ex
    .selectFrom('survey_subgroups as g')
    .where('g.tenant_id', '=', tenantId)
    .where('g.survey_id', '=', surveyId)
  const [count, page] = await Promise.all([
    rows.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    rows
      .select(SUBGROUP_COLUMNS)
      .orderBy(sql`lower(g.name)`)
      .orderBy('g.id')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  ])
  return { rows: page, total: Number(count.n) }
}

/** Some subgroups of the tenant by id. */
export function listSubgroupsById(ex: Executor, tenantId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([])
  return ex
    .selectFrom('survey_subgroups as g')
    .select(SUBGROUP_COLUMNS)
    .where('g.tenant_id', '=', tenantId)
    .where('g.id', 'in', ids)
    .execute()
}

/** The clients of some subgroups of the tenant, with their public profiles. */
export function listSubgroupClients(ex: Executor, tenantId: number, subgroupIds: number[]) {
  if (subgroupIds.length === 0) return Promise.resolve([])
  return ex
    .selectFrom('survey_subgroup_clients as c')
    .innerJoin('users as u', 'u.id', 'c.client_id')
    .select(['c.subgroup_id', 'u.id', 'u.username', 'u.first_name', 'u.last_name', 'u.profile_photo'])
    .where('c.tenant_id', '=', tenantId)
    .where('c.subgroup_id', 'in', subgroupIds)
    .orderBy('c.subgroup_id')
    .orderBy('u.id')
    .execute()
}

/** Whether another subgroup of the survey has this name (compared regardless of case). */
export async function subgroupNameTaken(
  ex: Executor,
  tenantId: number,
  surveyId: number,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  let q = ex
    .selectFrom('survey_subgroups')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('survey_id', '=', surveyId)
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId)
  return (await q.executeTakeFirst()) !== undefined
}

/** A new subgroup of the survey; its id. */
export async function insertSubgroup(
  ex: Executor,
  tenantId: number,
  values: { surveyId: number; name: string; description: string | null; at: Date },
): Promise<number> {
  const row = await ex
    .insertInto('survey_subgroups')
    .values({
      tenant_id: tenantId,
      survey_id: values.surveyId,
      name: values.name,
      description: values.description,
      created_at: values.at,
      updated_at: values.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** Renames or redescribes a subgroup of the tenant. */
export async function updateSubgroup(
  ex: Executor,
  tenantId: number,
  subgroupId: number,
  changes: { name?: string; description?: string | null; updated_at: Date },
) {
  await ex
    .updateTable('survey_subgroups')
    .set(changes)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', subgroupId)
    .execute()
}

/** Makes the subgroup's clients exactly `clientIds`. */
export async function replaceSubgroupClients(ex: Executor, tenantId: number, subgroupId: number, clientIds: number[]) {
  const keep = [...new Set(clientIds)]
  let del = ex
    .deleteFrom('survey_subgroup_clients')
    .where('tenant_id', '=', tenantId)
    .where('subgroup_id', '=', subgroupId)
  if (keep.length > 0) del = del.where('client_id', 'not in', keep)
  await del.execute()
  if (keep.length > 0)
    await ex
      .insertInto('survey_subgroup_clients')
      .values(keep.map((id) => ({ tenant_id: tenantId, subgroup_id: subgroupId, client_id: id })))
      .onConflict((oc) => oc.doNothing())
      .execute()
}

/** Deletes a subgroup of the tenant (its clients and its place in the audience go with it). */
export async function deleteSubgroup(ex: Executor, tenantId: number, subgroupId: number) {
  await ex.deleteFrom('survey_subgroups').where('tenant_id', '=', tenantId).where('id', '=', subgroupId).execute()
}

/** Whether the subgroup is part of its survey's audience. */
export async function subgroupInAudience(ex: Executor, tenantId: number, subgroupId: number): Promise<boolean> {
  const row = await ex
    .selectFrom('survey_audience_subgroups')
    .select('subgroup_id')
    .where('tenant_id', '=', tenantId)
    .where('subgroup_id', '=', subgroupId)
    .executeTakeFirst()
  return row !== undefined
}
