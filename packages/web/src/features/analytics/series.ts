import type { AnalyticsMeta } from '@proxima/contracts'
import { bucketLabel } from './format'

type Bucket = { start_time: string; end_time: string; partial: boolean }

/**
 * The labels of a reply's series buckets, in the reply's own time zone and granularity; hours carry their day when
 * the series spans more than one. A partial bucket (cut by the window or not over yet) is marked "(so far)" when it
 * is the last one.
 */
export function bucketLabels(items: readonly Bucket[], meta: AnalyticsMeta): string[] {
  const first = items[0]
  const last = items[items.length - 1]
  const longSpan =
    first !== undefined && last !== undefined && Date.parse(last.end_time) - Date.parse(first.start_time) > 86_400_000
  return items.map((item, index) => {
    const label = bucketLabel(item.start_time, meta.granularity, meta.timezone, longSpan)
    return item.partial && index === items.length - 1 && Date.parse(item.end_time) > Date.now()
      ? `${label} (so far)`
      : label
  })
}

/** Whether every value of a series is zero (or missing): the chart then shows an empty state instead. */
export const allZero = (values: readonly (number | null | undefined)[]) => values.every((v) => !v)
