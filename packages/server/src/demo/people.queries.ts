import type { ScriptRunner } from '../db/database.js'
import {
  FIRST_NAMES_FEMALE,
  FIRST_NAMES_MALE,
  FIRST_NAMES_OTHER,
  LAST_NAMES,
  LOCATIONS,
  VISITOR_PAGES,
} from './content.js'
import { lit, num, pick, rnd, textArray, ts } from './literals.queries.js'
import type { DemoParams } from './params.js'

/** Visitors by channel: the share of the visitor pool each channel gets, in this order. */
export const VISITOR_CHANNELS: { channel: string; share: number }[] = [
  { channel: 'website', share: 0.5 },
  { channel: 'whatsapp', share: 0.25 },
  { channel: 'facebook', share: 0.15 },
  { channel: 'instagram', share: 0.1 },
]

/** Each visitor channel's block of visitor positions: [channel, first position, count]. */
export function visitorBlocks(visitors: number): { channel: string; first: number; count: number }[] {
  let first = 1
  return VISITOR_CHANNELS.map(({ channel, share }, i) => {
    const count =
      i === VISITOR_CHANNELS.length - 1 ? Math.max(1, visitors - first + 1) : Math.max(1, Math.round(visitors * share))
    const block = { channel, first, count }
    first += count
    return block
  })
}

/**
 * Customers (platform accounts, no tenant) with a profile: gender, date of birth, city, state and country, and
 * anonymous visitors per channel. Both get their ids up front (`demo_client`, `demo_visitor`: position → id) so
 * that later statements pick people by position. Customers have no password: they are not meant to sign in.
 */
export async function insertPeople(
  run: ScriptRunner,
  o: { tenantId: number; slug: string; p: DemoParams; start: Date },
): Promise<void> {
  const { p } = o
  const r = (key: string, stream: number) => rnd(p.seed, key, stream)
  const at = (arr: string[], key: string, stream: number) =>
    `(${textArray(arr)})[1 + floor(${arr.length} * ${r(key, stream)})::int]`
  const loc = pick(
    r('g', 106),
    LOCATIONS.map((l) => l[3]),
  )
  await run(`
    CREATE TEMP TABLE demo_client ON COMMIT DROP AS
    SELECT g AS idx, nextval(pg_get_serial_sequence('users', 'id')) AS id, x.gender,
      CASE x.gender WHEN 'Male' THEN ${at(FIRST_NAMES_MALE, 'g', 102)}
        WHEN 'Female' THEN ${at(FIRST_NAMES_FEMALE, 'g', 102)} ELSE ${at(FIRST_NAMES_OTHER, 'g', 102)} END AS first_name,
      ${at(LAST_NAMES, 'g', 103)} AS last_name,
      CASE WHEN ${r('g', 104)} < 0.06 THEN NULL
        ELSE (${ts(o.start)} - make_interval(days => floor(365.25 * (17 + 50 * power((${r('g', 105)} + ${r('g', 115)}) / 2, 1.3))
          + 365 * ${r('g', 116)})::int))::date END AS dob,
      x.loc,
      ${ts(o.start)} - make_interval(secs => (60 + 400 * ${r('g', 107)}) * 86400) AS created_at
    FROM generate_series(1, ${num(p.clients)}) g
    CROSS JOIN LATERAL (SELECT
      CASE WHEN ${r('g', 101)} < 0.47 THEN 'Male' WHEN ${r('g', 101)} < 0.95 THEN 'Female'
        WHEN ${r('g', 101)} < 0.98 THEN 'Other' END AS gender,
      CASE WHEN ${r('g', 108)} < 0.04 THEN NULL ELSE ${loc} END AS loc) x
    ORDER BY g;
    CREATE UNIQUE INDEX ON demo_client (idx);

    INSERT INTO users (id, tenant_id, user_type, username, email, first_name, last_name, gender, dob, city, state,
      country, email_verified, created_at, updated_at)
    OVERRIDING SYSTEM VALUE
    SELECT c.id, NULL, 'client',
      lower(c.first_name || '.' || c.last_name || '.' || c.idx || '.' || ${lit(o.slug)}),
      lower(c.first_name || '.' || c.last_name || '.' || c.idx || '@customers.' || ${lit(o.slug)} || '.example.com'),
      c.first_name, c.last_name, c.gender, c.dob,
      (${textArray(LOCATIONS.map((l) => l[0]))})[c.loc], (${textArray(LOCATIONS.map((l) => l[1]))})[c.loc],
      (${textArray(LOCATIONS.map((l) => l[2]))})[c.loc], true, c.created_at, c.created_at
    FROM demo_client c ORDER BY c.idx;
  `)
  const blocks = visitorBlocks(p.visitors)
  const channelOf = `CASE ${blocks.map((b) => `WHEN g < ${b.first + b.count} THEN ${lit(b.channel)}`).join(' ')} END`
  await run(`
    CREATE TEMP TABLE demo_visitor ON COMMIT DROP AS
    SELECT g AS idx, nextval(pg_get_serial_sequence('anonymous_users', 'id')) AS id, ${channelOf} AS channel,
      CASE WHEN ${r('g', 121)} < 0.6 THEN ${at([...FIRST_NAMES_FEMALE, ...FIRST_NAMES_MALE], 'g', 122)} END AS name
    FROM generate_series(1, ${num(blocks.reduce((n, b) => n + b.count, 0))}) g
    ORDER BY g;
    CREATE UNIQUE INDEX ON demo_visitor (idx);

    INSERT INTO anonymous_users (id, tenant_id, name, contact, channel, page_url, created_at)
    OVERRIDING SYSTEM VALUE
    SELECT v.id, ${num(o.tenantId)}, v.name,
      CASE v.channel WHEN 'whatsapp' THEN '+1 555 01' || lpad((v.idx % 100)::text, 2, '0')
        WHEN 'website' THEN CASE WHEN ${r('v.idx', 123)} < 0.3 THEN 'visitor' || v.idx || '@mail.example.com' END
        ELSE '@' || lower(coalesce(v.name, 'guest')) || v.idx END,
      v.channel,
      CASE WHEN v.channel = 'website' THEN ${at(VISITOR_PAGES, 'v.idx', 124)} END,
      ${ts(o.start)} + make_interval(secs => ${num(p.days)} * 86400 * ${r('v.idx', 125)})
    FROM demo_visitor v ORDER BY v.idx;
  `)
}
