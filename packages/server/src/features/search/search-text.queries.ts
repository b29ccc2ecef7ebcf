import { sql, type RawBuilder } from 'kysely'
import type { SearchTerms } from './search.terms.js'

/*
 * The text side of full-text search (contract §10.5): what the words match and how the matching words are marked.
 * Content is read twice (its stored `search_document`, migration 0014): with the English configuration (stems, so
 * "refunds" finds "refund"; stop words left out) and with the `simple` one (the words as written, so the start of a
 * word finds it even when it is longer than its stem: "shipp" finds "shipping").
 */

type Tsquery = RawBuilder<unknown>

/** Names and contacts, read as written. */
export const namesDocument = (text: RawBuilder<unknown>) => sql`to_tsvector('simple', ${text})`

/** The names of a customer `u` as their issues are found by (migration 0014 indexes this on users). */
export const authorNames = sql`u.first_name || ' ' || u.last_name || ' ' || u.username`

/**
 * What content must match: every word whole, or else the words before the last one whole and the last one's
 * start (or either, with "or" between them). Content documents have both readings, so the last word's start is
 * looked for in both.
 */
export function contentQuery(t: SearchTerms): Tsquery {
  return matchQuery(
    'english',
    t,
    t.open && sql`(to_tsquery('english', ${t.open.prefix}) || to_tsquery('simple', ${t.open.prefix}))`,
  )
}

/** What names must match: as `contentQuery`, read as written. */
export function namesQuery(t: SearchTerms): Tsquery {
  return matchQuery('simple', t, t.open && sql`to_tsquery('simple', ${t.open.prefix})`)
}

function matchQuery(config: 'english' | 'simple', t: SearchTerms, prefix: Tsquery | null): Tsquery {
  const whole = sql`websearch_to_tsquery(${sql.lit(config)}, ${t.words})`
  if (!t.open || !prefix) return whole
  if (t.open.before === '') return sql`(${whole} || ${prefix})`
  const before = sql`websearch_to_tsquery(${sql.lit(config)}, ${t.open.before})`
  return sql`(${whole} || (${before} ${t.open.either ? sql`||` : sql`&&`} ${prefix}))`
}

/**
 * The words to mark in content, for `ts_headline` with the `simple` configuration: the stems of the words typed and
 * the words themselves (stop words left out, so "for" is not marked everywhere), each as a prefix, and the last word
 * as it is being typed.
 */
export function contentMarks(t: SearchTerms): Tsquery {
  const plain = sql`array_to_string(ARRAY(SELECT w FROM unnest(${t.highlightTokens}::text[]) AS w
    WHERE ts_lexize('english_stem', split_part(w, ':', 1)) <> '{}'), ' | ')`
  const marks = sql`(to_tsquery('english', ${t.highlight}) || to_tsquery('simple', ${plain}))`
  return t.open ? sql`(${marks} || to_tsquery('simple', ${t.open.prefix}))` : marks
}

/** The words to mark in names, each as a prefix. */
export const namesMarks = (t: SearchTerms): Tsquery => sql`to_tsquery('simple', ${t.highlight})`

/** Start and end of a marked word in `ts_headline` output: control characters that text never holds. */
export const MARK_START = '\u0001'
export const MARK_END = '\u0002'

/*
 * Up to two fragments of about 12 to 35 words around the marked words. ShortWord=0: by default `ts_headline` drops
 * words of up to three letters at a fragment's edges, which cut "My" from "My refund never arrived".
 */
const FRAGMENTS = `MaxWords=35, MinWords=12, ShortWord=0, MaxFragments=2, FragmentDelimiter=" … ", StartSel=${MARK_START}, StopSel=${MARK_END}`
const WHOLE = `HighlightAll=true, StartSel=${MARK_START}, StopSel=${MARK_END}`

/** The parts of a text around its marked words. */
export const headline = (text: RawBuilder<unknown>, marks: Tsquery) =>
  sql<string>`ts_headline('simple', ${text}, ${marks}, ${FRAGMENTS})`

/** A short text whole, its marked words marked. */
export const marked = (text: RawBuilder<unknown>, marks: Tsquery) =>
  sql<string>`ts_headline('simple', ${text}, ${marks}, ${WHOLE})`
