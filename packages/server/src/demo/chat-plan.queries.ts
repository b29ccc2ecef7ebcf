import type { ScriptRunner } from '../db/database.js'
import { TOPICS } from './content.js'
import { bigintArray, floatArray, lit, num, pick, rnd, ts } from './literals.queries.js'
import type { DemoParams } from './params.js'
import { visitorBlocks } from './people.queries.js'

/** Chats per local hour of the day (0–23), relative: quiet nights, a morning rise, busy office hours. */
export const HOUR_WEIGHTS = [
  0.12, 0.08, 0.06, 0.05, 0.06, 0.12, 0.3, 0.6, 1.1, 1.7, 1.9, 1.8, 1.4, 1.6, 1.75, 1.6, 1.35, 1.0, 0.8, 0.75, 0.7,
  0.55, 0.35, 0.2,
]
/** Chats per ISO day of the week (Monday first), relative: busy early week, quiet weekends. */
export const DAY_WEIGHTS = [1.3, 1.2, 1.12, 1.05, 0.95, 0.55, 0.45]
/** Channels and how often each is used. */
export const CHANNELS: [string, number][] = [
  ['mobile', 34],
  ['website', 28],
  ['whatsapp', 16],
  ['email', 10],
  ['facebook', 7],
  ['instagram', 5],
]

export type ChatPlanInput = {
  p: DemoParams
  now: Date
  /** Everyone who answers chats (admin first); chats go round robin in this order. */
  staffIds: number[]
  /** Chat topics in `TOPICS` order. */
  topicIds: number[]
}

/**
 * Plans the chats and their messages in temporary tables, set-based, with ids taken from the real sequences:
 * `demo_slot` (expected chats per local hour), `demo_chat` (one row per chat: owner, channel, topic, assignee,
 * the random draws of its later fate), `demo_msg` (one row per message: sender, time, and for each message the
 * start of the customer's wait it answers or extends). Nothing is written to the product's tables here.
 */
export async function planChats(run: ScriptRunner, o: ChatPlanInput): Promise<void> {
  const { p, now } = o
  const r = (key: string, stream: number) => rnd(p.seed, key, stream)
  const hourMean = HOUR_WEIGHTS.reduce((a, b) => a + b, 0) / 24
  const dayMean = DAY_WEIGHTS.reduce((a, b) => a + b, 0) / 7
  const hours = floatArray(HOUR_WEIGHTS.map((w) => w / hourMean / 24))
  const days = floatArray(DAY_WEIGHTS.map((w) => w / dayMean))
  const tz = lit(p.timezone)
  // Slots: every local hour of the window; their expected chats follow the day, the hour and a slow growth.
  await run(`
    CREATE TEMP TABLE demo_slot ON COMMIT DROP AS
    SELECT s.d, s.h, s.dow, s.slot_start,
      (s.dow BETWEEN 1 AND 5 AND s.h BETWEEN 9 AND 16) OR (s.dow = 6 AND s.h BETWEEN 10 AND 13) AS biz,
      floor(${num(p.chatsPerDay)} * (${days})[s.dow] * (${hours})[s.h + 1]
        * (0.85 + 0.3 * s.d / ${num(p.days)}) * (0.7 + 0.6 * ${r('s.d * 24 + s.h', 1)})
        + ${r('s.d * 24 + s.h', 2)})::int AS cnt
    FROM (
      SELECT d, h, extract(isodow FROM f.day + d)::int AS dow,
        ((f.day + d)::timestamp + make_interval(hours => h)) AT TIME ZONE ${tz} AS slot_start
      FROM (SELECT (${ts(now)} AT TIME ZONE ${tz})::date - ${num(p.days)} AS day) f,
        generate_series(0, ${num(p.days)}) d, generate_series(0, 23) h
    ) s
    WHERE s.slot_start < ${ts(now)};
  `)
  const blocks = visitorBlocks(p.visitors)
  const visitorIdx = `CASE x.channel ${blocks
    .map((b) => `WHEN ${lit(b.channel)} THEN ${b.first} + floor(${b.count} * ${r('x.n', 14)})::int`)
    .join(' ')} END`
  const channels = `(ARRAY[${CHANNELS.map((c) => lit(c[0])).join(', ')}])`
  await run(`
    CREATE TEMP TABLE demo_chat ON COMMIT DROP AS
    SELECT nextval(pg_get_serial_sequence('chats', 'id')) AS id, y.* FROM (
      SELECT x.*, cl.id AS client_id, vi.id AS visitor_id,
        (${bigintArray(o.topicIds)})[x.topic_pos] AS topic_id,
        (${bigintArray(o.staffIds)})[1 + (x.n % ${num(o.staffIds.length)})::int] AS assignee_id
      FROM (
        SELECT w.*, ${channels}[${pick(
          r('w.n', 11),
          CHANNELS.map((c) => c[1]),
        )}] AS channel,
          CASE WHEN ${r('w.n', 15)} < 0.12 THEN NULL ELSE ${pick(
            r('w.n', 16),
            TOPICS.map((t) => t.weight),
          )} END
            AS topic_pos,
          least(100, 2 + floor((2 * ${num(p.messagesPerChat)} - 3) * ${r('w.n', 17)}))::int AS m,
          ${r('w.n', 18)} < 0.07 AS escalated,
          ${r('w.n', 19)} AS reopen_draw, ${r('w.n', 20)} AS open_draw, ${r('w.n', 21)} AS rating_draw,
          ${r('w.n', 22)} AS rating_value_draw, ${r('w.n', 23)} AS rated_delay_draw,
          ${r('w.n', 24)} AS resolve_delay_draw, ${r('w.n', 25)} AS comment_draw
        FROM (
          SELECT row_number() OVER (ORDER BY c.created_at, c.slot_key, c.g) AS n, c.created_at, c.biz
          FROM (
            SELECT s.d * 24 + s.h AS slot_key, g, s.biz,
              s.slot_start + make_interval(secs => 3600 * ${r('(s.d * 24 + s.h) * 100000 + g', 3)}) AS created_at
            FROM demo_slot s, generate_series(1, s.cnt) g
          ) c
          WHERE c.created_at < ${ts(now)} - interval '2 minutes'
        ) w
      ) x
      LEFT JOIN demo_client cl
        ON (x.channel IN ('mobile', 'email') OR (x.channel = 'website' AND ${r('x.n', 12)} < 0.4))
        AND cl.idx = 1 + floor(${num(p.clients)} * power(${r('x.n', 13)}, 1.6))::int
      LEFT JOIN demo_visitor vi
        ON NOT (x.channel IN ('mobile', 'email') OR (x.channel = 'website' AND ${r('x.n', 12)} < 0.4))
        AND vi.idx = ${visitorIdx}
      ORDER BY x.n
    ) y;
    CREATE UNIQUE INDEX ON demo_chat (n);
  `)
  // Messages: the customer opens; staff and customer then mostly take turns. Gaps depend on who writes after
  // whom, and staff answer faster inside business hours (in the organization's time zone).
  await run(`
    CREATE TEMP TABLE demo_msg_t ON COMMIT DROP AS
    SELECT w.n, w.chat_id, w.k, w.staff, w.sent_at FROM (
      SELECT g.n, g.chat_id, g.k, g.staff,
        g.created_at + make_interval(secs => sum(g.gap) OVER (PARTITION BY g.n ORDER BY g.k)) AS sent_at
      FROM (
        SELECT s.*, CASE
          WHEN s.k = 1 THEN 5 + 40 * s.r
          WHEN s.staff AND s.prev_staff THEN 10 + 50 * s.r
          WHEN s.staff AND s.biz THEN 20 + 420 * power(s.r, 2.5)
          WHEN s.staff THEN 120 + 4000 * power(s.r, 2)
          WHEN s.prev_staff THEN 30 + 600 * power(s.r, 2)
          ELSE 15 + 90 * s.r END AS gap
        FROM (
          SELECT m.*, lag(m.staff) OVER (PARTITION BY m.n ORDER BY m.k) AS prev_staff,
            ${r('m.n * 128 + m.k', 32)} AS r
          FROM (
            SELECT c.n, c.id AS chat_id, c.created_at, c.biz, k,
              CASE WHEN k = 1 THEN false
                WHEN k % 2 = 0 THEN ${r('c.n * 128 + k', 31)} < 0.78
                ELSE ${r('c.n * 128 + k', 31)} < 0.25 END AS staff
            FROM demo_chat c, generate_series(1, c.m) k
          ) m
        ) s
      ) g
    ) w
    WHERE w.sent_at < ${ts(now)};

    CREATE TEMP TABLE demo_msg ON COMMIT DROP AS
    SELECT nextval(pg_get_serial_sequence('chat_messages', 'id')) AS id, z.* FROM (
      SELECT y.*, min(y.sent_at) FILTER (WHERE NOT y.staff) OVER (PARTITION BY y.n, y.grp) AS wait_start
      FROM (
        SELECT t.*,
          coalesce(sum(t.staff::int) OVER (PARTITION BY t.n ORDER BY t.k
            ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS grp,
          lag(t.staff) OVER (PARTITION BY t.n ORDER BY t.k) AS prev_staff,
          lag(t.sent_at) OVER (PARTITION BY t.n ORDER BY t.k) AS prev_at
        FROM demo_msg_t t
      ) y
      ORDER BY y.sent_at, y.n, y.k
    ) z;
    CREATE INDEX ON demo_msg (n, k);
    DROP TABLE demo_msg_t;
  `)
}
