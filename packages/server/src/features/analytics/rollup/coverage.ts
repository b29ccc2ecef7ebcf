/*
 * Which parts of a series are read from the rollups and which from the live tables. Each bucket `[a, b)` is cut, from
 * its start, into the coarsest pieces that are known to be exact: a whole UTC day whose 24 hours are sealed and
 * none marked dirty, else a whole sealed and clean UTC hour, else the live tables up to the next hour boundary (or
 * the bucket's end). A bucket edge inside an hour (a half-hour time zone, a window starting at 10:17) is read live
 * up to the hour; the current hour and any marked hour are always live. Adjacent pieces of one level and bucket are
 * merged, so a 365-day weekly series is about 52 day ranges and a few hour and live ranges.
 */

export const HOUR_MS = 3_600_000
export const DAY_MS = 86_400_000

export type RollupState = {
  /** Every hour before this instant is rolled up (but the dirty ones); null when nothing is. */
  sealedUntil: Date | null
  /** Start (epoch ms) of each hour of the tenant marked dirty, within the span asked about. */
  dirtyHours: ReadonlySet<number>
}

export type PieceLevel = 'day' | 'hour' | 'live'

/** `[from, to)` (epoch ms) read at `level`, counted in bucket `b` (1-based). */
export type Piece = { level: PieceLevel; from: number; to: number; b: number }

/** Pieces covering the buckets `[edges[i-1], edges[i])`, bucket i (1-based), in time order. */
export function coverage(edges: readonly Date[], state: RollupState): Piece[] {
  const sealed = state.sealedUntil?.getTime() ?? Number.NEGATIVE_INFINITY
  const cleanHour = (h: number) => h + HOUR_MS <= sealed && !state.dirtyHours.has(h)
  const cleanDay = (d: number) => {
    if (d + DAY_MS > sealed) return false
    if (state.dirtyHours.size === 0) return true
    for (let h = d; h < d + DAY_MS; h += HOUR_MS) if (state.dirtyHours.has(h)) return false
    return true
  }
  const pieces: Piece[] = []
  const push = (level: PieceLevel, from: number, to: number, b: number) => {
    const last = pieces[pieces.length - 1]
    if (last && last.level === level && last.b === b && last.to === from) last.to = to
    else pieces.push({ level, from, to, b })
  }
  for (let i = 1; i < edges.length; i++) {
    const end = edges[i]!.getTime()
    let t = edges[i - 1]!.getTime()
    while (t < end) {
      if (t % DAY_MS === 0 && t + DAY_MS <= end && cleanDay(t)) {
        push('day', t, t + DAY_MS, i)
        t += DAY_MS
      } else if (t % HOUR_MS === 0 && t + HOUR_MS <= end && cleanHour(t)) {
        push('hour', t, t + HOUR_MS, i)
        t += HOUR_MS
      } else {
        const next = Math.min(end, Math.floor(t / HOUR_MS) * HOUR_MS + HOUR_MS)
        push('live', t, next, i)
        t = next
      }
    }
  }
  return pieces
}
