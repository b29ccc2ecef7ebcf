import type { Subgroup } from '@proxima/contracts'
import type { Db, Executor } from '../../db/database.js'
import type { StaffActor } from '../../http/actor.js'
import { isoRequired, type Clock } from '../../lib/clock.js'
import { conflict, isUniqueViolation, notFound } from '../../lib/errors.js'
import { page } from '../../lib/pagination.js'
import { relatedClientIds } from '../clients/clients.service.js'
import { loadSurveyFor } from './access.js'
import { invalidState } from './invitations.service.js'
import { effectiveStatus } from './status.js'
import {
  deleteSubgroup,
  findSubgroup,
  insertSubgroup,
  listSubgroupClients,
  listSubgroups,
  listSubgroupsById,
  replaceSubgroupClients,
  subgroupInAudience,
  subgroupNameTaken,
  updateSubgroup,
} from './subgroups.queries.js'
import { findSurveyTenant } from './survey-write.queries.js'

const NAME_TAKEN = 'This survey already has a subgroup with this name.'
const nameTaken = () => conflict('subgroup.name_taken', NAME_TAKEN, { subgroup_name: [NAME_TAKEN] })

type SubgroupFields = {
  subgroup_name?: string | undefined
  subgroup_description?: string | null | undefined
  subgroup_clients?: number[] | undefined
}

/** Subgroups of a survey's clients (contract §6.3); a closed survey's subgroups no longer change. */
export function createSubgroupService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps

  async function present(ex: Executor, tenantId: number, rows: Awaited<ReturnType<typeof listSubgroupsById>>) {
    const clients = await listSubgroupClients(
      ex,
      tenantId,
      rows.map((r) => r.id),
    )
    return rows.map((g): Subgroup => {
      const members = clients
        .filter((c) => c.subgroup_id === g.id)
        .map((c) => ({
          id: c.id,
          username: c.username,
          first_name: c.first_name,
          last_name: c.last_name,
          profile_photo: c.profile_photo,
        }))
      return {
        subgroup_id: g.id,
        survey_id: g.survey_id,
        subgroup_name: g.name,
        subgroup_description: g.description,
        subgroup_clients: members,
        client_count: members.length,
        created_at: isoRequired(g.created_at),
        updated_at: isoRequired(g.updated_at),
      }
    })
  }

  async function presentOne(tenantId: number, id: number) {
    const [g] = await present(db, tenantId, await listSubgroupsById(db, tenantId, [id]))
    if (!g) throw notFound()
    return g
  }

  /** The survey, locked, when it may still change (409 once it is closed, its end day passed included). */
  async function openSurvey(ex: Executor, actor: StaffActor, surveyId: number) {
    const survey = await loadSurveyFor(ex, actor, surveyId, { lock: true })
    const tenant = await findSurveyTenant(ex, actor.tenantId)
    if (effectiveStatus(survey, tenant.timezone, clock.now()) === 'closed')
      throw invalidState('The subgroups of a closed survey cannot be changed.')
    return survey
  }

  async function assertRelated(ex: Executor, tenantId: number, clientIds: number[] | undefined) {
    const ids = [...new Set(clientIds ?? [])]
    if (ids.length === 0) return
    const related = await relatedClientIds(ex, tenantId, ids)
    if (ids.some((id) => !related.has(id))) throw notFound()
  }

  async function list(actor: StaffActor, q: { survey_id: number; limit: number; offset: number }) {
    const survey = await loadSurveyFor(db, actor, q.survey_id)
    const { rows, total } = await listSubgroups(db, actor.tenantId, survey.id, q)
    return page(await present(db, actor.tenantId, rows), { limit: q.limit, offset: q.offset, total })
  }

  async function create(actor: StaffActor, input: SubgroupFields & { survey_id: number; subgroup_name: string }) {
    try {
      const id = await db.transaction().execute(async (trx) => {
        const survey = await openSurvey(trx, actor, input.survey_id)
        if (await subgroupNameTaken(trx, actor.tenantId, survey.id, input.subgroup_name)) throw nameTaken()
        await assertRelated(trx, actor.tenantId, input.subgroup_clients)
        const subgroupId = await insertSubgroup(trx, actor.tenantId, {
          surveyId: survey.id,
          name: input.subgroup_name,
          description: input.subgroup_description ?? null,
          at: clock.now(),
        })
        if (input.subgroup_clients?.length)
          await replaceSubgroupClients(trx, actor.tenantId, subgroupId, input.subgroup_clients)
        return subgroupId
      })
      return await presentOne(actor.tenantId, id)
    } catch (err) {
      if (isUniqueViolation(err, 'survey_subgroups_name_key')) throw nameTaken()
      throw err
    }
  }

  async function update(actor: StaffActor, id: number, input: SubgroupFields) {
    try {
      await db.transaction().execute(async (trx) => {
        const subgroup = await findSubgroup(trx, actor.tenantId, id)
        if (!subgroup) throw notFound()
        await openSurvey(trx, actor, subgroup.survey_id)
        if (
          input.subgroup_name !== undefined &&
          (await subgroupNameTaken(trx, actor.tenantId, subgroup.survey_id, input.subgroup_name, subgroup.id))
        )
          throw nameTaken()
        await assertRelated(trx, actor.tenantId, input.subgroup_clients)
        await updateSubgroup(trx, actor.tenantId, subgroup.id, {
          ...(input.subgroup_name !== undefined ? { name: input.subgroup_name } : {}),
          ...(input.subgroup_description !== undefined ? { description: input.subgroup_description ?? null } : {}),
          updated_at: clock.now(),
        })
        if (input.subgroup_clients !== undefined)
          await replaceSubgroupClients(trx, actor.tenantId, subgroup.id, input.subgroup_clients)
      })
    } catch (err) {
      if (isUniqueViolation(err, 'survey_subgroups_name_key')) throw nameTaken()
      throw err
    }
    return presentOne(actor.tenantId, id)
  }

  /** Deletes a subgroup; one that is part of a published survey's audience stays (the audience only grows). */
  async function remove(actor: StaffActor, id: number) {
    await db.transaction().execute(async (trx) => {
      const subgroup = await findSubgroup(trx, actor.tenantId, id)
      if (!subgroup) throw notFound()
      const survey = await openSurvey(trx, actor, subgroup.survey_id)
      if (survey.status === 'published' && (await subgroupInAudience(trx, actor.tenantId, subgroup.id)))
        throw invalidState('This subgroup is part of the published survey’s audience, which can only grow.')
      await deleteSubgroup(trx, actor.tenantId, subgroup.id)
    })
  }

  return { list, create, update, remove }
}

export type SubgroupService = ReturnType<typeof createSubgroupService>
