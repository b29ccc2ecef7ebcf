import { sql, type RawBuilder } from 'kysely'
import type { Executor } from '../../../db/database.js'
import type { Window } from '../window.js'
import { activeChats } from '../rollup/presence.queries.js'

/*
 * Client demographics (contract §7.2 "Demographic population", §7.8). Every number is over one population:
 * - without a community: the distinct registered clients (never visitors, who have no profile) owning one of the
 *   tenant's chats that has at least one message, not deleted, sent in the window `[from, to)`;
 * - with a community: the clients who are its members at `to` (joined at or before `to`, and not left by then); the
 *   window is not used.
 * A client's profile (date of birth, gender, country, state, city) is their own account's, shared by every tenant
 * they talk to; only whether they belong to the population depends on the tenant.
 */

export type Population = {
  tenantId: number
  communityId: number | undefined
  window: Window
  /** Read the active chats live instead of from the sealed hours' rollups (the same clients). */
  live: boolean
}

/**
 * The population's client ids, one row each (`id`), joined to the clients' accounts as `u`. Without a community, the
 * owners of the active chats of the window's hours (rollup/presence.queries.ts).
 */
async function clients(
  db: Executor,
  { tenantId, communityId, window, live }: Population,
): Promise<RawBuilder<unknown>> {
  const to = window.to.toISOString()
  const ids =
    communityId !== undefined
      ? sql`
      SELECT DISTINCT cm.client_id AS id
      FROM community_memberships cm
      WHERE cm.tenant_id = ${tenantId}
        AND cm.community_id = ${communityId}
        AND cm.joined_at < ${to}::timestamptz
        AND (cm.left_at IS NULL OR cm.left_at >= ${to}::timestamptz)`
      : sql`
      SELECT DISTINCT a.client_id AS id
      FROM (${await activeChats(db, { tenantId, live }, [window.from, window.to], 'messages')}) a
      WHERE a.client_id IS NOT NULL`
  return sql`(${ids}) pop JOIN users u ON u.id = pop.id AND u.user_type = 'client'`
}

export type AgeRow = {
  total: string
  known: string
  average: string | null
  median: number | string | null
  under_18: string
  from_18: string
  from_25: string
  from_35: string
  from_45: string
  from_55: string
  from_65: string
}

/**
 * Ages in whole years on `referenceDate` (a local calendar date): the number of birthdays reached by that day, so a
 * client born on 29 February turns a year older on 1 March in other years. A birth date after that day is unknown.
 * Average and median (`percentile_cont(0.5)`) over the known ages; counts per range.
 */
export async function clientAges(db: Executor, p: Population, referenceDate: string): Promise<AgeRow> {
  const pop = await clients(db, p)
  const { rows } = await sql<AgeRow>`
    WITH ages AS (
      SELECT CASE WHEN u.dob <= ${referenceDate}::date
        THEN date_part('year', age(${referenceDate}::date, u.dob))::int END AS age
      FROM ${pop}
    )
    SELECT count(*) AS total,
      count(age) AS known,
      avg(age) AS average,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY age) AS median,
      count(*) FILTER (WHERE age < 18) AS under_18,
      count(*) FILTER (WHERE age BETWEEN 18 AND 24) AS from_18,
      count(*) FILTER (WHERE age BETWEEN 25 AND 34) AS from_25,
      count(*) FILTER (WHERE age BETWEEN 35 AND 44) AS from_35,
      count(*) FILTER (WHERE age BETWEEN 45 AND 54) AS from_45,
      count(*) FILTER (WHERE age BETWEEN 55 AND 64) AS from_55,
      count(*) FILTER (WHERE age >= 65) AS from_65
    FROM ages`.execute(db)
  return rows[0]!
}

export type PlaceColumn = 'city' | 'country' | 'state'

export type PlaceRow = {
  total: string
  known: string
  top: { label: string; count: number }[]
}

/**
 * One profile column (city, country or state) grouped ignoring letter case and surrounding white space; a blank
 * value is unknown. Each group is shown with its most common spelling (ties: the first by character code, so
 * "Paris" before "paris"), and the groups come by count descending, then name; the first `limit` are returned.
 */
export async function placeDistribution(
  db: Executor,
  p: Population,
  column: PlaceColumn,
  limit: number,
): Promise<PlaceRow> {
  const pop = await clients(db, p)
  const { rows } = await sql<PlaceRow>`
    WITH vals AS (
      SELECT nullif(btrim(${sql.ref(`u.${column}`)}, E' \\t\\r\\n'), '') AS v
      FROM ${pop}
    ), spellings AS (
      SELECT lower(v) AS k, v, count(*) AS n FROM vals WHERE v IS NOT NULL GROUP BY lower(v), v
    ), groups AS (
      SELECT k, sum(n) AS n, (array_agg(v ORDER BY n DESC, v COLLATE "C"))[1] AS label
      FROM spellings GROUP BY k
    ), top AS (
      SELECT label, n FROM groups ORDER BY n DESC, k COLLATE "C", label COLLATE "C" LIMIT ${limit}
    )
    SELECT (SELECT count(*) FROM vals) AS total,
      (SELECT count(v) FROM vals) AS known,
      coalesce(
        (SELECT json_agg(json_build_object('label', label, 'count', n) ORDER BY n DESC, lower(label) COLLATE "C",
          label COLLATE "C") FROM top),
        '[]'::json
      ) AS top`.execute(db)
  return rows[0]!
}

export type GenderRow = { total: string; male: string; female: string; other: string }

/** The population by the profile's gender (`Male`, `Female`, `Other`); no gender is unknown. */
export async function genderCounts(db: Executor, p: Population): Promise<GenderRow> {
  const pop = await clients(db, p)
  const { rows } = await sql<GenderRow>`
    SELECT count(*) AS total,
      count(*) FILTER (WHERE u.gender = 'Male') AS male,
      count(*) FILTER (WHERE u.gender = 'Female') AS female,
      count(*) FILTER (WHERE u.gender = 'Other') AS other
    FROM ${pop}`.execute(db)
  return rows[0]!
}
