import type { ScriptRunner } from '../db/database.js'
import { CATEGORIES, COMMUNITIES, ORGANIZATION, STAFF, TOPICS } from './content.js'
import { lit, num, textArray, ts } from './literals.queries.js'

/** The key under which a demo organization records how it was made (tenant_metadata); `--remove` looks for it. */
export const DEMO_METADATA_KEY = 'demo_dataset'

const DAY_MS = 86_400_000

/** Names of organizations already taken, lower-cased, among those starting like `prefix`. */
export async function takenNames(run: ScriptRunner, prefix: string): Promise<Set<string>> {
  const rows = await run(
    `SELECT lower(name) AS name FROM tenants WHERE lower(name) LIKE ${lit(`${prefix.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`)}`,
  )
  return new Set(rows.map((r) => String(r.name)))
}

export type Organization = { tenantId: number; communityIds: number[]; topicIds: number[] }

/**
 * The organization as onboarding and settings leave it: active on the Business plan, its time zone and business
 * hours, round-robin assignment, the widget, its address, products, categories and topics, and its communities
 * (the default "<name> Community" first). Created `days` + 7 days before `now`.
 */
export async function insertOrganization(
  run: ScriptRunner,
  o: {
    name: string
    slug: string
    timezone: string
    days: number
    communities: number
    now: Date
    widgetKey: string
    metadata: Record<string, unknown>
  },
): Promise<Organization> {
  const created = new Date(o.now.getTime() - (o.days + 7) * DAY_MS)
  const [tenant] = await run(`
    INSERT INTO tenants (name, industry, email, phonenumber, status, plan, subscription_status, trial_started_at,
      trial_ends_at, current_period_end, timezone, created_at, updated_at)
    VALUES (${lit(o.name)}, ${lit(ORGANIZATION.industry)}, ${lit(`hello@${o.slug}.example.com`)},
      ${lit(ORGANIZATION.phonenumber)}, 'active', 'business', 'active', ${ts(created)},
      ${ts(new Date(created.getTime() + 14 * DAY_MS))}, ${ts(new Date(o.now.getTime() + 365 * DAY_MS))},
      ${lit(o.timezone)}, ${ts(created)}, ${ts(created)})
    RETURNING id`)
  const tenantId = Number(tenant!.id)
  const hours = {
    enabled: true,
    schedule: [
      ...(['mon', 'tue', 'wed', 'thu', 'fri'] as const).map((day) => ({ day, open: '09:00', close: '17:00' })),
      { day: 'sat', open: '10:00', close: '14:00' },
    ],
    holidays: [] as string[],
  }
  const at = ts(created)
  await run(`
    INSERT INTO tenant_settings (tenant_id, business_hours, locale, currency, auto_assign, csat_enabled, widget_key,
      widget_greeting, widget_offline_message, updated_at)
    VALUES (${num(tenantId)}, ${lit(JSON.stringify(hours))}::jsonb, 'en', 'USD', 'round_robin', true,
      ${lit(o.widgetKey)}, 'Hi! How can we help you today?',
      'We are away right now. Leave a message and we will answer during business hours.', ${at});
    INSERT INTO addresses (tenant_id, city, country, postal_code, state, created_at, updated_at)
    VALUES (${num(tenantId)}, 'New York', 'United States', '10013', 'New York', ${at}, ${at});
    INSERT INTO products (tenant_id, name, description, price, currency, created_at, updated_at) VALUES
      (${num(tenantId)}, 'Alpine Shell Jacket', 'Waterproof three-layer shell', 229.00, 'USD', ${at}, ${at}),
      (${num(tenantId)}, 'Ridge Hiking Boot', 'Leather boot with a resoleable sole', 189.00, 'USD', ${at}, ${at}),
      (${num(tenantId)}, 'Basecamp 2 Tent', 'Two-person three-season tent', 349.00, 'USD', ${at}, ${at});
    INSERT INTO tenant_metadata (tenant_id, key, value, created_at, updated_at)
    VALUES (${num(tenantId)}, ${lit(DEMO_METADATA_KEY)}, ${lit(JSON.stringify(o.metadata))}::jsonb, ${at}, ${at});
    INSERT INTO chat_categories (tenant_id, name, description, created_at, updated_at)
    SELECT ${num(tenantId)}, c.name, c.description, ${at}, ${at}
    FROM unnest(${textArray(CATEGORIES.map((c) => c.name))}, ${textArray(CATEGORIES.map((c) => c.description))})
      AS c(name, description);
  `)
  const topicIds: number[] = []
  for (const t of TOPICS) {
    const [row] = await run(`
      INSERT INTO chat_topics (tenant_id, category_id, name, keywords, created_at, updated_at)
      SELECT ${num(tenantId)}, c.id, ${lit(t.name)}, ${lit(JSON.stringify(t.keywords))}::jsonb, ${at}, ${at}
      FROM chat_categories c WHERE c.tenant_id = ${num(tenantId)} AND c.name = ${lit(t.category)}
      RETURNING id`)
    topicIds.push(Number(row!.id))
  }
  const communityIds: number[] = []
  const communities = [{ name: `${o.name} Community`, description: 'Everything Northwind: ask, share, help.' }]
  communities.push(...COMMUNITIES.slice(0, Math.max(0, o.communities - 1)))
  for (const [i, c] of communities.entries()) {
    const [row] = await run(`
      INSERT INTO communities (tenant_id, name, description, created_at, updated_at)
      VALUES (${num(tenantId)}, ${lit(c.name)}, ${lit(c.description)}, ${ts(new Date(created.getTime() + i * DAY_MS))},
        ${ts(new Date(created.getTime() + i * DAY_MS))})
      RETURNING id`)
    communityIds.push(Number(row!.id))
  }
  return { tenantId, communityIds, topicIds }
}

export type StaffMember = { id: number; email: string; userType: 'admin' | 'employee'; name: string }

/** The admin and `employees` employees, signed-in capable: verified addresses and the given password hashes. */
export async function insertStaff(
  run: ScriptRunner,
  o: { tenantId: number; slug: string; created: Date; hashes: string[] },
): Promise<StaffMember[]> {
  const members: StaffMember[] = []
  for (const [i, hash] of o.hashes.entries()) {
    const person = STAFF[i % STAFF.length]!
    const round = Math.floor(i / STAFF.length)
    const local = i === 0 ? 'admin' : `${person.user}${round ? round + 1 : ''}`
    const email = `${local}@${o.slug}.example.com`
    const userType = i === 0 ? 'admin' : 'employee'
    const [row] = await run(`
      INSERT INTO users (tenant_id, user_type, username, email, password_hash, first_name, last_name, email_verified,
        created_at, updated_at)
      VALUES (${num(o.tenantId)}, ${lit(userType)}, ${lit(`${o.slug}.${local}`)}, ${lit(email)}, ${lit(hash)},
        ${lit(person.first)}, ${lit(person.last)}, true, ${ts(new Date(o.created.getTime() + i * 3_600_000))},
        ${ts(new Date(o.created.getTime() + i * 3_600_000))})
      RETURNING id`)
    members.push({ id: Number(row!.id), email, userType, name: `${person.first} ${person.last}` })
  }
  return members
}

/** The demo organizations in the database: their ids and names. */
export async function listDemoTenants(run: ScriptRunner): Promise<{ id: number; name: string; slug: string }[]> {
  const rows = await run(`
    SELECT t.id, t.name, m.value ->> 'slug' AS slug FROM tenants t
    JOIN tenant_metadata m ON m.tenant_id = t.id AND m.key = ${lit(DEMO_METADATA_KEY)}
    ORDER BY t.id`)
  return rows.map((r) => ({ id: Number(r.id), name: String(r.name), slug: String(r.slug) }))
}

/**
 * Deletes a demo organization: the tenant (everything of it cascades) and the customer accounts made for it, which
 * belong to no tenant (their addresses end in `@customers.<slug>.example.com`).
 */
export async function deleteDemoTenant(run: ScriptRunner, tenantId: number, slug: string): Promise<void> {
  await run(`
    BEGIN;
    DELETE FROM tenants WHERE id = ${num(tenantId)};
    DELETE FROM users WHERE tenant_id IS NULL AND user_type = 'client'
      AND lower(email) LIKE ${lit(`%@customers.${slug}.example.com`)};
    COMMIT;`)
}

/** How many rows of each kind the organization has (for the report at the end). */
export async function countDemo(run: ScriptRunner, tenantId: number): Promise<Record<string, number>> {
  const T = num(tenantId)
  const [row] = await run(`
    SELECT
      (SELECT count(*) FROM chats WHERE tenant_id = ${T}) AS chats,
      (SELECT count(*) FROM chat_messages WHERE tenant_id = ${T}) AS messages,
      (SELECT count(*) FROM chat_messages WHERE tenant_id = ${T} AND voice_key IS NOT NULL) AS voice_messages,
      (SELECT count(*) FROM chat_events WHERE tenant_id = ${T}) AS chat_events,
      (SELECT count(DISTINCT client_id) FROM chats WHERE tenant_id = ${T}) AS customers_chatting,
      (SELECT count(*) FROM anonymous_users WHERE tenant_id = ${T}) AS visitors,
      (SELECT count(*) FROM community_memberships WHERE tenant_id = ${T}) AS memberships,
      (SELECT count(*) FROM community_issues WHERE tenant_id = ${T}) AS issues,
      (SELECT count(*) FROM community_comments WHERE tenant_id = ${T}) AS comments,
      (SELECT count(*) FROM comment_reactions WHERE tenant_id = ${T}) AS reactions,
      (SELECT count(*) FROM surveys WHERE tenant_id = ${T}) AS surveys,
      (SELECT count(*) FROM survey_responses WHERE tenant_id = ${T}) AS survey_responses`)
  return Object.fromEntries(Object.entries(row ?? {}).map(([k, v]) => [k, Number(v)]))
}
