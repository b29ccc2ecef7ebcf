import { sql } from 'kysely'
import type { Executor } from '../../../db/database.js'
import { inCommunity, type CommunityScope } from './community-members.queries.js'

/*
 * Issue and comment queries of the community metrics (contract §7.9). Issues and comments count by `created_at`.
 * Deleted comments (`deleted_at` set) never count. A staff reply is a comment without a client (`client_id` null):
 * comment counts include them, counts of clients do not. Comments and issues per bucket add up across hours and come
 * from the rollups (rollup/community.queries.ts); what is here counts distinct clients and threads.
 */

/**
 * Threads whose issue was created in the window: how many, their comments (and staff replies among them) created
 * before `to`, and how many of them have no such comment. A thread's comments are its issue's (an issue has one
 * thread), read by issue from a covering index; each issue's thread is looked up by key.
 */
export async function threadComments(db: Executor, s: CommunityScope) {
  const { rows } = await sql<{ threads: number; comments: number | null; staff: number | null; silent: number }>`
    SELECT
      count(*) AS threads,
      sum(cc.n)::bigint AS comments,
      sum(cc.staff)::bigint AS staff,
      count(*) FILTER (WHERE cc.n = 0) AS silent
    FROM community_issues i
    CROSS JOIN LATERAL (
      SELECT t.id FROM community_threads t WHERE t.tenant_id = i.tenant_id AND t.issue_id = i.id OFFSET 0
    ) t
    CROSS JOIN LATERAL (
      SELECT count(*) AS n, count(*) FILTER (WHERE c.client_id IS NULL) AS staff
      FROM community_comments c
      WHERE c.tenant_id = i.tenant_id AND c.issue_id = i.id AND c.deleted_at IS NULL AND c.created_at < ${s.to}
    ) cc
    WHERE i.tenant_id = ${s.tenantId} ${inCommunity('i', s.community)}
      AND i.created_at >= ${s.from} AND i.created_at < ${s.to}
  `.execute(db)
  const row = rows[0]
  return {
    threadCount: Number(row?.threads ?? 0),
    commentCount: Number(row?.comments ?? 0),
    staffReplyCount: Number(row?.staff ?? 0),
    threadsWithoutComments: Number(row?.silent ?? 0),
  }
}

/**
 * Comments created in the window (staff replies included), optionally in one thread: how many, and how many
 * distinct clients wrote them.
 */
export async function commentsInWindow(db: Executor, s: CommunityScope & { thread?: number | undefined }) {
  const { rows } = await sql<{ comments: number; clients: number }>`
    SELECT count(*) AS comments, count(DISTINCT c.client_id) AS clients
    FROM community_comments c
    WHERE c.tenant_id = ${s.tenantId} ${inCommunity('c', s.community)}
      ${s.thread === undefined ? sql`` : sql`AND c.thread_id = ${s.thread}`}
      AND c.deleted_at IS NULL AND c.created_at >= ${s.from} AND c.created_at < ${s.to}
  `.execute(db)
  return { commentCount: Number(rows[0]?.comments ?? 0), clientCount: Number(rows[0]?.clients ?? 0) }
}

/**
 * Clients' comments in the window: how many distinct clients, and over the threads where at least one client
 * commented, how many (thread, client) pairs there are.
 */
export async function commenterSpread(db: Executor, s: CommunityScope) {
  const { rows } = await sql<{ clients: number; pairs: number; threads: number }>`
    SELECT count(DISTINCT p.client_id) AS clients, count(*) AS pairs, count(DISTINCT p.thread_id) AS threads
    FROM (
      SELECT DISTINCT c.thread_id, c.client_id
      FROM community_comments c
      WHERE c.tenant_id = ${s.tenantId} ${inCommunity('c', s.community)}
        AND c.client_id IS NOT NULL AND c.deleted_at IS NULL AND c.created_at >= ${s.from} AND c.created_at < ${s.to}
    ) p
  `.execute(db)
  return {
    clientCount: Number(rows[0]?.clients ?? 0),
    pairs: Number(rows[0]?.pairs ?? 0),
    threadCount: Number(rows[0]?.threads ?? 0),
  }
}

/** The `limit` clients with the most comments in the window (ties by client id), with their names. */
export async function topCommenters(db: Executor, s: CommunityScope, limit: number) {
  const { rows } = await sql<{
    client: number
    username: string | null
    first_name: string | null
    last_name: string | null
    total: number
  }>`
    SELECT t.client_id AS client, u.username, u.first_name, u.last_name, t.total
    FROM (
      SELECT c.client_id, count(*) AS total
      FROM community_comments c
      WHERE c.tenant_id = ${s.tenantId} ${inCommunity('c', s.community)}
        AND c.client_id IS NOT NULL AND c.deleted_at IS NULL AND c.created_at >= ${s.from} AND c.created_at < ${s.to}
      GROUP BY c.client_id
      ORDER BY total DESC, c.client_id
      LIMIT ${limit}
    ) t
    LEFT JOIN users u ON u.id = t.client_id
    ORDER BY t.total DESC, t.client_id
  `.execute(db)
  return rows.map((r) => ({
    client: Number(r.client),
    username: r.username,
    first_name: r.first_name,
    last_name: r.last_name,
    total: Number(r.total),
  }))
}

/** Issues raised in the window, and how many distinct clients raised them. */
export async function issuesInWindow(db: Executor, s: CommunityScope) {
  const { rows } = await sql<{ issues: number; clients: number }>`
    SELECT count(*) AS issues, count(DISTINCT i.client_id) AS clients
    FROM community_issues i
    WHERE i.tenant_id = ${s.tenantId} ${inCommunity('i', s.community)}
      AND i.created_at >= ${s.from} AND i.created_at < ${s.to}
  `.execute(db)
  return { issueCount: Number(rows[0]?.issues ?? 0), clientCount: Number(rows[0]?.clients ?? 0) }
}
