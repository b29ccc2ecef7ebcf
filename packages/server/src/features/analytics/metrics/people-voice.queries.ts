import type { Channel } from '@proxima/contracts'
import { sql } from 'kysely'
import type { Executor } from '../../../db/database.js'
import { factsByBucket } from '../rollup/facts.queries.js'
import type { Window } from '../window.js'
import { inScope } from './chats.queries.js'

/*
 * Voice messages (contract §7.10): messages of the tenant's chats sent as recordings (`voice_mime_type`, which a
 * deletion keeps while it removes the audio), placed in time by `sent_at`, deleted ones included (contract §4.5);
 * with a channel filter, only chats of those channels. Counts, lengths and sizes add up across hours and come from
 * the rollups where they are sealed (rollup/facts.queries.ts); the chats with a voice message do not, and are read
 * with their messages from the voice-message index (migration 0018).
 */

export type VoiceScope = {
  tenantId: number
  channels: readonly Channel[] | undefined
  /** Read everything live instead of the sealed hours' rollups (the same numbers). */
  live: boolean
}

/** Voice messages of a span: how many, how many with a known duration, their durations (ms) and sizes (bytes). */
export type VoiceSums = { count: number; timed: number; ms: number; bytes: number }

/** The UTC midnight before the tenant's first message (nothing is sent before it), or null without messages. */
export async function firstMessageDay(db: Executor, tenantId: number): Promise<Date | null> {
  const { rows } = await sql<{ at: Date | string | null }>`
    SELECT date_trunc('day', min(m.sent_at), 'UTC') AS at FROM chat_messages m WHERE m.tenant_id = ${tenantId}`.execute(
    db,
  )
  return rows[0]?.at ? new Date(rows[0].at) : null
}

/** The voice sums of each span `[edges[i-1], edges[i])`, by 1-based index (spans without any are left out). */
export async function voiceSumsPerBucket(
  db: Executor,
  scope: VoiceScope,
  edges: readonly Date[],
): Promise<Map<number, VoiceSums>> {
  const rows = await factsByBucket(
    db,
    { tenantId: scope.tenantId, channels: scope.channels, live: scope.live },
    edges,
    { measures: ['voice_messages', 'voice_timed', 'voice_ms', 'voice_bytes'] },
  )
  return new Map(
    rows.map((r) => [r.b, { count: r.voice_messages, timed: r.voice_timed, ms: r.voice_ms, bytes: r.voice_bytes }]),
  )
}

/**
 * Inside the window: the chats with at least one voice message, and those messages (how many, how many with a known
 * duration, the sum of those durations in ms). The chats' channels are looked up only with a channel filter.
 */
export async function voiceChatsIn(
  db: Executor,
  scope: Omit<VoiceScope, 'live'>,
  window: Window,
): Promise<{ chats: number } & Omit<VoiceSums, 'bytes'>> {
  const { rows } = await sql<{ chats: string | number; count: string | number; timed: string | number; ms: string }>`
    SELECT count(*) AS chats, coalesce(sum(d.n), 0) AS count, coalesce(sum(d.timed), 0) AS timed,
      coalesce(sum(d.ms), 0) AS ms
    FROM (
      SELECT m.chat_id, count(*) AS n, count(m.voice_duration_ms) AS timed, sum(m.voice_duration_ms) AS ms
      FROM chat_messages m
      WHERE m.tenant_id = ${scope.tenantId} AND m.voice_mime_type IS NOT NULL
        AND m.sent_at >= ${window.from.toISOString()}::timestamptz AND m.sent_at < ${window.to.toISOString()}::timestamptz
      GROUP BY m.chat_id
    ) d
    ${inScope({ tenantId: scope.tenantId, channels: scope.channels, topicId: undefined })}`.execute(db)
  const row = rows[0]!
  return { chats: Number(row.chats), count: Number(row.count), timed: Number(row.timed), ms: Number(row.ms) }
}
