import type { Executor } from '../../db/database.js'
import { visitorName } from '../../lib/names.js'
import { findVisitorName } from './presenter.queries.js'

/** One widget visitor of the tenant as chats name them (typing signals, notices of their chats). */
export async function lookUpVisitorName(ex: Executor, tenantId: number, visitorId: number): Promise<string> {
  return visitorName(await findVisitorName(ex, tenantId, visitorId), visitorId)
}
