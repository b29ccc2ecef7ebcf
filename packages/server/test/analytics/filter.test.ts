import { AnalyticsFilterInput } from '@proxima/contracts'
import { describe, expect, it } from 'vitest'
import { canonicalFilter, ignoredFilters } from '../../src/features/analytics/filter.js'
import { AppError } from '../../src/lib/errors.js'

const parse = (input: unknown) => AnalyticsFilterInput.safeParse(input)

describe('the analytics filter object (contract §7.2)', () => {
  it('reads query strings and JSON alike, channels as a list or comma-separated', () => {
    const query = parse({ community_id: '4', channel: 'whatsapp,Email', business_hours: 'true', limit: '5' })
    const body = parse({ community: 4, channel: ['whatsapp', 'email'], business_hours: true, limit: 5 })
    expect(query.success && body.success).toBe(true)
    expect(canonicalFilter(query.data!)).toEqual(canonicalFilter(body.data!))
    expect(canonicalFilter(body.data!)).toEqual({
      filter: { community: 4, channel: ['whatsapp', 'email'], business_hours: true, limit: 5 },
      given: ['community', 'channel', 'business_hours', 'limit'],
    })
  })

  it('defaults the ranked lists to 10 and names only what was given', () => {
    expect(canonicalFilter(parse({}).data!)).toEqual({ filter: { limit: 10 }, given: [] })
  })

  it('refuses an id and its alias that disagree, and accepts them when they agree', () => {
    expect(canonicalFilter(parse({ survey: 3, survey_id: '3' }).data!).filter.survey).toBe(3)
    try {
      canonicalFilter(parse({ survey: 3, survey_id: 4 }).data!)
      expect.unreachable()
    } catch (err) {
      expect(err).toBeInstanceOf(AppError)
      expect((err as AppError).statusCode).toBe(400)
    }
  })

  it.each([
    [{ timezone: 'Mars/Olympus_Mons' }, 'timezone'],
    [{ channel: 'pigeon' }, 'channel'],
    [{ granularity: 'year' }, 'granularity'],
    [{ limit: 51 }, 'limit'],
    [{ limit: 0 }, 'limit'],
    [{ from: 'last week' }, 'from'],
    [{ community: -1 }, 'community'],
    [{ business_hours: 'maybe' }, 'business_hours'],
  ])('refuses %o under %s', (input, field) => {
    const result = parse(input)
    expect(result.success).toBe(false)
    expect(result.error!.issues.map((i) => i.path[0])).toContain(field)
  })

  it('lists the given filters an endpoint does not use, never the window, time zone or tenant', () => {
    const { given } = canonicalFilter(
      parse({ tenant: 1, from: '2026-01-01', timezone: 'UTC', community_id: 2, channel: 'email', limit: 3 }).data!,
    )
    expect(ignoredFilters(given, new Set(['channel']))).toEqual(['community', 'limit'])
    expect(ignoredFilters(given, new Set(['community', 'channel', 'limit']))).toEqual([])
  })
})
