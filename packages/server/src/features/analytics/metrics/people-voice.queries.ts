import type { Channel } from '@proxima/contracts'
import { sql } from 'kysely'
import type { Executor } from '../../../db/database.js'
import type { Window } from '../window.js'

/*
 * Voice messages (contract §7.10): messages of the tenant's chats sent as recordings
 * (`voice_mime_type`, which a deletion keeps while it removes the audio), placed in time by `sent_at`, deleted ones
 * included (contract §4.5); with a channel filter, only chats of those channels.
 */

/** Keeps the messages of the tenant's chats on the given channels (no filter: every channel). */
function onChannels(tenantId: number, channels: readonly Channel[] | undefined) {
  if (!channels) return sql``
  return sql`AND m.chat_id IN (
    SELECT c.id FROM chats c WHERE c.tenant_id = ${tenantId} AND c.channel = ANY(${[...channels]}::text[]))`
}

export type VoiceBucketRow = {
  /** 0 before the first bucket, 1…n the series buckets. */
  bucket: number
  count: string
  duration_ms: string
  bytes: string
  window_count: string
  window_duration_ms: string
}

/**
 * Every voice message sent before `to`, per series bucket (`width_bucket` over the bucket bounds): how many, their
 * duration (ms) and size (bytes), and how many of them and how long were sent inside the window.
 */
export async function voiceMessagesByBucket(
  db: Executor,
  tenantId: number,
  channels: readonly Channel[] | undefined,
  window: Window,
  bounds: readonly string[],
): Promise<VoiceBucketRow[]> {
  const from = window.from.toISOString()
  const bucket = bounds.length ? sql`width_bucket(m.sent_at, ${[...bounds]}::timestamptz[])` : sql`0`
  const { rows } = await sql<VoiceBucketRow>`
    SELECT ${bucket} AS bucket,
      count(*) AS count,
      coalesce(sum(m.voice_duration_ms), 0) AS duration_ms,
      coalesce(sum(m.voice_size_bytes), 0) AS bytes,
      count(*) FILTER (WHERE m.sent_at >= ${from}::timestamptz) AS window_count,
      coalesce(sum(m.voice_duration_ms) FILTER (WHERE m.sent_at >= ${from}::timestamptz), 0) AS window_duration_ms
    FROM chat_messages m
    WHERE m.tenant_id = ${tenantId}
      AND m.sent_at < ${window.to.toISOString()}::timestamptz
      AND m.voice_mime_type IS NOT NULL
      ${onChannels(tenantId, channels)}
    GROUP BY 1`.execute(db)
  return rows
}

export type VoicePerChatRow = {
  active_chats: string
  voice_messages: string
  chats_with_voice: string
  average_duration_ms: string | null
}

/**
 * Inside the window: the chats with at least one message (any sender), the voice messages, the chats with one, and
 * the average duration (ms) of the voice messages whose duration is known.
 */
export async function voicePerChat(
  db: Executor,
  tenantId: number,
  channels: readonly Channel[] | undefined,
  window: Window,
): Promise<VoicePerChatRow> {
  const { rows } = await sql<VoicePerChatRow>`
    SELECT count(DISTINCT m.chat_id) AS active_chats,
      count(*) FILTER (WHERE m.voice_mime_type IS NOT NULL) AS voice_messages,
      count(DISTINCT m.chat_id) FILTER (WHERE m.voice_mime_type IS NOT NULL) AS chats_with_voice,
      avg(m.voice_duration_ms) FILTER (WHERE m.voice_mime_type IS NOT NULL) AS average_duration_ms
    FROM chat_messages m
    WHERE m.tenant_id = ${tenantId}
      AND m.sent_at >= ${window.from.toISOString()}::timestamptz
      AND m.sent_at < ${window.to.toISOString()}::timestamptz
      ${onChannels(tenantId, channels)}`.execute(db)
  return rows[0]!
}
