import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../app.js'
import { createClient, createEmployee, createTenantWithAdmin, unique } from '../factories.js'

/**
 * Foreign keys into users that may name a customer: customers are platform-wide accounts (tenant_id NULL), so these
 * keep a single-column key (docs/ARCHITECTURE.md, "Tenancy the database holds").
 */
const CLIENT_COLUMNS = [
  'auth_tokens.user_id',
  'chats.client_id',
  'chat_messages.sender_user_id',
  'chat_events.actor_user_id',
  'community_memberships.client_id',
  'community_events.client_id',
  'community_favourites.client_id',
  'community_ratings.client_id',
  'community_issues.client_id',
  'community_issues.solved_by_user_id',
  'community_comments.client_id',
  'community_comments.deleted_by_user_id',
  'comment_reactions.client_id',
  'survey_audience_clients.client_id',
  'survey_subgroup_clients.client_id',
  'survey_invitations.client_id',
  'survey_responses.client_id',
  'analytics_client_firsts.client_id',
]

/** Unique keys of tenant tables that are global on purpose: accounts, and secrets looked up before the tenant is known. */
const GLOBAL_UNIQUE_KEYS = [
  'users_email_key',
  'users_username_key',
  'users_google_sub_key',
  'auth_tokens_token_hash_key',
  'invitations_token_hash_key',
  'tenant_settings_widget_key_key',
  'surveys_public_key_key',
  'survey_invitations_token_hash_key',
]

type World = Awaited<ReturnType<typeof world>>

/** One tenant's rows, written directly: the database alone is under test here. */
async function world(app: TestApp) {
  const org = await createTenantWithAdmin(app, { plan: 'professional' })
  const tenantId = org.tenant.tenant_id
  const db = app.db
  const now = new Date()
  const { client } = await createClient(app)
  const chat = await db
    .insertInto('chats')
    .values({ tenant_id: tenantId, channel: 'website' })
    .returning('id')
    .executeTakeFirstOrThrow()
  const category = await db
    .insertInto('chat_categories')
    .values({ tenant_id: tenantId, name: unique('Billing ') })
    .returning('id')
    .executeTakeFirstOrThrow()
  const visitor = await db
    .insertInto('anonymous_users')
    .values({ tenant_id: tenantId, name: 'Vera Visitor' })
    .returning('id')
    .executeTakeFirstOrThrow()
  const community = await db
    .selectFrom('communities')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow()
  const issue = await db
    .insertInto('community_issues')
    .values({
      tenant_id: tenantId,
      community_id: community.id,
      client_id: client.id,
      title: 'Refund missing',
      description: 'The refund has not arrived.',
      last_activity_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const thread = await db
    .insertInto('community_threads')
    .values({ tenant_id: tenantId, issue_id: issue.id, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow()
  return {
    tenantId,
    adminId: org.admin.id,
    adminToken: org.token,
    clientId: client.id,
    chatId: chat.id,
    categoryId: category.id,
    visitorId: visitor.id,
    communityId: community.id,
    issueId: issue.id,
    threadId: thread.id,
  }
}

/** Fails unless `write` is refused by the named foreign key. */
async function expectForeignKeyViolation(write: Promise<unknown>, constraint: string) {
  const err = await write.then(
    () => undefined,
    (e: unknown) => e as { code?: string; constraint?: string; message?: string },
  )
  expect(err, `expected ${constraint} to refuse the write`).toBeDefined()
  expect(err?.code).toBe('23503')
  expect(err?.constraint ?? err?.message ?? '').toContain(constraint)
}

let app: TestApp
let a: World
let b: World

beforeAll(async () => {
  app = await buildTestApp()
  a = await world(app)
  b = await world(app)
})
afterAll(() => app.shutdown())

describe('composite tenant keys', () => {
  const message = (tenantId: number, chatId: number) => ({
    tenant_id: tenantId,
    chat_id: chatId,
    message_sender: 'tenant' as const,
    sender_kind: 'staff' as const,
    text_content: 'Hello',
  })

  it("refuses a chat message of tenant A in tenant B's chat", async () => {
    await app.db.insertInto('chat_messages').values(message(a.tenantId, a.chatId)).execute()
    await expectForeignKeyViolation(
      app.db.insertInto('chat_messages').values(message(a.tenantId, b.chatId)).execute(),
      'chat_messages_tenant_id_chat_id_fkey',
    )
  })

  it("refuses a chat assigned to another tenant's staff member", async () => {
    const assign = (assigneeId: number) =>
      app.db
        .updateTable('chats')
        .set({ assignee_id: assigneeId })
        .where('tenant_id', '=', a.tenantId)
        .where('id', '=', a.chatId)
        .execute()
    await assign(a.adminId)
    await expectForeignKeyViolation(assign(b.adminId), 'chats_tenant_id_assignee_id_fkey')
  })

  it('refuses a chat assigned to a customer, who belongs to no tenant', async () => {
    await expectForeignKeyViolation(
      app.db
        .insertInto('chats')
        .values({ tenant_id: a.tenantId, channel: 'website', assignee_id: a.clientId })
        .execute(),
      'chats_tenant_id_assignee_id_fkey',
    )
  })

  it("refuses a topic in another tenant's category", async () => {
    const topic = (categoryId: number) =>
      app.db
        .insertInto('chat_topics')
        .values({ tenant_id: a.tenantId, category_id: categoryId, name: unique('Refunds ') })
        .execute()
    await topic(a.categoryId)
    await expectForeignKeyViolation(topic(b.categoryId), 'chat_topics_tenant_id_category_id_fkey')
  })

  it("refuses an issue comment pointing at another tenant's issue or thread", async () => {
    const now = new Date()
    const comment = (issueId: number, threadId: number) =>
      app.db
        .insertInto('community_comments')
        .values({
          tenant_id: a.tenantId,
          community_id: a.communityId,
          issue_id: issueId,
          thread_id: threadId,
          staff_user_id: a.adminId,
          body: 'We are looking into it.',
          created_at: now,
          updated_at: now,
        })
        .execute()
    await comment(a.issueId, a.threadId)
    await expectForeignKeyViolation(comment(b.issueId, a.threadId), 'community_comments_tenant_id_issue_id_fkey')
    await expectForeignKeyViolation(comment(a.issueId, b.threadId), 'community_comments_tenant_id_thread_id_fkey')
  })

  it("refuses a thread for another tenant's issue", async () => {
    await expectForeignKeyViolation(
      app.db
        .insertInto('community_threads')
        .values({ tenant_id: a.tenantId, issue_id: b.issueId, created_at: new Date() })
        .execute(),
      'community_threads_tenant_id_issue_id_fkey',
    )
  })

  it("refuses a notification of tenant A for tenant B's member", async () => {
    const notification = (userId: number) =>
      app.db
        .insertInto('notifications')
        .values({ tenant_id: a.tenantId, user_id: userId, type: 'chat.assigned', title: 'Assigned to you' })
        .execute()
    await notification(a.adminId)
    await expectForeignKeyViolation(notification(b.adminId), 'notifications_tenant_id_user_id_fkey')
  })

  it("refuses another tenant's visitor on a chat and on a message", async () => {
    const chat = (visitorId: number) =>
      app.db.insertInto('chats').values({ tenant_id: a.tenantId, channel: 'website', visitor_id: visitorId }).execute()
    await chat(a.visitorId)
    await expectForeignKeyViolation(chat(b.visitorId), 'chats_tenant_id_visitor_id_fkey')
    await expectForeignKeyViolation(
      app.db
        .insertInto('chat_messages')
        .values({
          ...message(a.tenantId, a.chatId),
          message_sender: 'client',
          sender_kind: 'visitor',
          sender_visitor_id: b.visitorId,
        })
        .execute(),
      'chat_messages_tenant_id_sender_visitor_id_fkey',
    )
  })

  it('refuses a session token that names another tenant than its account', async () => {
    const token = (userId: number, tenantId: number | null) =>
      app.db
        .insertInto('auth_tokens')
        .values({ token_hash: unique('hash'), user_id: userId, tenant_id: tenantId, expires_at: new Date() })
        .execute()
    await token(a.adminId, a.tenantId)
    await token(a.clientId, null)
    await expectForeignKeyViolation(token(a.adminId, b.tenantId), 'auth_tokens_tenant_id_user_id_fkey')
    await expectForeignKeyViolation(token(a.clientId, a.tenantId), 'auth_tokens_tenant_id_user_id_fkey')
  })

  it('still lets a customer take part in any tenant', async () => {
    const now = new Date()
    await app.db
      .insertInto('chats')
      .values({ tenant_id: b.tenantId, channel: 'mobile', client_id: a.clientId })
      .execute()
    await app.db
      .insertInto('community_favourites')
      .values({ tenant_id: b.tenantId, community_id: b.communityId, client_id: a.clientId, created_at: now })
      .execute()
  })
})

describe('ON DELETE through composite keys', () => {
  it("nulls the assignee and keeps the chat's tenant when the staff member is deleted", async () => {
    const { employee } = await createEmployee(app, a.adminToken)
    const chat = await app.db
      .insertInto('chats')
      .values({ tenant_id: a.tenantId, channel: 'website', assignee_id: employee.id })
      .returning('id')
      .executeTakeFirstOrThrow()
    await app.db.deleteFrom('users').where('tenant_id', '=', a.tenantId).where('id', '=', employee.id).execute()
    const row = await app.db
      .selectFrom('chats')
      .select(['tenant_id', 'assignee_id'])
      .where('tenant_id', '=', a.tenantId)
      .where('id', '=', chat.id)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ tenant_id: a.tenantId, assignee_id: null })
  })

  it("nulls a topic's category and deletes a chat's messages with their parents", async () => {
    const category = await app.db
      .insertInto('chat_categories')
      .values({ tenant_id: a.tenantId, name: unique('Shipping ') })
      .returning('id')
      .executeTakeFirstOrThrow()
    const topic = await app.db
      .insertInto('chat_topics')
      .values({ tenant_id: a.tenantId, category_id: category.id, name: unique('Delays ') })
      .returning('id')
      .executeTakeFirstOrThrow()
    const chat = await app.db
      .insertInto('chats')
      .values({ tenant_id: a.tenantId, channel: 'website' })
      .returning('id')
      .executeTakeFirstOrThrow()
    await app.db
      .insertInto('chat_messages')
      .values({ tenant_id: a.tenantId, chat_id: chat.id, message_sender: 'tenant', sender_kind: 'staff' })
      .execute()
    await app.db
      .deleteFrom('chat_categories')
      .where('tenant_id', '=', a.tenantId)
      .where('id', '=', category.id)
      .execute()
    await app.db.deleteFrom('chats').where('tenant_id', '=', a.tenantId).where('id', '=', chat.id).execute()
    const after = await app.db
      .selectFrom('chat_topics')
      .select(['tenant_id', 'category_id'])
      .where('id', '=', topic.id)
      .executeTakeFirstOrThrow()
    expect(after).toEqual({ tenant_id: a.tenantId, category_id: null })
    const messages = await app.db
      .selectFrom('chat_messages')
      .select('id')
      .where('tenant_id', '=', a.tenantId)
      .where('chat_id', '=', chat.id)
      .execute()
    expect(messages).toEqual([])
  })
})

type ForeignKey = { name: string; table: string; target: string; columns: string[]; targetColumns: string[] }
type UniqueKey = { name: string; table: string; columns: (string | null)[] }

/** Tables of the current schema with a tenant_id column. */
async function tenantTables(): Promise<Set<string>> {
  const rows = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.columns
    WHERE table_schema = current_schema() AND column_name = 'tenant_id'`.execute(app.db)
  return new Set(rows.rows.map((r) => r.table_name))
}

async function foreignKeys(): Promise<ForeignKey[]> {
  const rows = await sql<ForeignKey>`
    SELECT c.conname AS name, f.relname AS "table", t.relname AS target,
      array(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY k(n, i)
        JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n ORDER BY k.i) AS columns,
      array(SELECT a.attname::text FROM unnest(c.confkey) WITH ORDINALITY k(n, i)
        JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.n ORDER BY k.i) AS "targetColumns"
    FROM pg_constraint c
    JOIN pg_class f ON f.oid = c.conrelid
    JOIN pg_class t ON t.oid = c.confrelid
    WHERE c.contype = 'f' AND f.relnamespace = current_schema()::text::regnamespace`.execute(app.db)
  return rows.rows
}

/** Unique constraints and unique indexes; an expression column is null. */
async function uniqueKeys(): Promise<UniqueKey[]> {
  const rows = await sql<UniqueKey>`
    SELECT i.relname AS name, r.relname AS "table",
      array(SELECT a.attname::text FROM unnest(x.indkey::int2[]) WITH ORDINALITY k(n, o)
        LEFT JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.n ORDER BY k.o) AS columns
    FROM pg_index x
    JOIN pg_class i ON i.oid = x.indexrelid
    JOIN pg_class r ON r.oid = x.indrelid
    WHERE x.indisunique AND r.relnamespace = current_schema()::text::regnamespace`.execute(app.db)
  return rows.rows
}

describe('the schema', () => {
  it('carries tenant_id in every foreign key between tenant tables, except the documented customer columns', async () => {
    const tenant = await tenantTables()
    const between = (await foreignKeys()).filter((fk) => tenant.has(fk.table) && tenant.has(fk.target))
    expect(between.length).toBeGreaterThan(20)
    const single = between.filter((fk) => !fk.columns.includes('tenant_id'))
    expect(single.map((fk) => `${fk.table}.${fk.columns.join(',')}`).sort()).toEqual([...CLIENT_COLUMNS].sort())
    // The exceptions point at accounts only.
    expect(new Set(single.map((fk) => `${fk.target}(${fk.targetColumns.join(',')})`))).toEqual(new Set(['users(id)']))
    // tenant_id always meets tenant_id.
    for (const fk of between.filter((k) => k.columns.includes('tenant_id'))) {
      expect(fk.targetColumns[fk.columns.indexOf('tenant_id')], fk.name).toBe('tenant_id')
    }
  })

  it('leads every unique key of a tenant table with tenant_id, except ids and global lookups', async () => {
    const tenant = await tenantTables()
    const keys = (await uniqueKeys()).filter((k) => tenant.has(k.table))
    const offending = keys.filter(
      (k) =>
        k.columns[0] !== 'tenant_id' &&
        !(k.name === `${k.table}_pkey` && k.columns.join(',') === 'id') &&
        !GLOBAL_UNIQUE_KEYS.includes(k.name),
    )
    expect(offending.map((k) => `${k.name} (${k.columns.join(', ')})`)).toEqual([])
    // The allowed exceptions still exist, so this list cannot go stale.
    expect(keys.map((k) => k.name)).toEqual(expect.arrayContaining(GLOBAL_UNIQUE_KEYS))
  })

  it('lets every tenant table that others point at be referenced by (tenant_id, id)', async () => {
    const tenant = await tenantTables()
    const targets = new Set(
      (await foreignKeys()).filter((fk) => tenant.has(fk.table) && tenant.has(fk.target)).map((fk) => fk.target),
    )
    const keyed = new Set(
      (await uniqueKeys()).filter((k) => k.columns.join(',') === 'tenant_id,id').map((k) => k.table),
    )
    expect([...targets].filter((t) => !keyed.has(t))).toEqual([])
  })
})
