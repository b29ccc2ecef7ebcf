/** Rounds half away from zero to 2 decimals (contract §1.6), without binary artefacts such as 1.005 → 1. */
export function round2(value: number): number {
  const sign = value < 0 ? -1 : 1
  return (sign * Math.round(Number(`${Math.abs(value)}e2`))) / 100
}

/** `part ÷ whole × 100` rounded to 2 decimals, or null when `whole` is 0 (contract §1.6 empty aggregates). */
export function percentage(part: number, whole: number): number | null {
  return whole === 0 ? null : round2((part / whole) * 100)
}
