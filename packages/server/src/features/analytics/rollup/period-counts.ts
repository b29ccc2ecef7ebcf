import type { Executor } from '../../../db/database.js'
import { periodsAfter, periodStart, type PeriodUnit } from '../window.js'
import { DAY_MS, HOUR_MS } from './coverage.js'
import { rollupState } from './facts.queries.js'
import {
  clearStale,
  dropOtherTimeZones,
  dueStale,
  markStale,
  periodFills,
  replacePeriodCounts,
  setPeriodFill,
  staleStarts,
  storedPeriodCounts,
  type PeriodMeasure,
} from './periods.queries.js'

/*
 * The distinct counts of whole periods in the tenant's time zone (migration 0023), kept by the roller and read by
 * the histories:
 * - fill: the periods of each unit from the one of the tenant's creation up to the sealing watermark, about a month
 *   of them per step; a change of the tenant's time zone starts over in the new one;
 * - stale: when hours are rolled again (a dirty mark), the filled periods around them are marked stale in the same
 *   transaction, and computed again by a later fill step once the first mark is `STALE_DELAY_MS` old, so that the
 *   late changes of a busy month (chats of its last days closed in the next) cost one recomputation of it;
 * - read: a bucket that is a whole filled period, neither stale nor with a dirty hour, comes from the stored row; the
 *   others from the live readers, once per run of adjacent buckets.
 */

export const PERIOD_UNITS: readonly PeriodUnit[] = ['day', 'week', 'month']

/** How far one fill step reaches: about a month of periods (always at least one). */
const FILL_STEP_MS = 31 * DAY_MS

/** How long a stale period waits to be computed again after its first mark (read live meanwhile). */
export const STALE_DELAY_MS: Record<PeriodUnit, number> = { day: 60_000, week: 5 * 60_000, month: 15 * 60_000 }
/** The most stale periods of a unit computed again per step: about a month of them. */
const STALE_STEP: Record<PeriodUnit, number> = { day: 31, week: 5, month: 1 }

/** The calendar that a series' edges follow. */
export type PeriodGrid = { timeZone: string; unit: PeriodUnit }

export type TenantCalendar = { tenantId: number; timeZone: string; createdAt: Date }

/** The starts of whole periods from `from` while they end by `until` (and within `limitMs` of `from`), then the end. */
function periodEdges(from: Date, until: Date, grid: PeriodGrid, limitMs = Infinity): Date[] {
  const edges = [from]
  let start = from
  for (;;) {
    const end = periodsAfter(start, 1, grid.unit, grid.timeZone)
    if (end > until || (edges.length > 1 && end.getTime() - from.getTime() > limitMs)) break
    edges.push(end)
    start = end
  }
  return edges
}

/**
 * One fill step for a tenant: for each unit, the next periods (about a month of them) that end by `sealedUntil`, and
 * the stale periods that are due (all that are stale, with `allStale`). Returns true when work remains.
 */
export async function fillPeriods(
  db: Executor,
  t: TenantCalendar,
  sealedUntil: Date,
  o: { allStale: boolean },
): Promise<boolean> {
  const fills = await periodFills(db, t.tenantId)
  if (fills.some((f) => f.timeZone !== t.timeZone)) await dropOtherTimeZones(db, t.tenantId, t.timeZone)
  let more = false
  for (const unit of PERIOD_UNITS) {
    const grid = { timeZone: t.timeZone, unit }
    const fill = fills.find((f) => f.unit === unit && f.timeZone === t.timeZone)
    const from = fill?.filledUntil ?? periodStart(t.createdAt, unit, t.timeZone)
    const edges = periodEdges(from, sealedUntil, grid, FILL_STEP_MS)
    if (edges.length >= 2 || !fill) {
      await replacePeriodCounts(db, t.tenantId, grid, edges)
      const filledUntil = edges.at(-1)!
      const nextDue = periodsAfter(filledUntil, 1, unit, t.timeZone)
      await setPeriodFill(db, t.tenantId, { ...grid, filledFrom: fill?.filledFrom ?? from, filledUntil }, nextDue)
      more ||= nextDue <= sealedUntil
    }
    // Stale periods, a run of adjacent ones at a time.
    const limit = STALE_STEP[unit]
    const due = await dueStale(db, t.tenantId, grid, o.allStale ? null : STALE_DELAY_MS[unit], limit)
    for (let i = 0; i < due.length;) {
      const run = [due[i]!]
      while (
        i + run.length < due.length &&
        periodsAfter(run.at(-1)!, 1, unit, t.timeZone).getTime() === due[i + run.length]!.getTime()
      )
        run.push(due[i + run.length]!)
      await replacePeriodCounts(db, t.tenantId, grid, [...run, periodsAfter(run.at(-1)!, 1, unit, t.timeZone)])
      i += run.length
    }
    await clearStale(db, t.tenantId, grid, due)
    more ||= due.length === limit
  }
  return more
}

/** Marks stale the tenant's filled periods that overlap `[from, to)` (hours just rolled again). */
export async function markPeriodsStale(db: Executor, tenantId: number, from: Date, to: Date) {
  for (const fill of await periodFills(db, tenantId)) {
    const grid = { timeZone: fill.timeZone, unit: fill.unit }
    const first = periodStart(from, fill.unit, fill.timeZone)
    const start = first < fill.filledFrom ? fill.filledFrom : first
    const last = periodsAfter(new Date(to.getTime() - 1), 1, fill.unit, fill.timeZone)
    const end = last > fill.filledUntil ? fill.filledUntil : last
    if (start >= end) continue
    await markStale(db, tenantId, grid, periodEdges(start, end, grid).slice(0, -1))
  }
}

/** Values per bucket (1-based; a bucket without an entry is 0), per measure. */
export type BucketValues<M extends PeriodMeasure> = Record<M, Map<number, number>>

/**
 * Per measure and bucket (1-based) of `edges`, the value summed over `keys` (every key when undefined): stored for
 * the buckets that are whole filled periods of `grid`, not stale and without a dirty hour; from `live` for the others
 * (called once per run of adjacent buckets, with that run's edges, its buckets numbered from 1).
 */
export async function periodValues<M extends PeriodMeasure>(
  db: Executor,
  tenantId: number,
  measures: readonly M[],
  edges: readonly Date[],
  grid: PeriodGrid | undefined,
  keys: readonly string[] | undefined,
  live: (edges: readonly Date[]) => Promise<BucketValues<M>>,
): Promise<BucketValues<M>> {
  if (grid === undefined || edges.length < 2) return live(edges)
  const fill = (await periodFills(db, tenantId)).find((f) => f.unit === grid.unit && f.timeZone === grid.timeZone)
  if (!fill) return live(edges)
  const { dirtyHours } = await rollupState(db, tenantId, edges[0]!, edges.at(-1)!)
  const dirty = [...dirtyHours]
  const stale = await staleStarts(db, tenantId, grid, edges[0]!, edges.at(-1)!)
  const stored = (i: number) => {
    const start = edges[i - 1]!
    const end = edges[i]!
    return (
      start >= fill.filledFrom &&
      end <= fill.filledUntil &&
      periodStart(start, grid.unit, grid.timeZone).getTime() === start.getTime() &&
      periodsAfter(start, 1, grid.unit, grid.timeZone).getTime() === end.getTime() &&
      !stale.has(start.getTime()) &&
      !dirty.some((h) => h + HOUR_MS > start.getTime() && h < end.getTime())
    )
  }
  const out = Object.fromEntries(measures.map((m) => [m, new Map<number, number>()])) as BucketValues<M>
  const storedBuckets = new Set(Array.from({ length: edges.length - 1 }, (_, i) => i + 1).filter(stored))
  if (storedBuckets.size > 0) {
    const first = edges[Math.min(...storedBuckets) - 1]!
    const last = edges[Math.max(...storedBuckets)]!
    const values = await storedPeriodCounts(db, tenantId, measures, grid, first, last, keys)
    for (const m of measures)
      for (const b of storedBuckets) out[m].set(b, values.get(m)?.get(edges[b - 1]!.getTime()) ?? 0)
  }
  // The other buckets, a run of adjacent ones at a time.
  for (let b = 1; b < edges.length;) {
    if (storedBuckets.has(b)) {
      b++
      continue
    }
    let end = b
    while (end + 1 < edges.length && !storedBuckets.has(end + 1)) end++
    const values = await live(edges.slice(b - 1, end + 1))
    for (const m of measures) for (const [i, v] of values[m]) out[m].set(b + i - 1, v)
    b = end + 1
  }
  return out
}
