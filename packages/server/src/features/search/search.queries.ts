import { sql, type RawBuilder } from 'kysely'
import type { SearchType } from '@proxima/contracts'
import type { Executor } from '../../db/database.js'

/**
 * Full-text search over one tenant's content (contract §10.5). Each kind has its document expression here, the
 * very expression its GIN index was built on in migration 0008, so PostgreSQL answers from the index. Words are
 * parsed by `websearch_to_tsquery` (quotes for phrases, `or`, `-word`), stemmed with the English configuration;
 * customer names and contacts use the `simple` configuration (no stemming). Scores are `ts_rank_cd`.
 */
const DOCUMENTS = {
  issues: sql`(setweight(to_tsvector('english', i.title), 'A') || setweight(to_tsvector('english', i.description), 'B'))`,
  comments: sql`to_tsvector('english', cm.body)`,
  communities: sql`to_tsvector('english', co.name || ' ' || coalesce(co.description, ''))`,
  messages: sql`to_tsvector('english', coalesce(m.text_content, ''))`,
} as const

/** Start and end of a highlighted word in `ts_headline` output: control characters that text never holds. */
export const MARK_START = '\u0001'
export const MARK_END = '\u0002'
const HEADLINE = `MaxWords=35, MinWords=12, MaxFragments=2, FragmentDelimiter=" … ", StartSel=${MARK_START}, StopSel=${MARK_END}`

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
}

export type SearchScope = {
  words: string
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

/** The chat's display name, as the inbox shows it. */
const chatTitle = sql`coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''),
  u.username, v.name, v.contact, 'Chat #' || c.id)`

/** The best matches of one kind in one tenant, best first, with the headline computed for those only. */
function searchOf(type: Exclude<SearchType, 'surveys'>, tenantId: number, s: SearchScope) {
  const q = sql`websearch_to_tsquery('english', ${s.words})`
  switch (type) {
    case 'issues':
      return sql<SearchRow>`
        SELECT id, title, ts_headline('english', title || '. ' || description, ${q}, ${HEADLINE}) AS snippet,
          score, created_at, total, NULL::bigint AS chat_id, id AS issue_id, thread_id, community_id
        FROM (
          SELECT i.id, i.title, i.description, i.created_at, i.community_id, t.id AS thread_id,
            ts_rank_cd(${DOCUMENTS.issues}, ${q}) AS score, count(*) OVER () AS total
          FROM community_issues i
          JOIN community_threads t ON t.tenant_id = i.tenant_id AND t.issue_id = i.id
          WHERE i.tenant_id = ${tenantId} AND ${DOCUMENTS.issues} @@ ${q} AND ${window(sql`i.created_at`, s)}
          ORDER BY score DESC, i.id DESC
          LIMIT ${s.limit}
        ) found`
    case 'comments':
      return sql<SearchRow>`
        SELECT id, title, ts_headline('english', body, ${q}, ${HEADLINE}) AS snippet, score, created_at, total,
          NULL::bigint AS chat_id, issue_id, thread_id, community_id
        FROM (
          SELECT cm.id, i.title, cm.body, cm.created_at, cm.issue_id, cm.thread_id, cm.community_id,
            ts_rank_cd(${DOCUMENTS.comments}, ${q}) AS score, count(*) OVER () AS total
          FROM community_comments cm
          JOIN community_issues i ON i.tenant_id = cm.tenant_id AND i.id = cm.issue_id
          WHERE cm.tenant_id = ${tenantId} AND cm.deleted_at IS NULL AND ${DOCUMENTS.comments} @@ ${q}
            AND ${window(sql`cm.created_at`, s)}
          ORDER BY score DESC, cm.id DESC
          LIMIT ${s.limit}
        ) found`
    case 'communities':
      return sql<SearchRow>`
        SELECT id, name AS title,
          ts_headline('english', name || '. ' || coalesce(description, ''), ${q}, ${HEADLINE}) AS snippet,
          score, created_at, total, NULL::bigint AS chat_id, NULL::bigint AS issue_id, NULL::bigint AS thread_id,
          id AS community_id
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
      return sql<SearchRow>`
        SELECT id, title, ts_headline('english', text_content, ${q}, ${HEADLINE}) AS snippet, score, created_at,
          total, chat_id, NULL::bigint AS issue_id, NULL::bigint AS thread_id, NULL::bigint AS community_id
        FROM (
          SELECT m.id, m.text_content, m.sent_at AS created_at, m.chat_id, ${chatTitle} AS title,
            ts_rank_cd(${DOCUMENTS.messages}, ${q}) AS score, count(*) OVER () AS total
          FROM chat_messages m
          JOIN chats c ON c.tenant_id = m.tenant_id AND c.id = m.chat_id
          LEFT JOIN users u ON u.id = c.client_id
          LEFT JOIN anonymous_users v ON v.id = c.visitor_id
          WHERE m.tenant_id = ${tenantId} AND m.deleted_at IS NULL AND ${DOCUMENTS.messages} @@ ${q}
            AND ${visibleChat(s)} AND ${window(sql`m.sent_at`, s)}
          ORDER BY score DESC, m.id DESC
          LIMIT ${s.limit}
        ) found`
    case 'chats': {
      const names = sql`to_tsvector('simple', concat_ws(' ', u.first_name, u.last_name, u.username, u.email, v.name,
        v.contact, tp.name))`
      const simple = sql`websearch_to_tsquery('simple', ${s.words})`
      return sql<SearchRow>`
        SELECT id, title, ts_headline('simple', who, ${simple}, ${HEADLINE}) AS snippet, score, created_at, total,
          id AS chat_id, NULL::bigint AS issue_id, NULL::bigint AS thread_id, NULL::bigint AS community_id
        FROM (
          SELECT c.id, c.created_at, ${chatTitle} AS title,
            concat_ws(' · ', nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email, v.name, v.contact,
              tp.name) AS who,
            ts_rank_cd(${names}, ${simple}) AS score, count(*) OVER () AS total
          FROM chats c
          LEFT JOIN users u ON u.id = c.client_id
          LEFT JOIN anonymous_users v ON v.id = c.visitor_id
          LEFT JOIN chat_topics tp ON tp.tenant_id = c.tenant_id AND tp.id = c.topic_id
          WHERE c.tenant_id = ${tenantId} AND ${names} @@ ${simple} AND ${visibleChat(s)}
            AND ${window(sql`c.created_at`, s)}
          ORDER BY score DESC, c.id DESC
          LIMIT ${s.limit}
        ) found`
    }
  }
}

/** The tenant's best matches of one kind, each row with the kind's total; surveys have no content yet. */
export async function listSearchMatches(
  ex: Executor,
  tenantId: number,
  type: SearchType,
  scope: SearchScope,
): Promise<SearchRow[]> {
  if (type === 'surveys') return []
  return (await searchOf(type, tenantId, scope).execute(ex)).rows
}
