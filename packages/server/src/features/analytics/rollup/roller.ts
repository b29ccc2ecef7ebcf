import type { Db } from '../../../db/database.js'
import { rollUpCommunities } from './community.queries.js'
import { isTimeZone } from '../window.js'
import { DAY_MS, HOUR_MS } from './coverage.js'
import { rollUp } from './facts.queries.js'
import { fillPeriods, markPeriodsStale, PERIOD_UNITS, STALE_DELAY_MS } from './period-counts.js'
import { tenantsToFill } from './periods.queries.js'
import { rollUpPresence } from './presence.queries.js'
import {
  advanceSealing,
  clearRollups,
  dirtyCount,
  dropDirtyMarks,
  earliestActivity,
  lockTenantRollups,
  markTenantDirty,
  rebuildClientFirsts,
  resetSealing,
  sealingClock,
  takeDirtyHours,
  tenantsWithActivity,
} from './rollup.queries.js'

/*
 * Keeps the analytics rollups (migrations 0016, 0020, 0021) up to date. Each run:
 * 1. seals: rolls every tenant's hours from the watermark up to the hour that ended `marginMs` ago (at most
 *    `sealChunkMs` of them per run, so a first run over years of history goes in steps that each commit), then moves
 *    the watermark. Marks inside the sealed range are dropped first: the roll covers their changes. The margin lets
 *    transactions that wrote into an hour commit before it is sealed; a write into a past hour after that is marked
 *    dirty by the triggers, and so is never lost.
 * 2. cleans: takes up to `dirtyBatch` dirty marks and rolls those hours again, in one transaction with the marks'
 *    removal, so a crash leaves the marks (and reads stay live for those hours); the period counts (migration 0023)
 *    around those hours are marked stale in the same transaction.
 * 3. fills: the period counts of each tenant's time zone up to the watermark, about a month of periods per tenant
 *    and step, and the stale ones once they have waited their delay (period-counts.ts).
 * Rolls of one tenant are serialised across processes by an advisory lock; two rollers only repeat work.
 */

export type RollupRoller = ReturnType<typeof createRollupRoller>

export function createRollupRoller(db: Db, o: { marginMs?: number; sealChunkMs?: number; dirtyBatch?: number } = {}) {
  const marginMs = o.marginMs ?? 5 * 60_000
  const sealChunkMs = o.sealChunkMs ?? 7 * DAY_MS
  const dirtyBatch = o.dirtyBatch ?? 5_000

  /** Seals one step; true when there is more to seal. */
  async function seal(chunkMs = sealChunkMs): Promise<boolean> {
    const { sealedUntil, target } = await sealingClock(db, marginMs)
    const from = sealedUntil ?? (await earliestActivity(db)) ?? target
    if (from.getTime() >= target.getTime()) {
      if (!sealedUntil) await advanceSealing(db, null, target)
      return false
    }
    const to = new Date(Math.min(target.getTime(), from.getTime() + chunkMs))
    for (const tenantId of await tenantsWithActivity(db, from, to))
      await db.transaction().execute(async (tx) => {
        await lockTenantRollups(tx, tenantId)
        await dropDirtyMarks(tx, tenantId, from, to)
        await rollUp(tx, tenantId, from, to, to)
        await rollUpPresence(tx, tenantId, from, to, to)
        await rollUpCommunities(tx, tenantId, from, to, to)
      })
    const moved = await advanceSealing(db, sealedUntil, to)
    return moved && to.getTime() < target.getTime()
  }

  /** Rolls up to `dirtyBatch` dirty hours again; returns how many marks it took. */
  async function clean(): Promise<number> {
    return db.transaction().execute(async (tx) => {
      const marks = await takeDirtyHours(tx, dirtyBatch)
      if (marks.length === 0) return 0
      const { sealedUntil } = await sealingClock(tx, marginMs)
      const byTenant = new Map<number, number[]>()
      for (const m of marks) {
        const hours = byTenant.get(m.tenantId) ?? []
        hours.push(m.hour.getTime())
        byTenant.set(m.tenantId, hours)
      }
      for (const [tenantId, hours] of [...byTenant].sort((a, b) => a[0] - b[0])) {
        await lockTenantRollups(tx, tenantId)
        for (const [from, to] of runs(hours)) {
          await rollUp(tx, tenantId, new Date(from), new Date(to), sealedUntil ?? new Date(0))
          await rollUpPresence(tx, tenantId, new Date(from), new Date(to), sealedUntil ?? new Date(0))
          await rollUpCommunities(tx, tenantId, new Date(from), new Date(to), sealedUntil ?? new Date(0))
          await markPeriodsStale(tx, tenantId, new Date(from), new Date(to))
        }
      }
      return marks.length
    })
  }

  /**
   * One fill step for every tenant that has one to do (or for one tenant), each in a transaction under the tenant's
   * lock; true when periods that could be filled remain. Nothing to do costs one query.
   */
  async function fill(o: { only?: number; allStale?: boolean } = {}): Promise<boolean> {
    const { sealedUntil } = await sealingClock(db, marginMs)
    if (!sealedUntil) return false
    const allStale = o.allStale ?? false
    const only = o.only
    let more = false
    for (const tenant of await tenantsToFill(db, sealedUntil, PERIOD_UNITS.length, allStale ? null : STALE_DELAY_MS)) {
      // A time zone the calendar does not know has no periods (the settings refuse one; this is the guard).
      if ((only !== undefined && tenant.tenantId !== only) || !isTimeZone(tenant.timeZone)) continue
      more =
        (await db.transaction().execute(async (tx) => {
          await lockTenantRollups(tx, tenant.tenantId)
          return fillPeriods(tx, tenant, sealedUntil, { allStale })
        })) || more
    }
    return more
  }

  return {
    /** One step of each kind (the background job). */
    async runOnce() {
      await seal()
      await clean()
      await fill()
    },
    /**
     * Seals up to the present, cleans every mark and fills every period, stale ones at once (the rebuild command,
     * the benchmark, tests).
     */
    async catchUp() {
      while (await seal(31 * DAY_MS));
      while ((await clean()) > 0);
      while (await fill({ allStale: true }));
      await rebuildClientFirsts(db, undefined)
    },
    /** Rolls every hour of one tenant again (after a repair or a change of definitions); returns the hours. */
    async rebuildTenant(tenantId: number) {
      while (await seal(31 * DAY_MS));
      const { sealedUntil } = await sealingClock(db, marginMs)
      const marked = sealedUntil ? await markTenantDirty(db, tenantId, sealedUntil) : 0
      while ((await dirtyCount(db, tenantId)) > 0 && (await clean()) > 0);
      while (await fill({ only: tenantId, allStale: true }));
      await rebuildClientFirsts(db, tenantId)
      return marked
    },
    /** Drops every rollup and seals all history again (reads are live meanwhile). */
    async rebuildAll() {
      await db.transaction().execute(async (tx) => {
        await clearRollups(tx)
        await resetSealing(tx)
      })
      while (await seal(31 * DAY_MS));
      while ((await clean()) > 0);
      while (await fill({ allStale: true }));
      await rebuildClientFirsts(db, undefined)
    },
  }
}

/** Sorted hours (epoch ms) as `[from, to)` runs; hours less than a day apart share a run (rolling between is harmless). */
export function runs(hours: readonly number[]): [number, number][] {
  const sorted = [...hours].sort((a, b) => a - b)
  const out: [number, number][] = []
  for (const h of sorted) {
    const last = out[out.length - 1]
    if (last && h - last[1] < DAY_MS) last[1] = Math.max(last[1], h + HOUR_MS)
    else out.push([h, h + HOUR_MS])
  }
  return out
}
