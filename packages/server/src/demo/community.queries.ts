import type { ScriptRunner } from '../db/database.js'
import { COMMENTS, ISSUE_DESCRIPTIONS, ISSUE_TITLES, STAFF_COMMENTS } from './content.js'
import { HOUR_WEIGHTS } from './chat-plan.queries.js'
import { bigintArray, lit, num, pick, rnd, textArray, ts } from './literals.queries.js'
import type { DemoParams } from './params.js'

const DAY = 86_400

/**
 * Communities as their members made them: membership periods (some left, a few came back) with their join and
 * leave events, favourites and ratings; issues raised by members while members, each with its thread; comments by
 * members and staff replies; likes and dislikes by members. Issues follow the hours of the day like chats.
 */
export async function writeCommunities(
  run: ScriptRunner,
  o: { tenantId: number; p: DemoParams; now: Date; start: Date; communityIds: number[]; staffIds: number[] },
): Promise<void> {
  const { p, tenantId } = o
  const T = num(tenantId)
  const now = ts(o.now)
  const r = (key: string, stream: number) => rnd(p.seed, key, stream)
  const at = (arr: string[], key: string, stream: number) =>
    `(${textArray(arr)})[1 + floor(${arr.length} * ${r(key, stream)})::int]`
  const C = o.communityIds.length
  const staff = bigintArray(o.staffIds)
  const S = num(o.staffIds.length)
  const span = `(${num(p.days)} + 45) * ${DAY}`
  // Each customer joins each community or not; some leave later, and some of those come back.
  await run(`
    CREATE TEMP TABLE demo_member ON COMMIT DROP AS
    WITH a AS (
      SELECT c.idx * 64 + ci AS key, ci, (${bigintArray(o.communityIds)})[ci] AS community_id, c.id AS client_id,
        ${ts(o.start)} - interval '45 days' + make_interval(secs => ${span} * power(${r('c.idx * 64 + ci', 202)}, 0.8))
          AS joined_at
      FROM demo_client c, generate_series(1, ${num(C)}) ci
      WHERE ${r('c.idx * 64 + ci', 201)} < ${num(p.membershipShare)} * CASE WHEN ci = 1 THEN 1.4 ELSE 0.8 END
    ), b AS (
      SELECT a.*, CASE WHEN ${r('a.key', 203)} < 0.15
        THEN a.joined_at + (${now} - a.joined_at) * ${r('a.key', 204)} END AS left_at
      FROM a WHERE a.joined_at < ${now}
    ), j AS (
      SELECT b.*, CASE WHEN b.left_at IS NOT NULL AND ${r('b.key', 205)} < 0.3
        THEN b.left_at + (${now} - b.left_at) * ${r('b.key', 206)} END AS rejoined_at
      FROM b
    )
    SELECT row_number() OVER (ORDER BY q.joined_at, q.client_id, q.ci) AS pid,
      row_number() OVER (PARTITION BY q.ci ORDER BY q.joined_at, q.client_id, q.period) AS crank, q.*
    FROM (
      SELECT j.ci, j.community_id, j.client_id, 1 AS period, j.joined_at, j.left_at FROM j
      UNION ALL
      SELECT j.ci, j.community_id, j.client_id, 2, j.rejoined_at, NULL FROM j WHERE j.rejoined_at IS NOT NULL
    ) q;
    CREATE TEMP TABLE demo_member_count ON COMMIT DROP AS
    SELECT ci, community_id, count(*) AS n FROM demo_member GROUP BY ci, community_id;
  `)
  await run(`
    CREATE INDEX ON demo_member (pid);
    CREATE INDEX ON demo_member (ci, crank);
    INSERT INTO community_memberships (tenant_id, community_id, client_id, joined_at, left_at)
    SELECT ${T}, community_id, client_id, joined_at, left_at FROM demo_member ORDER BY joined_at, pid;
    INSERT INTO community_events (tenant_id, community_id, client_id, type, occurred_at)
    SELECT ${T}, e.community_id, e.client_id, e.type, e.at FROM (
      SELECT community_id, client_id, 'join' AS type, joined_at AS at, pid FROM demo_member
      UNION ALL
      SELECT community_id, client_id, 'leave', left_at, pid FROM demo_member WHERE left_at IS NOT NULL
    ) e ORDER BY e.at, e.pid;
    INSERT INTO community_favourites (tenant_id, community_id, client_id, created_at)
    SELECT ${T}, community_id, client_id, joined_at + interval '10 minutes' FROM demo_member
    WHERE left_at IS NULL AND ${r('pid', 207)} < 0.2 AND joined_at + interval '10 minutes' < ${now};
    INSERT INTO community_ratings (tenant_id, community_id, client_id, rating, comment, created_at, updated_at)
    SELECT ${T}, community_id, client_id, ${pick(r('pid', 208), [4, 6, 15, 40, 35])},
      CASE WHEN ${r('pid', 209)} < 0.3 THEN ${at(['Great people and tips.', 'Very helpful community.', 'Could be more active.', 'Love the trip reports!'], 'pid', 210)} END,
      joined_at + (${now} - joined_at) * 0.5 * ${r('pid', 211)}, joined_at + (${now} - joined_at) * 0.5 * ${r('pid', 211)}
    FROM demo_member WHERE period = 1 AND ${r('pid', 212)} < 0.3;
  `)
  const tz = lit(p.timezone)
  const periods = `(SELECT count(*) FROM demo_member)`
  await run(`
    CREATE TEMP TABLE demo_issue ON COMMIT DROP AS
    SELECT nextval(pg_get_serial_sequence('community_issues', 'id')) AS id,
      nextval(pg_get_serial_sequence('community_threads', 'id')) AS thread_id, x.* FROM (
      SELECT w.i, w.ci, w.community_id, w.client_id,
        CASE WHEN w.shaped >= w.lo AND w.shaped < w.hi THEN w.shaped ELSE w.plain END AS created_at
      FROM (
        SELECT v.*, ((v.plain AT TIME ZONE ${tz})::date::timestamp
            + make_interval(hours => ${pick(r('v.i', 223), HOUR_WEIGHTS)} - 1, secs => 3600 * ${r('v.i', 224)}))
            AT TIME ZONE ${tz} AS shaped
        FROM (
          SELECT u.*, u.lo + (u.hi - u.lo) * ${r('u.i', 222)} AS plain
          FROM (
            SELECT i, m.ci, m.community_id, m.client_id, greatest(m.joined_at, ${ts(o.start)}) AS lo,
              coalesce(m.left_at, ${now}) AS hi
            FROM generate_series(1, ${num(Math.round(p.issuesPerDay * p.days))}) i
            JOIN demo_member m ON m.pid = 1 + floor(${periods} * ${r('i', 221)})::int
          ) u WHERE u.hi > u.lo
        ) v
      ) w
      ORDER BY 5, w.i
    ) x;
    CREATE UNIQUE INDEX ON demo_issue (i);

    CREATE TEMP TABLE demo_comment ON COMMIT DROP AS
    SELECT nextval(pg_get_serial_sequence('community_comments', 'id')) AS id, x.* FROM (
      SELECT y.i, y.j, y.issue_id, y.thread_id, y.community_id, y.created_at,
        CASE WHEN y.staff THEN NULL WHEN m.joined_at <= y.created_at AND coalesce(m.left_at, 'infinity') > y.created_at
          THEN m.client_id ELSE y.author END AS client_id,
        CASE WHEN y.staff THEN (${staff})[1 + floor(${S} * ${r('y.key', 233)})::int] END AS staff_user_id,
        CASE WHEN y.staff THEN ${at(STAFF_COMMENTS, 'y.key', 234)} ELSE ${at(COMMENTS, 'y.key', 234)} END AS body,
        ${r('y.key', 235)} < 0.02 AS deleted
      FROM (
        SELECT s.*, s.issue_created + make_interval(secs => sum(s.gap) OVER (PARTITION BY s.i ORDER BY s.j)) AS created_at
        FROM (
          SELECT d.i, j, d.i * 256 + j AS key, d.id AS issue_id, d.thread_id, d.community_id, d.ci,
            d.client_id AS author, d.created_at AS issue_created,
            600 + 172800 * power(${r('d.i * 256 + j', 232)}, 2) AS gap, ${r('d.i * 256 + j', 231)} < 0.2 AS staff,
            1 + floor(mc.n * ${r('d.i * 256 + j', 236)})::int AS member_rank
          FROM demo_issue d JOIN demo_member_count mc ON mc.ci = d.ci,
            generate_series(1, least(200, floor(2 * ${num(p.commentsPerIssue)} * ${r('d.i', 230)}))::int) j
        ) s
      ) y
      LEFT JOIN demo_member m ON m.ci = y.ci AND m.crank = y.member_rank
      WHERE y.created_at < ${now}
      ORDER BY y.created_at, y.i, y.j
    ) x;
  `)
  await run(`
    INSERT INTO community_issues (id, tenant_id, community_id, client_id, title, description, solved, solved_at,
      solved_by_user_id, last_activity_at, created_at, updated_at)
    OVERRIDING SYSTEM VALUE
    SELECT d.id, ${T}, d.community_id, d.client_id, ${at(ISSUE_TITLES, 'd.i', 240)},
      ${at(ISSUE_DESCRIPTIONS, 'd.i', 241)}, s.solved_at IS NOT NULL, s.solved_at,
      CASE WHEN s.solved_at IS NOT NULL THEN
        CASE WHEN ${r('d.i', 242)} < 0.5 THEN d.client_id ELSE (${staff})[1 + floor(${S} * ${r('d.i', 243)})::int] END
      END,
      greatest(d.created_at, a.last_comment), d.created_at, coalesce(s.solved_at, greatest(d.created_at, a.last_comment))
    FROM demo_issue d
    LEFT JOIN (SELECT i, max(created_at) AS last_comment FROM demo_comment GROUP BY i) a ON a.i = d.i
    CROSS JOIN LATERAL (
      SELECT CASE WHEN d.created_at < ${now} - interval '2 days' AND ${r('d.i', 244)} < 0.45
        AND greatest(d.created_at, a.last_comment) + make_interval(secs => 3600 + ${DAY} * ${r('d.i', 245)}) < ${now}
        THEN greatest(d.created_at, a.last_comment) + make_interval(secs => 3600 + ${DAY} * ${r('d.i', 245)}) END
        AS solved_at
    ) s
    ORDER BY d.id;
    INSERT INTO community_threads (id, tenant_id, issue_id, created_at)
    OVERRIDING SYSTEM VALUE
    SELECT d.thread_id, ${T}, d.id, d.created_at FROM demo_issue d ORDER BY d.thread_id;
    INSERT INTO community_comments (id, tenant_id, community_id, issue_id, thread_id, client_id, staff_user_id, body,
      deleted_at, deleted_by_user_id, created_at, updated_at)
    OVERRIDING SYSTEM VALUE
    SELECT c.id, ${T}, c.community_id, c.issue_id, c.thread_id, c.client_id, c.staff_user_id, c.body,
      CASE WHEN c.deleted THEN c.created_at + interval '1 hour' END,
      CASE WHEN c.deleted THEN coalesce(c.client_id, c.staff_user_id) END, c.created_at,
      CASE WHEN c.deleted THEN c.created_at + interval '1 hour' ELSE c.created_at END
    FROM demo_comment c ORDER BY c.id;
    INSERT INTO comment_reactions (tenant_id, comment_id, client_id, reaction, created_at, updated_at)
    SELECT DISTINCT ON (x.comment_id, m.client_id) ${T}, x.comment_id, m.client_id,
      CASE WHEN ${r('x.key', 252)} < 0.8 THEN 'like' ELSE 'dislike' END, x.at, x.at
    FROM (
      SELECT c.id AS comment_id, c.community_id, (c.i * 256 + c.j) * 8 + g AS key,
        c.created_at + make_interval(secs => 300 + ${DAY} * ${r('(c.i * 256 + c.j) * 8 + g', 251)}) AS at
      FROM demo_comment c, generate_series(1, floor(5 * power(${r('c.i * 256 + c.j', 250)}, 2))::int) g
      WHERE NOT c.deleted
    ) x
    JOIN demo_member_count mc ON mc.community_id = x.community_id
    JOIN demo_member m ON m.ci = mc.ci AND m.crank = 1 + floor(mc.n * ${r('x.key', 253)})::int
    WHERE x.at < ${now} AND m.joined_at <= x.at AND coalesce(m.left_at, 'infinity') > x.at
    ORDER BY x.comment_id, m.client_id;
  `)
}
