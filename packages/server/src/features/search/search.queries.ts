import { sql, type RawBuilder } from 'kysely'
import type { SearchType } from '@proxima/contracts'
import type { Executor } from '../../db/database.js'
import {
  authorNames,
  contentMarks,
  contentQuery,
  headline,
  marked,
  namesDocument,
  namesMarks,
  namesQuery,
} from './search-text.queries.js'
import type { SearchTerms } from './search.terms.js'

/**
 * Full-text search over one tenant's content (contract §10.5). Each kind's text is kept as a stored, GIN-indexed
 * `search_document` of two readings (migration 0014); how words are read and marked is in
 * `search-text.queries.ts`. Scores are `ts_rank_cd`.
 */
const DOCUMENTS = {
  issues: sql`i.search_document`,
  comments: sql`cm.search_document`,
  communities: sql`co.search_document`,
  messages: sql`m.search_document`,
  // The expression of the surveys' search index (migration 0015), English reading only.
  surveys: sql`to_tsvector('english', s.topic || ' ' || coalesce(s.description, ''))`,
} as const

export type SearchRow = {
  id: number
  title: string
  snippet: string
  score: number
  created_at: Date
  total: number | string
  chat_id: number | null
  issue_id: number | null
  thread_id: number | null
  community_id: number | null
  survey_id: number | null
}

export type SearchScope = {
  terms: SearchTerms
  from: Date | null
  to: Date | null
  limit: number
  /** Employees limited to assigned chats search only theirs and unassigned ones (contract §3.4). */
  onlyChatsOf: number | null
}

const window = (column: RawBuilder<unknown>, s: SearchScope) =>
  sql`(${s.from}::timestamptz IS NULL OR ${column} >= ${s.from}) AND (${s.to}::timestamptz IS NULL OR ${column} <= ${s.to})`

const visibleChat = (s: SearchScope) =>
  s.onlyChatsOf === null ? sql`true` : sql`(c.assignee_id IS NULL OR c.assignee_id = ${s.onlyChatsOf})`

/** Whether message `m` is in a chat the employee may see (all are, unless limited to assigned chats). */
const visibleMessage = (s: SearchScope) =>
  s.onlyChatsOf === null
    ? sql`true`
    : sql`EXISTS (SELECT 1 FROM chats c WHERE c.tenant_id = m.tenant_id AND c.id = m.chat_id
        AND (c.assignee_id IS NULL OR c.assignee_id = ${s.onlyChatsOf}))`

/** The chat's display name, as the inbox shows it. */
const chatTitle = sql`coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''),
  u.username, v.name, v.contact, 'Chat #' || c.id)`

/** The best matches of one kind in one tenant, best first, with the headline computed for those only. */
function searchOf(type: SearchType, tenantId: number, s: SearchScope) {
  const q = contentQuery(s.terms)
  const marks = contentMarks(s.terms)
  switch (type) {
    case 'issues': {
      const doc = DOCUMENTS.issues
      const names = namesDocument(authorNames)
      const qn = namesQuery(s.terms)
      const namesMatch = sql`(u.user_type = 'client' AND u.deleted_at IS NULL AND ${names} @@ ${qn})`
      // Raised by a customer whose names match: the snippet starts with them, their matching names marked.
      const fullName = sql`u.first_name || ' ' || u.last_name`
      const author = sql`CASE WHEN b.by_author THEN ${marked(fullName, namesMarks(s.terms))}
        || CASE WHEN ${namesDocument(fullName)} @@ ${qn} THEN ''
          ELSE ' (' || ${marked(sql`u.username`, namesMarks(s.terms))} || ')' END || ': ' ELSE '' END`
      // Matched and scored apart (materialized), so the planner never interleaves that with the limit: the
      // count over all matches needs every one of them anyway.
      return sql<SearchRow>`
        WITH matched AS MATERIALIZED (
          SELECT id, bool_or(by_author) AS by_author FROM (
            SELECT i.id, false AS by_author FROM community_issues i
            WHERE i.tenant_id = ${tenantId} AND ${doc} @@ ${q}
            UNION ALL
            SELECT i.id, true FROM community_issues i JOIN users u ON u.id = i.client_id
            WHERE i.tenant_id = ${tenantId} AND ${namesMatch}
          ) arms
          GROUP BY id
        ), scored AS MATERIALIZED (
          SELECT i.id, m.by_author, ts_rank_cd(${doc}, ${q}) + CASE WHEN m.by_author
              THEN (SELECT ts_rank_cd(${names}, ${qn}) FROM users u WHERE u.id = i.client_id) ELSE 0 END AS score
          FROM matched m
          JOIN community_issues i ON i.tenant_id = ${tenantId} AND i.id = m.id
          WHERE i.tenant_id = ${tenantId} AND ${window(sql`i.created_at`, s)}
        )
        SELECT i.id, i.title, ${author} || ${headline(sql`i.title || '. ' || i.description`, marks)} AS snippet,
          b.score, i.created_at, b.total, NULL::bigint AS chat_id, i.id AS issue_id, t.id AS thread_id,
          i.community_id, NULL::bigint AS survey_id
        FROM (
          SELECT id, by_author, score, count(*) OVER () AS total FROM scored ORDER BY score DESC, id DESC
          LIMIT ${s.limit}
        ) b
        JOIN community_issues i ON i.tenant_id = ${tenantId} AND i.id = b.id
        JOIN community_threads t ON t.tenant_id = i.tenant_id AND t.issue_id = i.id
        JOIN users u ON u.id = i.client_id
        ORDER BY b.score DESC, i.id DESC`
    }
    case 'comments':
      return sql<SearchRow>`
        SELECT cm.id, i.title, ${headline(sql`cm.body`, marks)} AS snippet, b.score, cm.created_at, b.total,
          NULL::bigint AS chat_id, cm.issue_id, cm.thread_id, cm.community_id,
          NULL::bigint AS survey_id
        FROM (
          SELECT cm.id, ts_rank_cd(${DOCUMENTS.comments}, ${q}) AS score, count(*) OVER () AS total
          FROM community_comments cm
          WHERE cm.tenant_id = ${tenantId} AND cm.deleted_at IS NULL AND ${DOCUMENTS.comments} @@ ${q}
            AND ${window(sql`cm.created_at`, s)}
          ORDER BY score DESC, cm.id DESC
          LIMIT ${s.limit}
        ) b
        JOIN community_comments cm ON cm.tenant_id = ${tenantId} AND cm.id = b.id
        JOIN community_issues i ON i.tenant_id = cm.tenant_id AND i.id = cm.issue_id
        ORDER BY b.score DESC, cm.id DESC`
    case 'communities':
      return sql<SearchRow>`
        SELECT id, name AS title, ${headline(sql`name || '. ' || coalesce(description, '')`, marks)} AS snippet,
          score, created_at, total, NULL::bigint AS chat_id, NULL::bigint AS issue_id, NULL::bigint AS thread_id,
          id AS community_id, NULL::bigint AS survey_id
        FROM (
          SELECT co.id, co.name, co.description, co.created_at,
            ts_rank_cd(${DOCUMENTS.communities}, ${q}) AS score, count(*) OVER () AS total
          FROM communities co
          WHERE co.tenant_id = ${tenantId} AND ${DOCUMENTS.communities} @@ ${q}
            AND ${window(sql`co.created_at`, s)}
          ORDER BY score DESC, co.id DESC
          LIMIT ${s.limit}
        ) found`
    case 'messages':
      // The best matches first, then their chats' names: those joins are for the page of results only.
      return sql<SearchRow>`
        SELECT m.id, ${chatTitle} AS title, ${headline(sql`m.text_content`, marks)} AS snippet, b.score,
          m.sent_at AS created_at, b.total, m.chat_id, NULL::bigint AS issue_id, NULL::bigint AS thread_id,
          NULL::bigint AS community_id, NULL::bigint AS survey_id
        FROM (
          SELECT m.id, ts_rank_cd(${DOCUMENTS.messages}, ${q}) AS score, count(*) OVER () AS total
          FROM chat_messages m
          WHERE m.tenant_id = ${tenantId} AND m.deleted_at IS NULL AND ${DOCUMENTS.messages} @@ ${q}
            AND ${window(sql`m.sent_at`, s)} AND ${visibleMessage(s)}
          ORDER BY score DESC, m.id DESC
          LIMIT ${s.limit}
        ) b
        JOIN chat_messages m ON m.tenant_id = ${tenantId} AND m.id = b.id
        JOIN chats c ON c.tenant_id = m.tenant_id AND c.id = m.chat_id
        LEFT JOIN users u ON u.id = c.client_id
        LEFT JOIN anonymous_users v ON v.id = c.visitor_id
        ORDER BY b.score DESC, m.id DESC`
    case 'chats': {
      const names = namesDocument(sql`concat_ws(' ', u.first_name, u.last_name, u.username, u.email, v.name,
        v.contact, tp.name)`)
      const qn = namesQuery(s.terms)
      return sql<SearchRow>`
        SELECT id, title, ${headline(sql`who`, namesMarks(s.terms))} AS snippet, score, created_at, total,
          id AS chat_id, NULL::bigint AS issue_id, NULL::bigint AS thread_id, NULL::bigint AS community_id,
          NULL::bigint AS survey_id
        FROM (
          SELECT c.id, c.created_at, ${chatTitle} AS title,
            concat_ws(' · ', nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email, v.name, v.contact,
              tp.name) AS who,
            ts_rank_cd(${names}, ${qn}) AS score, count(*) OVER () AS total
          FROM chats c
          LEFT JOIN users u ON u.id = c.client_id
          LEFT JOIN anonymous_users v ON v.id = c.visitor_id
          LEFT JOIN chat_topics tp ON tp.tenant_id = c.tenant_id AND tp.id = c.topic_id
          WHERE c.tenant_id = ${tenantId} AND ${names} @@ ${qn} AND ${visibleChat(s)}
            AND ${window(sql`c.created_at`, s)}
          ORDER BY score DESC, c.id DESC
          LIMIT ${s.limit}
        ) found`
    }
    case 'surveys':
      return sql<SearchRow>`
        SELECT id, topic AS title,
          ${headline(sql`topic || '. ' || coalesce(description, '')`, marks)} AS snippet, score, created_at, total,
          NULL::bigint AS chat_id, NULL::bigint AS issue_id, NULL::bigint AS thread_id, NULL::bigint AS community_id,
          id AS survey_id
        FROM (
          SELECT s.id, s.topic, s.description, s.created_at,
            ts_rank_cd(${DOCUMENTS.surveys}, ${q}) AS score, count(*) OVER () AS total
          FROM surveys s
          WHERE s.tenant_id = ${tenantId} AND ${DOCUMENTS.surveys} @@ ${q}
            AND ${window(sql`s.created_at`, s)}
          ORDER BY score DESC, s.id DESC
          LIMIT ${s.limit}
        ) found`
  }
}

/** The tenant's best matches of one kind, each row with the kind's total. */
export async function listSearchMatches(
  ex: Executor,
  tenantId: number,
  type: SearchType,
  scope: SearchScope,
): Promise<SearchRow[]> {
  return (await searchOf(type, tenantId, scope).execute(ex)).rows
}
