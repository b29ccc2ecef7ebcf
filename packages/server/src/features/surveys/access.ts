import type { Executor } from '../../db/database.js'
import type { Actor } from '../../http/actor.js'
import { notFound } from '../../lib/errors.js'
import { clientMaySee, findSurvey, findSurveyForCustomer, type SurveyRow } from './surveys.queries.js'

/*
 * Who may reach which survey (contract §1.5, §6.2), in one place: staff reach every survey of their tenant, drafts
 * included; a client reaches a published or closed survey of an active tenant when they are in its audience, or
 * when its audience is empty and they are related to the tenant; visitors reach none through these routes (the
 * public link has its own rules). Anything else looks absent (404).
 */

type Lock = { lock?: boolean }

/** The survey as the caller may see it, else 404. */
export async function loadSurveyFor(ex: Executor, actor: Actor, surveyId: number, opts: Lock = {}) {
  if (actor.kind === 'visitor') throw notFound()
  if (actor.kind === 'staff') {
    const row = await findSurvey(ex, actor.tenantId, surveyId, opts)
    if (!row) throw notFound()
    return row
  }
  const row = await findSurveyForCustomer(ex, surveyId, opts)
  if (!row || !(await clientMaySee(ex, row, actor.userId))) throw notFound()
  return row
}

export type { SurveyRow }
