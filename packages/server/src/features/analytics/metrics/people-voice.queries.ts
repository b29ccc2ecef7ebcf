import type { Channel } from '@proxima/contracts'
import { sql } from 'kysely'
import type { Executor } from '../../../db/database.js'
import { factsByBucket } from '../rollup/facts.queries.js'
import type { Window } from '../window.js'
import { activeChats } from '../rollup/presence.queries.js'

/*
 * Voice messages (contract §7.10): messages of the tenant's chats sent as recordings (`voice_mime_type`, which a
 * deletion keeps while it removes the audio), placed in time by `sent_at`, deleted ones included (contract §4.5);
 * with a channel filter, only chats of those channels. Counts, lengths and sizes add up across hours and come from
 * the rollups where they are sealed (rollup/facts.queries.ts); the chats with a voice message do not, and come from
 * the active chats of each hour (rollup/presence.queries.ts).
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
 * duration, the sum of those durations in ms), from the active chats of each hour (rollup/presence.queries.ts).
 */
export async function voiceChatsIn(
  db: Executor,
  scope: VoiceScope,
  window: Window,
): Promise<{ chats: number } & Omit<VoiceSums, 'bytes'>> {
  const active = await activeChats(
    db,
    { tenantId: scope.tenantId, channels: scope.channels, live: scope.live },
    [window.from, window.to],
    'voice_messages',
  )
  const { rows } = await sql<{ chats: string | number; count: string | number; timed: string | number; ms: string }>`
    SELECT count(DISTINCT a.chat_id) AS chats, coalesce(sum(a.n), 0) AS count,
      coalesce(sum(a.voice_timed), 0) AS timed, coalesce(sum(a.voice_ms), 0) AS ms
    FROM (${active}) a`.execute(db)
  const row = rows[0]!
  return { chats: Number(row.chats), count: Number(row.count), timed: Number(row.timed), ms: Number(row.ms) }
}
