/*
 * SQL text for the demo scripts. They run as plain scripts on one session (`Database.session`), so values are
 * written as literals: numbers are checked to be finite, text is quoted with its quotes doubled.
 */

/** A text literal. */
export function lit(value: string | null): string {
  return value === null ? 'NULL' : `'${value.replaceAll("'", "''")}'`
}

/** A number literal (whole or not). */
export function num(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`Not a finite number: ${value}`)
  return String(value)
}

export const textArray = (values: string[]) => `ARRAY[${values.map(lit).join(', ')}]::text[]`
export const bigintArray = (values: number[]) =>
  values.length === 0 ? `'{}'::bigint[]` : `ARRAY[${values.map(num).join(', ')}]::bigint[]`
export const floatArray = (values: number[]) => `ARRAY[${values.map(num).join(', ')}]::float8[]`
export const ts = (at: Date) => `${lit(at.toISOString())}::timestamptz`

/**
 * The demo's random numbers: a uniform number in [0, 1) drawn from a whole-number key (a row's position, never a
 * database id) and a stream (one per kind of choice), with the seed. PostgreSQL's `hashint8extended` is the hash of
 * hash partitioning, which must stay the same across versions and platforms; 52 of its bits make the fraction.
 */
export function rnd(seed: number, key: string, stream: number): string {
  return `((hashint8extended((${key})::bigint, ${num(seed * 1000 + stream)}) & 4503599627370495)::float8 / 4503599627370496.0)`
}

/**
 * The 1-based index a uniform `r` falls into given cumulative weights (thresholds start at 0): the weighted choice
 * among as many items as weights.
 */
export function pick(r: string, weights: number[]): string {
  const total = weights.reduce((a, b) => a + b, 0)
  let acc = 0
  const bounds = weights.map((w) => {
    const at = acc / total
    acc += w
    return at
  })
  return `width_bucket(${r}, ${floatArray(bounds)})`
}
