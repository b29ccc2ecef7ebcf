import { percentage } from '../../lib/numbers.js'

/** A percentage capped at 100 (rates whose numerator may exceed their denominator), or null without a denominator. */
export function cappedPercentage(part: number, whole: number): number | null {
  const value = percentage(part, whole)
  return value === null ? null : Math.min(100, value)
}

/**
 * The response rate (§7.11): audience members who responded ÷ audience size × 100; when the audience is empty,
 * responses ÷ impressions × 100 (capped at 100); null when that denominator is 0.
 */
export function responseRate(r: { audience: number; respondents: number; responses: number; impressions: number }) {
  return r.audience > 0 ? cappedPercentage(r.respondents, r.audience) : cappedPercentage(r.responses, r.impressions)
}
