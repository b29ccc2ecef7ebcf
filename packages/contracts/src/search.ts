import { z } from 'zod'
import { Timestamp, WindowTime, orderedWindow } from './common.js'

export const SearchType = z.enum(['chats', 'messages', 'issues', 'comments', 'communities', 'surveys'])
export type SearchType = z.infer<typeof SearchType>

const lower = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v)

/** Contract §10.5; `context` is the legacy name of `query`, and `filter` of a one-type `types`. */
export const SearchRequest = orderedWindow(
  z.object({
    query: z.string().trim().min(2, { error: 'Type at least 2 characters.' }).max(200).optional(),
    context: z.string().trim().min(2, { error: 'Type at least 2 characters.' }).max(200).optional(),
    types: z.array(z.preprocess(lower, SearchType)).min(1).max(6).optional(),
    filter: z.preprocess(lower, SearchType).optional(),
    from: WindowTime.optional(),
    to: WindowTime.optional(),
    limit: z.coerce.number().int().min(1).max(50).default(20),
  }),
).refine((v) => v.query !== undefined || v.context !== undefined, {
  error: 'Search words are required.',
  path: ['query'],
})

export const SearchRef = z.object({
  chat_id: z.number().int().nullable(),
  issue_id: z.number().int().nullable(),
  thread_id: z.number().int().nullable(),
  community_id: z.number().int().nullable(),
  survey_id: z.number().int().nullable(),
})

export const SearchResult = z.object({
  type: SearchType,
  id: z.number().int(),
  title: z.string(),
  snippet: z.string(),
  /** Where the search words stand in `snippet`: [start, end) character offsets, for highlighting. */
  highlights: z.array(z.tuple([z.number().int(), z.number().int()])),
  score: z.number(),
  created_at: Timestamp,
  ref: SearchRef,
})
export type SearchResult = z.infer<typeof SearchResult>

export const SearchReply = z.object({
  query: z.string(),
  results: z.array(SearchResult),
  total: z.number().int(),
  provider: z.literal('local'),
  generated_at: Timestamp,
})
export type SearchReply = z.infer<typeof SearchReply>
