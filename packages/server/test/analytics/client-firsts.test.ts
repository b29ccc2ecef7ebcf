import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rebuildClientFirsts } from '../../src/features/analytics/rollup/rollup.queries.js'
import { buildTestApp, type TestApp } from '../app.js'
import { addChat, addClient, analyticsTenant } from './chat-data.js'

/* The first chat of each customer with each tenant (migration 0022), kept by triggers on chats. */

let app: TestApp

beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(async () => {
  await app.shutdown()
})

type Pair = { client_id: number; at: string }

/** The table's rows for a tenant, and the same computed from the chats. */
async function both(tenantId: number) {
  const kept = await sql<Pair>`SELECT client_id::int, first_chat_at AS at FROM analytics_client_firsts
    WHERE tenant_id = ${tenantId} ORDER BY client_id`.execute(app.db)
  const truth = await sql<Pair>`SELECT client_id::int, min(created_at) AS at FROM chats
    WHERE tenant_id = ${tenantId} AND client_id IS NOT NULL GROUP BY client_id ORDER BY client_id`.execute(app.db)
  const iso = (rows: Pair[]) => rows.map((r) => ({ client_id: r.client_id, at: new Date(r.at).toISOString() }))
  return { kept: iso(kept.rows), truth: iso(truth.rows) }
}

async function expectExact(tenantId: number) {
  const { kept, truth } = await both(tenantId)
  expect(kept).toEqual(truth)
  return kept
}

describe('first chats', () => {
  it('follow inserts, earlier chats, moves, re-timings and deletions, and a rebuild repairs them', async () => {
    const { tenantId } = await analyticsTenant(app)
    const other = await analyticsTenant(app)
    const [a, b, c] = [await addClient(app), await addClient(app), await addClient(app)]
    const first = await addChat(app, tenantId, '2026-03-10T10:00:00Z', { clientId: a })
    await addChat(app, tenantId, '2026-03-12T10:00:00Z', { clientId: a, channel: 'website' })
    await addChat(app, tenantId, '2026-03-11T10:00:00Z', { clientId: b })
    await addChat(app, other.tenantId, '2026-01-01T00:00:00Z', { clientId: a })
    // Several chats in one statement.
    await app.db
      .insertInto('chats')
      .values(
        ['2026-03-20T00:00:00Z', '2026-03-15T00:00:00Z'].map((at, i) => ({
          tenant_id: tenantId,
          channel: i === 0 ? ('email' as const) : ('facebook' as const),
          status: 'resolved' as const,
          client_id: c,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute()
    expect(await expectExact(tenantId)).toHaveLength(3)
    expect((await expectExact(other.tenantId))[0]!.at).toBe('2026-01-01T00:00:00.000Z')

    // An earlier chat of b (a visitor's chat taken over, say) moves b's first chat back.
    await addChat(app, tenantId, '2026-02-01T00:00:00Z', { clientId: b, channel: 'instagram', status: 'resolved' })
    await expectExact(tenantId)
    // a's first chat is moved to c, then re-timed, then deleted.
    await app.db.updateTable('chats').set({ client_id: c }).where('id', '=', first).execute()
    await expectExact(tenantId)
    await sql`UPDATE chats SET created_at = '2025-12-24T00:00:00Z' WHERE id = ${first}`.execute(app.db)
    expect((await expectExact(tenantId)).find((r) => r.client_id === c)!.at).toBe('2025-12-24T00:00:00.000Z')
    await app.db.deleteFrom('chats').where('id', '=', first).execute()
    await expectExact(tenantId)
    // Every chat of b gone: b has no first chat any more. Other updates write nothing here.
    await app.db.deleteFrom('chats').where('tenant_id', '=', tenantId).where('client_id', '=', b).execute()
    await app.db.updateTable('chats').set({ status: 'resolved' }).where('tenant_id', '=', tenantId).execute()
    const kept = await expectExact(tenantId)
    expect(kept.map((r) => r.client_id)).toEqual([a, c].sort((x, y) => x - y))

    // A tampered table is repaired by a rebuild of the tenant, and the other tenant is left alone.
    await sql`UPDATE analytics_client_firsts SET first_chat_at = '2000-01-01' WHERE tenant_id = ${tenantId}`.execute(
      app.db,
    )
    await sql`INSERT INTO analytics_client_firsts VALUES (${tenantId}, ${b}, '2000-01-01')`.execute(app.db)
    await sql`UPDATE analytics_client_firsts SET first_chat_at = '2000-01-01' WHERE tenant_id = ${other.tenantId}`.execute(
      app.db,
    )
    expect((await both(tenantId)).kept).not.toEqual((await both(tenantId)).truth)
    await rebuildClientFirsts(app.db, tenantId)
    await expectExact(tenantId)
    expect((await both(other.tenantId)).kept[0]!.at).toBe('2000-01-01T00:00:00.000Z')
    await rebuildClientFirsts(app.db, undefined)
    await expectExact(other.tenantId)
  })
})
