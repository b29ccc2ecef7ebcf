import { sql, type CompiledQuery, type Expression, type RawBuilder } from 'kysely'
import type { Executor } from '../../db/database.js'

/*
 * The cells of every report are written by PostgreSQL, as text, in the report's time zone: the same query then serves
 * a page at a time (keyset, on any database) and in one `COPY … TO STDOUT WITH CSV` (on a PostgreSQL server, where
 * the bytes pass through this process untouched). So a cell is spelled once, here, for both ways:
 * - a timestamp `YYYY-MM-DDTHH:mm:ss±HH:MM` in the session's time zone (set for the transaction that reads it),
 * - a boolean `yes`/`no`, a person's display name, a number as PostgreSQL writes it,
 * - an empty text as no value (COPY writes an empty string as `""` and a null as nothing; nulls keep both the same),
 * - for CSV, a text that a spreadsheet would run as a formula with a leading `'` (contract §9.2).
 */

/** A cell: text, or null for an empty one. */
export type TextCell = RawBuilder<string | null>

/** A timestamp in the session's time zone, to the second; the offset is never `Z`. */
export const timeCell = (at: Expression<unknown>): TextCell => sql`to_char(${at}, 'YYYY-MM-DD"T"HH24:MI:SSTZH:TZM')`

/** `yes`/`no`, empty for null. */
export const yesNoCell = (v: Expression<unknown>): TextCell =>
  sql`CASE WHEN ${v} THEN 'yes' WHEN NOT ${v} THEN 'no' END`

/** An integer or a decimal as PostgreSQL writes it. */
export const numberCell = (v: Expression<unknown>): TextCell => sql`${v}::text`

/** A whole number of seconds, halves rounded up as everywhere else in the product. */
export const secondsCell = (v: Expression<unknown>): TextCell => sql`floor(${v} + 0.5)::bigint::text`

/** A text cell: empty is null; with `guard`, a leading `=`, `+`, `-`, `@`, tab or carriage return gets a `'`. */
export function textCell(v: Expression<unknown>, guard: boolean): TextCell {
  if (!guard) return sql`nullif(${v}, '')`
  return sql`CASE WHEN left(${v}, 1) IN ('=', '+', '-', '@', chr(9), chr(13)) THEN '''' || ${v} ELSE nullif(${v}, '') END`
}

/**
 * A person's display name (contract §9.1): first and last name, else the username; null without a person. The text of
 * a name is guarded as any other.
 */
export function personCell(
  first: Expression<unknown>,
  last: Expression<unknown>,
  username: Expression<unknown>,
  guard: boolean,
): TextCell {
  return textCell(
    sql`coalesce(nullif(trim(concat_ws(' ', nullif(${first}, ''), nullif(${last}, ''))), ''), ${username})`,
    guard,
  )
}

/** A widget visitor's name, else "Visitor <id>"; null without a visitor. */
export function visitorCell(name: Expression<unknown>, id: Expression<unknown>, guard: boolean): TextCell {
  return textCell(sql`CASE WHEN ${id} IS NOT NULL THEN coalesce(nullif(${name}, ''), 'Visitor ' || ${id}) END`, guard)
}

/** The cells of a report as the columns `c0`, `c1`, … of its select list. */
export const cellColumns = (cells: readonly TextCell[]) => cells.map((cell, i) => cell.as(`c${i}`))

/**
 * Where a page resumes: after this row of the order. `at` is the database's own text of the row's time, to the
 * microsecond: a JavaScript date keeps milliseconds only, and would repeat the rows of the same millisecond.
 */
export type Keyset = { at: string; id: number }

/** What a report's query reads: a page after a row (with each row's key), or every row (for COPY, no key). */
export type Slice = { after: Keyset | null; limit: number } | 'all'

/**
 * The rows after `after` in an order by (`time`, `id`), newest or oldest first: the row-value comparison is the order;
 * the plain bound on `time` beside it is what lets PostgreSQL use an index on the time.
 */
export function afterKey(time: string, id: string, after: Keyset, order: 'newest' | 'oldest') {
  const [bound, past] = order === 'newest' ? [sql.raw('<='), sql.raw('<')] : [sql.raw('>='), sql.raw('>')]
  return sql<boolean>`${sql.ref(time)} ${bound} ${after.at}::timestamptz
    AND (${sql.ref(time)}, ${sql.ref(id)}) ${past} (${after.at}::timestamptz, ${after.id})`
}

/** A timestamp column as UTC text to the microsecond, whatever the session's settings (for a keyset). */
export const keyOf = (column: string) =>
  sql<string>`to_char(${sql.ref(column)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

/** The query of how many rows a report's query has (with `LIMIT cap`, so the count stops there): one `n`. */
export const countQuery = (db: Executor, capped: Expression<unknown>): CompiledQuery =>
  sql<{ n: string | number }>`SELECT count(*) AS n FROM (${capped}) x`.compile(db)

/** Runs a `countQuery`. */
export async function countOf(db: Executor, query: CompiledQuery) {
  const { rows } = await db.executeQuery<{ n: string | number }>(query)
  return Number(rows[0]!.n)
}

/** One page of a report: each row's cells, and the key of its last row (null when it was the last page). */
export type Page = { cells: (string | null)[][]; next: Keyset | null }

/**
 * Reads one page of a report's query in `timeZone` (the transaction's own setting, so the pooled session is left as
 * it was). `width` cells are read from `c0` on; the rows carry `sort_at` and `id` for the next page's key.
 */
export async function readPage(
  db: Executor,
  timeZone: string,
  query: CompiledQuery,
  width: number,
  limit: number,
): Promise<Page> {
  const rows = await db.transaction().execute(async (trx) => {
    await sql`SELECT set_config('TimeZone', ${timeZone}, true)`.execute(trx)
    return (await trx.executeQuery<Record<string, unknown>>(query)).rows
  })
  const cells = rows.map((row) => {
    const out: (string | null)[] = new Array<string | null>(width)
    for (let i = 0; i < width; i++) {
      // Every cell is text (the cell builders above end in text).
      const v = row[`c${i}`]
      out[i] = typeof v === 'string' ? v : null
    }
    return out
  })
  const last = rows[rows.length - 1]
  const next = rows.length < limit || !last ? null : { at: String(last.sort_at), id: Number(last.id) }
  return { cells, next }
}
