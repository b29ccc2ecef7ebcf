import { describe, expect, it } from 'vitest'
import { timeZoneNames, utcOffset } from './time-zones'

describe('the time zones offered in the business-hours form', () => {
  it('lists UTC first and zones by their current names', () => {
    const names = timeZoneNames('UTC')
    expect(names[0]).toBe('UTC')
    expect(names).toContain('Asia/Kolkata')
    expect(names).toContain('Europe/Kyiv')
    expect(names).not.toContain('Asia/Calcutta')
    expect(names.filter((z) => z === 'UTC')).toHaveLength(1)
  })

  it("keeps the organisation's current zone even when the list does not have it", () => {
    expect(timeZoneNames('US/Eastern')[0]).toBe('US/Eastern')
    expect(timeZoneNames('Africa/Nairobi').filter((z) => z === 'Africa/Nairobi')).toHaveLength(1)
  })

  it('shows the offset in force at the given moment, daylight saving time included', () => {
    expect(utcOffset('Africa/Nairobi', new Date('2026-01-15T12:00:00Z'))).toBe('UTC+03:00')
    expect(utcOffset('America/New_York', new Date('2026-01-15T12:00:00Z'))).toBe('UTC-05:00')
    expect(utcOffset('America/New_York', new Date('2026-07-15T12:00:00Z'))).toBe('UTC-04:00')
    expect(utcOffset('UTC', new Date('2026-07-15T12:00:00Z'))).toBe('UTC')
  })
})
