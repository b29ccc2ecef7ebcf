import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../../src/db/database.js'
import { migrate, migrationsDir } from '../../src/db/migrate.js'

const KEYS_MIGRATION = '0010_tenant_keys.sql'

/**
 * Rows that the schema before 0010 accepted, some pointing across tenants: tenant 1 (A) and tenant 2 (B), staff 10
 * (A) and 20 (B), customer 30. Each row that crosses says what 0010 does with it.
 */
const SEED = `
INSERT INTO tenants (id, name, industry, email) OVERRIDING SYSTEM VALUE
  VALUES (1, 'Alpha', 'Retail', 'a@example.com'), (2, 'Beta', 'Retail', 'b@example.com');
INSERT INTO users (id, tenant_id, user_type, username, email, first_name, last_name) OVERRIDING SYSTEM VALUE VALUES
  (10, 1, 'admin', 'ada', 'ada@example.com', 'Ada', 'A'),
  (20, 2, 'admin', 'bea', 'bea@example.com', 'Bea', 'B'),
  (30, NULL, 'client', 'cora', 'cora@example.com', 'Cora', 'C');
INSERT INTO anonymous_users (id, tenant_id) OVERRIDING SYSTEM VALUE VALUES (11, 1), (21, 2);
INSERT INTO chat_categories (id, tenant_id, name) OVERRIDING SYSTEM VALUE VALUES (12, 1, 'A'), (22, 2, 'B');
INSERT INTO chat_topics (id, tenant_id, category_id, name) OVERRIDING SYSTEM VALUE VALUES
  (13, 1, 12, 'A'), (14, 1, 22, 'A cross' /* category nulled */), (23, 2, 22, 'B');
INSERT INTO chats (id, tenant_id, channel, client_id, assignee_id, visitor_id, topic_id) OVERRIDING SYSTEM VALUE VALUES
  (100, 1, 'website', 30, 10, 11, 13),
  (101, 1, 'mobile', 30, 20, 21, 23) /* assignee, visitor and topic nulled; the customer stays */,
  (200, 2, 'website', NULL, 20, NULL, NULL);
INSERT INTO chat_messages (id, tenant_id, chat_id, message_sender, sender_kind, sender_user_id, sender_visitor_id,
    topic_id, client_message_id) OVERRIDING SYSTEM VALUE VALUES
  (1000, 1, 100, 'tenant', 'staff', 10, NULL, 13, 'm1'),
  (1001, 1, 200, 'tenant', 'staff', 10, NULL, NULL, 'm1') /* deleted */,
  (1002, 1, 100, 'client', 'visitor', NULL, 21, 23, NULL) /* visitor and topic nulled */,
  (1003, 1, 100, 'client', 'client', 30, NULL, NULL, NULL);
INSERT INTO chat_events (id, tenant_id, chat_id, kind, actor_user_id) OVERRIDING SYSTEM VALUE VALUES
  (1, 1, 100, 'reply', 20) /* actor_user_id may name a customer: single-column key, kept */,
  (2, 1, 200, 'reply', 10) /* deleted */;
INSERT INTO notifications (id, tenant_id, user_id, type, title) OVERRIDING SYSTEM VALUE VALUES
  (1, 1, 10, 't', 'kept'), (2, 1, 20, 't', 'deleted'), (3, 1, 30, 't', 'deleted');
INSERT INTO auth_tokens (id, token_hash, user_id, anonymous_user_id, tenant_id, expires_at) OVERRIDING SYSTEM VALUE
  VALUES
  (1, 'h1', 10, NULL, 1, now()), (2, 'h2', 10, NULL, 2, now()) /* deleted */,
  (3, 'h3', 30, NULL, NULL, now()), (4, 'h4', 30, NULL, 1, now()) /* deleted */,
  (5, 'h5', NULL, 11, 1, now()), (6, 'h6', NULL, 21, 1, now()) /* deleted */, (7, 'h7', NULL, 11, NULL, now()) /* deleted */;
INSERT INTO outbox_mail (id, tenant_id, kind, to_address, subject, hold_for_user) OVERRIDING SYSTEM VALUE VALUES
  (1, 1, 'k', 'x@example.com', 's', 10), (2, 1, 'k', 'x@example.com', 's', 20) /* deleted */,
  (3, NULL, 'k', 'x@example.com', 's', 10) /* deleted */, (4, NULL, 'k', 'x@example.com', 's', NULL);
INSERT INTO invitations (id, tenant_id, email, user_type, token_hash, invited_by, expires_at) OVERRIDING SYSTEM VALUE
  VALUES (1, 1, 'e1@example.com', 'employee', 'i1', 10, now()), (2, 1, 'e2@example.com', 'employee', 'i2', 20, now()) /* deleted */;
INSERT INTO ai_generations (id, tenant_id, user_id, kind, topic, questions, provider, model, created_at) VALUES
  ('00000000-0000-0000-0000-000000000001', 1, 10, 'survey_questions', 't', '[]', 'local', 'm', now()),
  ('00000000-0000-0000-0000-000000000002', 1, 20, 'survey_questions', 't', '[]', 'local', 'm', now()) /* user nulled */;
INSERT INTO communities (id, tenant_id, name) OVERRIDING SYSTEM VALUE VALUES (40, 1, 'A'), (50, 2, 'B');
INSERT INTO community_issues (id, tenant_id, community_id, client_id, title, description, last_activity_at, created_at,
    updated_at) OVERRIDING SYSTEM VALUE VALUES
  (41, 1, 40, 30, 't', 'd', now(), now(), now()),
  (42, 1, 50, 30, 't', 'd', now(), now(), now()) /* deleted, and its thread 44 with it */,
  (51, 2, 50, 30, 't', 'd', now(), now(), now()),
  (53, 2, 50, 30, 't', 'd', now(), now(), now());
INSERT INTO community_threads (id, tenant_id, issue_id, created_at) OVERRIDING SYSTEM VALUE VALUES
  (43, 1, 41, now()), (44, 1, 42, now()), (45, 1, 53, now()) /* deleted */, (52, 2, 51, now());
INSERT INTO community_comments (id, tenant_id, community_id, issue_id, thread_id, client_id, staff_user_id,
    deleted_by_user_id, body, created_at, updated_at) OVERRIDING SYSTEM VALUE VALUES
  (60, 1, 40, 41, 43, NULL, 10, NULL, 'b', now(), now()),
  (61, 1, 40, 41, 43, NULL, 20, 20, 'b', now(), now()) /* staff nulled; deleted_by may name a customer, kept */,
  (62, 1, 40, 51, 43, 30, NULL, NULL, 'b', now(), now()) /* deleted */,
  (63, 1, 40, 41, 52, 30, NULL, NULL, 'b', now(), now()) /* deleted */,
  (64, 2, 50, 51, 52, 30, NULL, NULL, 'b', now(), now());
INSERT INTO comment_reactions (tenant_id, comment_id, client_id, reaction, created_at, updated_at) VALUES
  (1, 60, 30, 'like', now(), now()), (1, 64, 30, 'like', now(), now()) /* deleted */;
INSERT INTO community_memberships (tenant_id, community_id, client_id, joined_at) VALUES
  (1, 40, 30, now()), (1, 50, 30, now()) /* deleted */;
INSERT INTO community_events (tenant_id, community_id, client_id, type, occurred_at) VALUES
  (1, 40, 30, 'join', now()), (1, 50, 30, 'join', now()) /* deleted */;
INSERT INTO community_favourites (tenant_id, community_id, client_id, created_at) VALUES
  (1, 40, 30, now()), (1, 50, 30, now()) /* deleted */;
INSERT INTO community_ratings (tenant_id, community_id, client_id, rating, created_at, updated_at) VALUES
  (1, 40, 30, 5, now(), now()), (1, 50, 30, 5, now(), now()) /* deleted */;
`

/** A database of its own: a new one on the test server, or a new embedded one. */
async function scratchDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.PROXIMA_TEST_DATABASE_URL
  if (!url) {
    const database = await openDatabase({})
    return { database, drop: () => database.close() }
  }
  const name = `proxima_keys_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const own = new URL(url)
  own.pathname = `/${name}`
  const database = await openDatabase({ url: own.toString(), poolMax: 2 })
  return {
    database,
    drop: async () => {
      await database.close()
      const c = new pg.Client({ connectionString: url })
      await c.connect()
      await c.query(`drop database if exists ${name} with (force)`)
      await c.end()
    },
  }
}

let scratch: Awaited<ReturnType<typeof scratchDatabase>>
let dir: string
let applied: string[]

beforeAll(async () => {
  scratch = await scratchDatabase()
  dir = mkdtempSync(join(tmpdir(), 'proxima-migrations-'))
  for (const file of readdirSync(migrationsDir()).filter((f) => f < KEYS_MIGRATION)) {
    copyFileSync(join(migrationsDir(), file), join(dir, file))
  }
  await migrate(scratch.database, dir)
  await scratch.database.session((run) => run(SEED))
  copyFileSync(join(migrationsDir(), KEYS_MIGRATION), join(dir, KEYS_MIGRATION))
  applied = await migrate(scratch.database, dir)
})
afterAll(async () => {
  await scratch?.drop()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('migration 0010 on data written before it', () => {
  const db = () => scratch.database.db

  it('applies over rows that point across tenants', () => {
    expect(applied).toEqual([KEYS_MIGRATION])
  })

  it('deletes the rows whose cascading reference crossed tenants', async () => {
    const ids = async (table: 'chat_messages' | 'chat_events' | 'notifications' | 'auth_tokens' | 'outbox_mail') =>
      (await db().selectFrom(table).select('id').orderBy('id').execute()).map((r) => r.id)
    expect(await ids('chat_messages')).toEqual([1000, 1002, 1003])
    expect(await ids('chat_events')).toEqual([1])
    expect(await ids('notifications')).toEqual([1])
    expect(await ids('auth_tokens')).toEqual([1, 3, 5])
    expect(await ids('outbox_mail')).toEqual([1, 4])
    const invitations = await db().selectFrom('invitations').select('id').execute()
    expect(invitations.map((r) => r.id)).toEqual([1])
  })

  it('deletes community rows of another tenant, with what cascades from them', async () => {
    const ids = async (table: 'community_issues' | 'community_threads' | 'community_comments') =>
      (await db().selectFrom(table).select('id').orderBy('id').execute()).map((r) => r.id)
    expect(await ids('community_issues')).toEqual([41, 51, 53])
    expect(await ids('community_threads')).toEqual([43, 52])
    expect(await ids('community_comments')).toEqual([60, 61, 64])
    const pairs = async (
      table: 'community_memberships' | 'community_events' | 'community_favourites' | 'community_ratings',
    ) =>
      (await db().selectFrom(table).select(['tenant_id', 'community_id']).execute()).map((r) => [
        r.tenant_id,
        r.community_id,
      ])
    for (const table of [
      'community_memberships',
      'community_events',
      'community_favourites',
      'community_ratings',
    ] as const) {
      expect(await pairs(table), table).toEqual([[1, 40]])
    }
    const reactions = await db().selectFrom('comment_reactions').select('comment_id').execute()
    expect(reactions).toEqual([{ comment_id: 60 }])
  })

  it('nulls the SET NULL references that crossed tenants and keeps the customer references', async () => {
    const chats = await db()
      .selectFrom('chats')
      .select(['id', 'tenant_id', 'client_id', 'assignee_id', 'visitor_id', 'topic_id'])
      .orderBy('id')
      .execute()
    expect(chats).toEqual([
      { id: 100, tenant_id: 1, client_id: 30, assignee_id: 10, visitor_id: 11, topic_id: 13 },
      { id: 101, tenant_id: 1, client_id: 30, assignee_id: null, visitor_id: null, topic_id: null },
      { id: 200, tenant_id: 2, client_id: null, assignee_id: 20, visitor_id: null, topic_id: null },
    ])
    const topics = await db().selectFrom('chat_topics').select(['id', 'category_id']).orderBy('id').execute()
    expect(topics).toEqual([
      { id: 13, category_id: 12 },
      { id: 14, category_id: null },
      { id: 23, category_id: 22 },
    ])
    const message = await db()
      .selectFrom('chat_messages')
      .select(['sender_visitor_id', 'topic_id'])
      .where('id', '=', 1002)
      .executeTakeFirstOrThrow()
    expect(message).toEqual({ sender_visitor_id: null, topic_id: null })
    const comment = await db()
      .selectFrom('community_comments')
      .select(['staff_user_id', 'deleted_by_user_id'])
      .where('id', '=', 61)
      .executeTakeFirstOrThrow()
    expect(comment).toEqual({ staff_user_id: null, deleted_by_user_id: 20 })
    const generations = await db().selectFrom('ai_generations').select(['user_id']).orderBy('id').execute()
    expect(generations).toEqual([{ user_id: 10 }, { user_id: null }])
    const event = await db().selectFrom('chat_events').select('actor_user_id').executeTakeFirstOrThrow()
    expect(event.actor_user_id).toBe(20)
  })
})
