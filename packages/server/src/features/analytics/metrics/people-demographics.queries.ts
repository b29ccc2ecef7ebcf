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

type Count = number | string

export type AgeRow = {
  total: Count
  known: Count
  average: Count | null
  median: Count | null
  under_18: Count
  from_18: Count
  from_25: Count
  from_35: Count
  from_45: Count
  from_55: Count
  from_65: Count
}

export type PlaceColumn = 'city' | 'country' | 'state'

export type PlaceRow = {
  total: Count
  known: Count
  top: { label: string; count: number }[]
}

export type GenderRow = { total: Count; male: Count; female: Count; other: Count }

/** The demographics of one population: ages, genders, and the three places. */
export type Demographics = { ages: AgeRow; genders: GenderRow } & Record<PlaceColumn, PlaceRow>
export type Demographic = keyof Demographics

/**
 * Ages in whole years on `referenceDate` (a local calendar date): the number of birthdays reached by that day, so a
 * client born on 29 February turns a year older on 1 March in other years. A birth date after that day is unknown.
 * Average and median (`percentile_cont(0.5)`) over the known ages; counts per range.
 */
const ages = (referenceDate: string) => sql`(
  SELECT json_build_object(
    'total', count(*),
    'known', count(a.age),
    'average', avg(a.age),
    'median', percentile_cont(0.5) WITHIN GROUP (ORDER BY a.age),
    'under_18', count(*) FILTER (WHERE a.age < 18),
    'from_18', count(*) FILTER (WHERE a.age BETWEEN 18 AND 24),
    'from_25', count(*) FILTER (WHERE a.age BETWEEN 25 AND 34),
    'from_35', count(*) FILTER (WHERE a.age BETWEEN 35 AND 44),
    'from_45', count(*) FILTER (WHERE a.age BETWEEN 45 AND 54),
    'from_55', count(*) FILTER (WHERE a.age BETWEEN 55 AND 64),
    'from_65', count(*) FILTER (WHERE a.age >= 65))
  FROM (
    SELECT CASE WHEN p.dob <= ${referenceDate}::date
      THEN date_part('year', age(${referenceDate}::date, p.dob))::int END AS age
    FROM pop p
  ) a)`

/**
 * One profile column (city, country or state) grouped ignoring letter case and surrounding white space; a blank
 * value is unknown. Each group is shown with its most common spelling (ties: the first by character code, so
 * "Paris" before "paris"), and the groups come by count descending, then name; the first `limit` are returned.
 */
const places = (column: PlaceColumn, limit: number) => sql`(
  WITH vals AS (
    SELECT nullif(btrim(${sql.ref(`p.${column}`)}, E' \\t\\r\\n'), '') AS v FROM pop p
  ), spellings AS (
    SELECT lower(v) AS k, v, count(*) AS n FROM vals WHERE v IS NOT NULL GROUP BY lower(v), v
  ), groups AS (
    SELECT k, sum(n) AS n, (array_agg(v ORDER BY n DESC, v COLLATE "C"))[1] AS label
    FROM spellings GROUP BY k
  ), top AS (
    SELECT label, n FROM groups ORDER BY n DESC, k COLLATE "C", label COLLATE "C" LIMIT ${limit}
  )
  SELECT json_build_object(
    'total', (SELECT count(*) FROM vals),
    'known', (SELECT count(v) FROM vals),
    'top', coalesce(
      (SELECT json_agg(json_build_object('label', label, 'count', n) ORDER BY n DESC, lower(label) COLLATE "C",
        label COLLATE "C") FROM top),
      '[]'::json)))`

/** The population by the profile's gender (`Male`, `Female`, `Other`); no gender is unknown. */
const genders = sql`(
  SELECT json_build_object(
    'total', count(*),
    'male', count(*) FILTER (WHERE p.gender = 'Male'),
    'female', count(*) FILTER (WHERE p.gender = 'Female'),
    'other', count(*) FILTER (WHERE p.gender = 'Other'))
  FROM pop p)`

/**
 * The demographics `parts` of the population in one statement: the population is found once and its profiles read
 * once (a dashboard shows the five demographic metrics together). `limit` is the number of places of each kind.
 */
export async function demographics<P extends Demographic>(
  db: Executor,
  p: Population,
  parts: readonly P[],
  referenceDate: string,
  limit: number,
): Promise<Pick<Demographics, P>> {
  const pop = await clients(db, p)
  const part = (d: Demographic) => {
    switch (d) {
      case 'ages':
        return ages(referenceDate)
      case 'genders':
        return genders
      default:
        return places(d, limit)
    }
  }
  // Materialized for several parts, so the population is found once; inlined for one.
  const { rows } = await sql<Pick<Demographics, P>>`
    WITH pop AS ${parts.length > 1 ? sql`MATERIALIZED` : sql``} (
      SELECT u.dob, u.gender, u.city, u.country, u.state FROM ${pop}
    )
    SELECT ${sql.join(parts.map((d) => sql`${part(d)} AS ${sql.ref(d)}`))}`.execute(db)
  return rows[0]!
}
