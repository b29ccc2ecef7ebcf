import type { ScriptRunner } from '../db/database.js'
import {
  CLIENT_FOLLOW_UPS,
  GENERAL_OPENERS,
  RATING_COMMENTS,
  STAFF_FIRST_REPLIES,
  STAFF_REPLIES,
  TOPICS,
} from './content.js'
import { bigintArray, num, pick, rnd, textArray, ts } from './literals.queries.js'
import type { DemoParams } from './params.js'

/** A recording in voice storage that voice messages point at. */
export type DemoVoice = { key: string; mimeType: string; sizeBytes: number; durationMs: number }

/**
 * Each chat's fate from its messages (`demo_final`): recent chats may still be open (waiting for staff) or pending
 * (staff answered last); the others are resolved a little after their last message, some after having been
 * resolved and reopened by the customer once; resolved chats that staff answered may carry the customer's rating.
 * A customer never has two unresolved chats on one channel.
 */
export async function settleChats(run: ScriptRunner, o: { p: DemoParams; now: Date }): Promise<void> {
  const now = ts(o.now)
  const rating = pick(
    `(f.rating_value_draw * CASE WHEN f.escalated OR NOT f.biz THEN 0.75 ELSE 1 END)`,
    [5, 7, 13, 35, 40],
  )
  await run(`
    CREATE TEMP TABLE demo_final ON COMMIT DROP AS
    SELECT f.*,
      CASE WHEN f.open THEN NULL ELSE least(f.last_at + make_interval(secs => 60 + 1500 * f.resolve_delay_draw), ${now})
        END AS resolved_at,
      NOT f.open AND f.reopen_draw < 0.05 AND f.reopen_k IS NOT NULL AS reopened,
      ${rating} AS rating
    FROM (
      SELECT e.*, e.open0 AND row_number() OVER (
        PARTITION BY e.open0, e.channel, coalesce(e.client_id, -e.visitor_id) ORDER BY e.created_at DESC, e.n DESC) = 1
        AS open
      FROM (
        SELECT c.*, a.*,
          ${now} - a.last_at < interval '30 hours' AND c.open_draw < CASE
            WHEN ${now} - a.last_at < interval '1 hour' THEN 0.9
            WHEN ${now} - a.last_at < interval '6 hours' THEN 0.6 ELSE 0.3 END AS open0
        FROM demo_chat c
        JOIN (
          SELECT m.n AS msg_n, max(m.sent_at) AS last_at, (array_agg(m.id ORDER BY m.k DESC))[1] AS last_id,
            (array_agg(m.staff ORDER BY m.k DESC))[1] AS last_staff,
            (array_agg(m.wait_start ORDER BY m.k DESC))[1] AS last_wait_start,
            min(m.sent_at) FILTER (WHERE m.staff) AS first_staff_at,
            min(m.id) FILTER (WHERE m.k = 1) AS first_id, min(m.sent_at) FILTER (WHERE m.k = 1) AS first_at,
            min(m.k) FILTER (WHERE NOT m.staff AND m.prev_staff AND m.k >= 3) AS reopen_k
          FROM demo_msg m GROUP BY m.n
        ) a ON a.msg_n = c.n
      ) e
    ) f;
    CREATE UNIQUE INDEX ON demo_final (n);

    ALTER TABLE demo_final ADD COLUMN rated_at timestamptz, ADD COLUMN reopen_at timestamptz,
      ADD COLUMN reopen_resolved_at timestamptz;
    UPDATE demo_final f SET rated_at = f.resolved_at + make_interval(secs => 30 + 7200 * f.rated_delay_draw)
    WHERE NOT f.open AND f.first_staff_at IS NOT NULL AND f.rating_draw < 0.45
      AND f.resolved_at + make_interval(secs => 30 + 7200 * f.rated_delay_draw) < ${now};
    UPDATE demo_final f SET reopen_at = m.sent_at, reopen_resolved_at = m.prev_at + (m.sent_at - m.prev_at) / 2
    FROM demo_msg m WHERE f.reopened AND m.n = f.n AND m.k = f.reopen_k;
  `)
}

/** Writes the planned chats, their messages and their reporting events, as the product would have. */
export async function writeChats(
  run: ScriptRunner,
  o: { tenantId: number; p: DemoParams; voices: DemoVoice[] },
): Promise<void> {
  const { p, tenantId } = o
  const T = num(tenantId)
  const r = (key: string, stream: number) => rnd(p.seed, key, stream)
  const at = (arr: string[], key: string, stream: number) =>
    `(${textArray(arr)})[1 + floor(${arr.length} * ${r(key, stream)})::int]`
  const openers = TOPICS.flatMap((t) => t.openers)
  const offsets = TOPICS.map((_, i) => TOPICS.slice(0, i).reduce((n, t) => n + t.openers.length, 1))
  const opener = `CASE WHEN f.topic_pos IS NULL THEN ${at(GENERAL_OPENERS, 'm.id', 41)}
    ELSE (${textArray(openers)})[(${bigintArray(offsets)})[f.topic_pos]
      + floor((${bigintArray(TOPICS.map((t) => t.openers.length))})[f.topic_pos] * ${r('f.n', 41)})::int] END`
  const voices = o.voices.length
  const voiceNo = `CASE WHEN ${voices} > 0 AND NOT m.staff AND f.channel IN ('mobile', 'website')
    AND ${r('f.n * 128 + m.k', 33)} < ${num(p.voiceShare)}
    THEN 1 + floor(${voices} * ${r('f.n * 128 + m.k', 34)})::int END`
  await run(`
    INSERT INTO chats (id, tenant_id, client_id, visitor_id, channel, status, assignee_id, topic_id, escalated,
      escalated_at, iva_enabled, satisfaction_rating, satisfaction_comment, rated_at, first_rated_at, last_message_id,
      last_message_at, first_response_at, resolved_at, reopened_count, client_read_message_id, client_read_at,
      tenant_read_message_id, tenant_read_at, waiting_since, created_at, updated_at)
    OVERRIDING SYSTEM VALUE
    SELECT f.id, ${T}, f.client_id, f.visitor_id, f.channel,
      CASE WHEN NOT f.open THEN 'resolved' WHEN f.last_staff THEN 'pending' ELSE 'open' END,
      f.assignee_id, f.topic_id, f.escalated, CASE WHEN f.escalated THEN f.first_at END, NOT f.escalated,
      CASE WHEN f.rated_at IS NOT NULL THEN f.rating END,
      CASE WHEN f.rated_at IS NOT NULL AND f.comment_draw < 0.3 THEN (${textArray(RATING_COMMENTS)})[f.rating] END,
      f.rated_at, f.rated_at, f.last_id, f.last_at, f.first_staff_at, f.resolved_at, f.reopened::int,
      CASE WHEN NOT f.open THEN f.last_id END, CASE WHEN NOT f.open THEN f.last_at END,
      CASE WHEN NOT f.open THEN f.last_id END, CASE WHEN NOT f.open THEN f.resolved_at END,
      CASE WHEN f.open AND NOT f.last_staff THEN f.last_wait_start END,
      f.created_at, greatest(f.last_at, f.resolved_at, f.rated_at)
    FROM demo_final f ORDER BY f.id;

    INSERT INTO chat_messages (id, tenant_id, chat_id, message_sender, sender_kind, sender_user_id, sender_visitor_id,
      text_content, voice_key, voice_mime_type, voice_size_bytes, voice_duration_ms, topic_id, topic_name, escalated,
      sent_at, created_at, updated_at)
    OVERRIDING SYSTEM VALUE
    SELECT v.id, ${T}, v.chat_id, CASE WHEN v.staff THEN 'tenant' ELSE 'client' END,
      CASE WHEN v.staff THEN 'staff' WHEN v.client_id IS NOT NULL THEN 'client' ELSE 'visitor' END,
      CASE WHEN v.staff THEN v.assignee_id ELSE v.client_id END, CASE WHEN NOT v.staff THEN v.visitor_id END,
      CASE WHEN v.voice_no IS NOT NULL THEN NULL ELSE v.text END,
      (${textArray(o.voices.map((x) => x.key))})[v.voice_no], (${textArray(o.voices.map((x) => x.mimeType))})[v.voice_no],
      (${bigintArray(o.voices.map((x) => x.sizeBytes))})[v.voice_no],
      (${bigintArray(o.voices.map((x) => x.durationMs))})[v.voice_no]::int,
      v.topic_id, t.name, v.escalated AND v.k = 1, v.sent_at, v.sent_at, v.sent_at
    FROM (
      SELECT m.id, m.chat_id, m.k, m.staff, m.sent_at, f.client_id, f.visitor_id, f.assignee_id, f.topic_id,
        f.escalated, ${voiceNo} AS voice_no,
        CASE WHEN m.k = 1 THEN ${opener}
          WHEN m.staff AND m.grp = 0 THEN ${at(STAFF_FIRST_REPLIES, 'm.id', 42)}
          WHEN m.staff THEN ${at(STAFF_REPLIES, 'f.n * 128 + m.k', 43)}
          ELSE ${at(CLIENT_FOLLOW_UPS, 'f.n * 128 + m.k', 44)} END AS text
      FROM demo_msg m JOIN demo_final f ON f.n = m.n
    ) v
    LEFT JOIN chat_topics t ON t.tenant_id = ${T} AND t.id = v.topic_id
    ORDER BY v.id;
  `)
  await run(`
    INSERT INTO chat_events (tenant_id, chat_id, kind, actor_user_id, message_id, wait_seconds, detail, occurred_at)
    SELECT ${T}, e.chat_id, e.kind, e.actor, e.message_id, e.wait, e.detail, e.at FROM (
      SELECT f.id AS chat_id, 'created' AS kind, NULL::bigint AS actor, NULL::bigint AS message_id,
        NULL::numeric AS wait, jsonb_build_object('channel', f.channel) AS detail, f.created_at AS at, 1 AS ord
      FROM demo_final f
      UNION ALL
      SELECT f.id, 'assigned', NULL, NULL, NULL,
        jsonb_build_object('assignee_id', f.assignee_id, 'previous_assignee_id', NULL, 'auto', true), f.created_at, 2
      FROM demo_final f
      UNION ALL
      SELECT f.id, 'escalated', f.client_id, f.first_id, NULL, jsonb_build_object('by', 'customer', 'reason', NULL),
        f.first_at, 3
      FROM demo_final f WHERE f.escalated
      UNION ALL
      SELECT m.chat_id, CASE WHEN m.grp = 0 THEN 'first_response' ELSE 'reply' END, f.assignee_id, m.id,
        CASE WHEN m.wait_start IS NOT NULL
          THEN greatest(0, round(extract(epoch FROM (m.sent_at - m.wait_start))::numeric, 3)) END,
        NULL, m.sent_at, 4
      FROM demo_msg m JOIN demo_final f ON f.n = m.n WHERE m.staff
      UNION ALL
      SELECT f.id, 'resolved', f.assignee_id, NULL, NULL, NULL, f.reopen_resolved_at, 5
      FROM demo_final f WHERE f.reopen_at IS NOT NULL
      UNION ALL
      SELECT f.id, 'reopened', NULL, NULL, NULL, jsonb_build_object('by', 'customer'), f.reopen_at, 6
      FROM demo_final f WHERE f.reopen_at IS NOT NULL
      UNION ALL
      SELECT f.id, 'resolved', f.assignee_id, NULL, NULL, NULL, f.resolved_at, 7
      FROM demo_final f WHERE NOT f.open
      UNION ALL
      SELECT f.id, 'rated', f.client_id, NULL, NULL, jsonb_build_object('rating', f.rating, 'replaced', false),
        f.rated_at, 8
      FROM demo_final f WHERE f.rated_at IS NOT NULL
    ) e
    ORDER BY e.at, e.ord, e.chat_id;

    UPDATE users u SET last_assignment_event_id = a.event_id
    FROM (
      SELECT (e.detail ->> 'assignee_id')::bigint AS user_id, max(e.id) AS event_id
      FROM chat_events e WHERE e.tenant_id = ${T} AND e.kind = 'assigned' GROUP BY 1
    ) a
    WHERE u.tenant_id = ${T} AND u.id = a.user_id;

    UPDATE anonymous_users v SET created_at = least(v.created_at, a.first_at - interval '1 minute'),
      last_seen_at = a.last_at
    FROM (
      SELECT f.visitor_id, min(f.created_at) AS first_at, max(f.last_at) AS last_at
      FROM demo_final f WHERE f.visitor_id IS NOT NULL GROUP BY f.visitor_id
    ) a
    WHERE v.tenant_id = ${T} AND v.id = a.visitor_id;
  `)
}
