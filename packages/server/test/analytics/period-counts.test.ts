import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  escalationHistory,
  involvementHistory,
  uniqueClientHistory,
  type HistoryScope,
} from '../../src/features/analytics/history.js'
import { createRollupRoller } from '../../src/features/analytics/rollup/roller.js'
import { periodsAfter, periodStart, type PeriodUnit } from '../../src/features/analytics/window.js'
import type { Channel } from '@proxima/contracts'
import { buildTestApp, type TestApp } from '../app.js'
import { setTimezone } from './analytics-helpers.js'
import { insertMessages, NOW, START, tenantData, writeTenant, type World } from './rollup-data.js'
import { clearDirty, dirtyHours } from './rollup-helpers.js'

/*
 * The period counts (migration 0023): the distinct counts of whole days, weeks and months in the tenant's time zone
 * that the forecasts' histories read. Read from the table they equal the readers they are kept from, for every
 * measure, channel narrowing and community; they are really read; a change in a past hour is read live until the
 * roller computes its periods again (they are stale meanwhile); a change of the tenant's time zone starts over in the new one. The file has a
 * database of its own (sealing is global).
 */

const UNITS: PeriodUnit[] = ['day', 'week', 'month']
const roller = () => createRollupRoller(app.db, { marginMs: 0 })

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp({ ownDatabase: true })
})
afterAll(async () => {
  await app.shutdown()
})

/** Whole periods of `unit` in `timeZone` from the one containing START to the one before NOW's. */
function periods(unit: PeriodUnit, timeZone: string): Date[] {
  const edges = [periodStart(new Date(START), unit, timeZone)]
  const last = periodStart(new Date(NOW), unit, timeZone)
  while (edges.at(-1)! < last) edges.push(periodsAfter(edges.at(-1)!, 1, unit, timeZone))
  return edges
}

/** A tenant with two months of activity in `timeZone`, created before it (periods are kept from the creation on). */
async function world(seed: number, timeZone: string): Promise<World> {
  const w = await writeTenant(app, tenantData(seed, 50), timeZone)
  await sql`UPDATE tenants SET created_at = ${new Date(START - 40 * 86_400_000).toISOString()}::timestamptz
    WHERE id = ${w.tenantId}`.execute(app.db)
  return w
}

/** Every history that the period counts serve, through the stored periods (`grid`) or without them. */
async function histories(w: World, timeZone: string, unit: PeriodUnit, stored: boolean) {
  const edges = periods(unit, timeZone)
  const grid = stored ? { timeZone, unit } : undefined
  const scope = (s: Omit<HistoryScope, 'tenantId' | 'grid'>): HistoryScope => ({ tenantId: w.tenantId, grid, ...s })
  const narrow: Channel[] = ['website', 'mobile']
  return {
    escalation: await escalationHistory(app.db, scope({}), edges),
    escalationNarrow: await escalationHistory(app.db, scope({ channels: narrow }), edges),
    clients: await uniqueClientHistory(app.db, scope({}), edges),
    involvement: await involvementHistory(app.db, scope({}), edges),
    involvementOne: await involvementHistory(app.db, scope({ community: w.communityId }), edges),
  }
}

async function expectEqual(w: World, timeZone: string, units = UNITS) {
  for (const unit of units)
    expect(await histories(w, timeZone, unit, true), unit).toEqual(await histories(w, timeZone, unit, false))
}

const storedRows = async (tenantId: number) => {
  const { rows } = await sql<{ measure: string; time_zone: string; n: string }>`
    SELECT measure, time_zone, count(*) AS n FROM analytics_period_counts WHERE tenant_id = ${tenantId}
    GROUP BY 1, 2 ORDER BY 1, 2`.execute(app.db)
  return rows.map((r) => `${r.measure} ${r.time_zone} ${r.n}`)
}

const staleCount = async (tenantId: number, unit?: PeriodUnit) => {
  const { rows } = await sql<{ n: string }>`
    SELECT count(*) AS n FROM analytics_period_stale
    WHERE tenant_id = ${tenantId} ${unit ? sql`AND unit = ${unit}` : sql``}`.execute(app.db)
  return Number(rows[0]!.n)
}

describe('period counts', () => {
  it('read from the table equal the counts they are kept from, and are read from it', async () => {
    const tz = 'America/New_York'
    const w = await world(91, tz)
    await roller().catchUp()
    const kept = await storedRows(w.tenantId)
    for (const m of ['active_customers', 'chats_with_messages', 'community_actions', 'community_participants'])
      expect(
        kept.some((r) => r.startsWith(`${m} ${tz} `)),
        m,
      ).toBe(true)
    const h = await histories(w, tz, 'day', false)
    // The data has something to count in each series.
    for (const series of [h.escalation.escalated, h.escalation.withMessages, h.clients, h.involvement.participants])
      expect(series.some((v) => v > 0)).toBe(true)
    await expectEqual(w, tz)

    // A tampered row changes what is read: the histories do come from the table. Rolling the tenant again repairs it.
    await sql`UPDATE analytics_period_counts SET value = value + 1000 WHERE tenant_id = ${w.tenantId}
      AND measure = 'active_customers' AND unit = 'day'`.execute(app.db)
    const tampered = await histories(w, tz, 'day', true)
    expect(tampered.clients).not.toEqual(h.clients)
    await roller().rebuildTenant(w.tenantId)
    await expectEqual(w, tz, ['day'])
  })

  it('follow changes in past hours: read live while marked, computed again when rolled', async () => {
    const tz = 'Asia/Kolkata'
    const w = await world(92, tz)
    await roller().catchUp()
    await clearDirty(app.db)
    const before = await histories(w, tz, 'day', true)

    // A message in a past hour of a chat, a chat moved to another channel, a reaction taken back, a comment deleted.
    const chat = await app.db
      .selectFrom('chats')
      .select(['id', 'created_at', 'channel'])
      .where('tenant_id', '=', w.tenantId)
      .where('client_id', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow()
    await insertMessages(app, w.tenantId, [
      {
        chatId: Number(chat.id),
        at: new Date(START + 20 * 86_400_000 + 5 * 3_600_000),
        sender: 'client',
        voice: null,
        deleted: false,
      },
    ])
    await app.db
      .updateTable('chats')
      .set({ channel: chat.channel === 'whatsapp' ? 'email' : 'whatsapp' })
      .where('tenant_id', '=', w.tenantId)
      .where('id', '=', chat.id)
      .execute()
    const reaction = await app.db
      .selectFrom('comment_reactions')
      .select(['comment_id', 'client_id', 'created_at'])
      .where('tenant_id', '=', w.tenantId)
      .orderBy('created_at')
      .executeTakeFirstOrThrow()
    await app.db
      .deleteFrom('comment_reactions')
      .where('tenant_id', '=', w.tenantId)
      .where('comment_id', '=', reaction.comment_id)
      .where('client_id', '=', reaction.client_id)
      .execute()
    // The reaction's hour is marked (migration 0023's trigger), with the others.
    const hour = new Date(Math.floor(new Date(reaction.created_at).getTime() / 3_600_000) * 3_600_000)
    expect(await dirtyHours(app.db, w.tenantId)).toContain(hour.toISOString())
    await app.db
      .updateTable('community_comments')
      .set({ deleted_at: new Date(NOW - 86_400_000) })
      .where('tenant_id', '=', w.tenantId)
      .where('client_id', 'is not', null)
      .where('deleted_at', 'is', null)
      .where('id', '=', (eb) =>
        eb
          .selectFrom('community_comments')
          .select(eb.fn.min('id').as('id'))
          .where('tenant_id', '=', w.tenantId)
          .where('client_id', 'is not', null)
          .where('deleted_at', 'is', null),
      )
      .execute()

    // Marked: the periods around the changes are read live, and so are right already.
    await expectEqual(w, tz)
    const after = await histories(w, tz, 'day', true)
    expect(after).not.toEqual(before)
    // Rolled again by the background step: the hours are clean, their periods stale (each waits its delay before it
    // is computed again) and still read live.
    await roller().runOnce()
    expect(await dirtyHours(app.db, w.tenantId)).toEqual([])
    expect(await staleCount(w.tenantId)).toBeGreaterThan(0)
    await expectEqual(w, tz)
    // Once the days have waited their minute, the background step computes them again; weeks and months wait longer.
    await sql`UPDATE analytics_period_stale SET marked_at = marked_at - interval '2 minutes'
      WHERE tenant_id = ${w.tenantId}`.execute(app.db)
    await roller().runOnce()
    expect(await staleCount(w.tenantId, 'day')).toBe(0)
    expect(await staleCount(w.tenantId, 'week')).toBeGreaterThan(0)
    await expectEqual(w, tz)
    // Computed again (the rebuild's catch-up does not wait): read from the table, the same numbers.
    await roller().catchUp()
    expect(await staleCount(w.tenantId)).toBe(0)
    await expectEqual(w, tz)
    expect(await histories(w, tz, 'day', true)).toEqual(after)
  })

  it('start over in a new time zone of the tenant, read live meanwhile', async () => {
    const w = await world(93, 'UTC')
    await roller().catchUp()
    expect((await storedRows(w.tenantId)).every((r) => r.includes(' UTC '))).toBe(true)
    await setTimezone(app, w.tenantId, 'Australia/Adelaide')
    await expectEqual(w, 'Australia/Adelaide')
    await roller().catchUp()
    const kept = await storedRows(w.tenantId)
    expect(kept.length).toBeGreaterThan(0)
    expect(kept.every((r) => r.includes(' Australia/Adelaide '))).toBe(true)
    await expectEqual(w, 'Australia/Adelaide')
    // Another time zone than the tenant's own is read live, and gives the same numbers as without the table.
    await expectEqual(w, 'UTC', ['week'])
  })
})
