import type { Bucket, Window } from './window.js'

/*
 * Series plumbing shared by the metrics. SQL places a timestamp in its bucket with
 * `width_bucket(t, ${bucketBounds(buckets)}::timestamptz[])`, which answers the 1-based index of the bucket that
 * holds `t` (0 before the first, n + 1 at or after the last bucket's end); `seriesItems` turns the per-index values
 * into the reply's items.
 */

/** Every bucket's start and the last bucket's end, as ISO strings for a `timestamptz[]` parameter. */
export function bucketBounds(buckets: readonly Bucket[]): string[] {
  const last = buckets.at(-1)
  return last ? [...buckets.map((b) => b.start.toISOString()), last.end.toISOString()] : []
}

/**
 * The buckets cut to the window: `[from, second bucket's start, …, last bucket's start, to]`, each clamped into the
 * window (a bucket wholly outside it is empty), so bucket i (1-based) is `[edges[i-1], edges[i])`.
 */
export function seriesEdges(buckets: readonly Bucket[], window: Window): Date[] {
  const clamp = (d: Date) => new Date(Math.min(Math.max(d.getTime(), window.from.getTime()), window.to.getTime()))
  return buckets.length === 0 ? [] : [window.from, ...buckets.slice(1).map((b) => clamp(b.start)), window.to]
}

export type SeriesItem<T> = { start_time: string; end_time: string; partial: boolean } & T

/** One item per bucket, oldest first: the values found for its 1-based index, else `empty()`. */
export function seriesItems<T extends object>(
  buckets: readonly Bucket[],
  values: ReadonlyMap<number, T>,
  empty: () => T,
): SeriesItem<T>[] {
  return buckets.map((b, i) => ({
    start_time: b.start.toISOString(),
    end_time: b.end.toISOString(),
    partial: b.partial,
    ...(values.get(i + 1) ?? empty()),
  }))
}

/** Running totals at each bucket's end, starting from `base` (what came before the first bucket). */
export function runningTotals(base: number, counts: readonly number[]): number[] {
  let total = base
  return counts.map((n) => (total += n))
}
