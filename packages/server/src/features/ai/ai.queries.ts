import { sql, type Insertable } from 'kysely'
import type { Executor } from '../../db/database.js'
import type { AiGenerationsTable } from '../../db/schema.js'
import { monthKey } from './quota.js'

/** What the AI helpers need to know about the caller's tenant: plan, time zone, locale, external processing. */
export function findAiTenant(ex: Executor, tenantId: number) {
  return ex
    .selectFrom('tenants as t')
    .innerJoin('tenant_settings as s', 's.tenant_id', 't.id')
    .select(['t.id', 't.plan', 't.timezone', 's.locale', 's.ai_external_processing'])
    .where('t.id', '=', tenantId)
    .executeTakeFirst()
}

/**
 * Takes one request of the month's allowance in one statement: inserts the month's row or raises it, but only while
 * it is below `limit`. False when the allowance is used up (nothing changed).
 */
export async function takeAiRequest(
  ex: Executor,
  tenantId: number,
  month: string,
  limit: number,
  now: Date,
): Promise<boolean> {
  if (limit <= 0) return false
  const row = await ex
    .insertInto('ai_usage')
    .values({ tenant_id: tenantId, month, requests: 1, updated_at: now })
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'month'])
        .doUpdateSet({ requests: sql<number>`ai_usage.requests + 1`, updated_at: now })
        .where('ai_usage.requests', '<', limit),
    )
    .returning('requests')
    .executeTakeFirst()
  return row !== undefined
}

/** Gives back a request taken by `takeAiRequest` whose answer failed (only answers count). */
export async function returnAiRequest(ex: Executor, tenantId: number, month: string): Promise<void> {
  await ex
    .updateTable('ai_usage')
    .set({ requests: sql<number>`requests - 1` })
    .where('tenant_id', '=', tenantId)
    .where('month', '=', month)
    .where('requests', '>', 0)
    .execute()
}

/** The tenant's answered AI requests in the current month of its time zone. */
export async function aiRequestsThisMonth(ex: Executor, tenantId: number, timezone: string, now: Date) {
  const row = await ex
    .selectFrom('ai_usage')
    .select('requests')
    .where('tenant_id', '=', tenantId)
    .where('month', '=', monthKey(now, timezone))
    .executeTakeFirst()
  return row?.requests ?? 0
}

/** Keeps generated survey questions (contract §6.5), so a survey created from them can name its generation. */
export async function insertGeneration(
  ex: Executor,
  tenantId: number,
  row: Omit<Insertable<AiGenerationsTable>, 'tenant_id' | 'questions'> & { questions: unknown[] },
): Promise<void> {
  await ex
    .insertInto('ai_generations')
    .values({ ...row, tenant_id: tenantId, questions: JSON.stringify(row.questions) })
    .execute()
}

/**
 * The newest `limit` messages of a chat that are not deleted, newest first, with their authors' names. Authors are
 * staff of the tenant, its visitors, or clients (platform accounts of no tenant, hence the join on id alone).
 */
export function listTranscriptRows(ex: Executor, tenantId: number, chatId: number, limit: number) {
  return ex
    .selectFrom('chat_messages as m')
    .leftJoin('users as u', 'u.id', 'm.sender_user_id')
    .leftJoin('anonymous_users as v', (join) =>
      join.onRef('v.tenant_id', '=', 'm.tenant_id').onRef('v.id', '=', 'm.sender_visitor_id'),
    )
    .select([
      'm.id',
      'm.message_sender',
      'm.text_content',
      'm.voice_mime_type',
      'm.voice_transcript',
      'm.sent_at',
      'u.first_name',
      'u.last_name',
      'v.name as visitor_name',
      'v.contact as visitor_contact',
    ])
    .where('m.tenant_id', '=', tenantId)
    .where('m.chat_id', '=', chatId)
    .where('m.deleted_at', 'is', null)
    .orderBy('m.id', 'desc')
    .limit(limit)
    .execute()
}

export type TranscriptRow = Awaited<ReturnType<typeof listTranscriptRows>>[number]
