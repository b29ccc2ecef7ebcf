import type { z } from 'zod'
import type { SearchReply, SearchRequest, SearchResult, SearchType } from '@proxima/contracts'
import type { Db } from '../../db/database.js'
import type { StaffActor } from '../../http/actor.js'
import { isoRequired, type Clock } from '../../lib/clock.js'
import { assignedOnly } from '../chat/chats.service.js'
import { MARK_END, MARK_START } from './search-text.queries.js'
import { listSearchMatches, type SearchRow } from './search.queries.js'
import { searchTerms } from './search.terms.js'

const ALL_TYPES: SearchType[] = ['chats', 'messages', 'issues', 'comments', 'communities', 'surveys']

/** Snippets stay within this many characters (contract §10.5). */
export const SNIPPET_MAX = 300

/**
 * Turns a headline with marked words into plain text and the marks' positions, cut to `SNIPPET_MAX` characters
 * after the last whole word that fits (a single longer word is cut at the limit). The dashboard highlights from
 * positions, so no markup ever comes from stored text.
 */
export function unmark(headline: string, max = SNIPPET_MAX): { snippet: string; highlights: [number, number][] } {
  let snippet = ''
  const highlights: [number, number][] = []
  let start = -1
  for (const ch of headline.replace(/\s+/g, ' ').trim()) {
    if (ch === MARK_START) start = snippet.length
    else if (ch === MARK_END) {
      if (start >= 0 && snippet.length > start) highlights.push([start, snippet.length])
      start = -1
    } else snippet += ch
  }
  if (snippet.length <= max) return { snippet, highlights }
  const room = snippet.slice(0, max) // one more than fits, to see whether a word ends at the limit
  const space = room.lastIndexOf(' ')
  // Not within the fragments' " … ", nor between the halves of a character outside the BMP.
  const cut = (space > 0 ? room.slice(0, space) : room.slice(0, max - 1))
    .replace(/[\s…]+$/u, '')
    .replace(/[\uD800-\uDBFF]$/u, '')
  return {
    snippet: `${cut}…`,
    highlights: highlights.filter(([, end]) => end <= cut.length),
  }
}

const present = (type: SearchType, row: SearchRow): SearchResult => ({
  type,
  id: row.id,
  title: row.title,
  ...unmark(row.snippet),
  score: Math.round(Number(row.score) * 10_000) / 10_000,
  created_at: isoRequired(row.created_at),
  ref: {
    chat_id: row.chat_id,
    issue_id: row.issue_id,
    thread_id: row.thread_id,
    community_id: row.community_id,
    survey_id: row.survey_id === null ? null : Number(row.survey_id),
  },
})

/** The dashboard's search window: the tenant's chats, messages, issues, comments, communities and surveys by words. */
export function createSearchService({ db, clock }: { db: Db; clock: Clock }) {
  async function search(actor: StaffActor, input: z.infer<typeof SearchRequest>): Promise<SearchReply> {
    const words = (input.query ?? input.context ?? '').trim()
    const types = input.types ?? (input.filter ? [input.filter] : ALL_TYPES)
    const scope = {
      terms: searchTerms(words),
      from: input.from ? new Date(input.from) : null,
      to: input.to ? new Date(input.to) : null,
      limit: input.limit,
      onlyChatsOf: (await assignedOnly(db, actor)) ? actor.userId : null,
    }
    const found = await Promise.all(
      [...new Set(types)].map(async (type) => ({
        type,
        rows: await listSearchMatches(db, actor.tenantId, type, scope),
      })),
    )
    const results = found
      .flatMap(({ type, rows }) => rows.map((row) => present(type, row)))
      .sort((a, b) => b.score - a.score || b.created_at.localeCompare(a.created_at))
      .slice(0, input.limit)
    const total = found.reduce((n, { rows }) => n + Number(rows[0]?.total ?? 0), 0)
    return { query: words, results, total, provider: 'local', generated_at: isoRequired(clock.now()) }
  }
  return { search }
}

export type SearchService = ReturnType<typeof createSearchService>
