import { describe, expect, it } from 'vitest'
import type { BusinessHoursValue } from '../../src/db/schema.js'
import { isOpenAt } from '../../src/features/tenants/settings.service.js'

type Entry = BusinessHoursValue['schedule'][number]
const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri'] as const
const nineToFive: Entry[] = WEEKDAYS.map((day) => ({ day, open: '09:00', close: '17:00' }))
const hours = (schedule: Entry[], holidays: string[] = []): BusinessHoursValue => ({
  enabled: true,
  schedule,
  holidays,
})
const openAt = (h: BusinessHoursValue, timezone: string, iso: string) => isOpenAt(h, timezone, new Date(iso))

describe('whether the business is open now', () => {
  it('is always open while business hours are turned off', () => {
    const off = { ...hours([]), enabled: false }
    expect(openAt(off, 'UTC', '2026-11-29T03:00:00.000Z')).toBe(true)
  })

  it("opens at the opening minute and closes at the closing minute, in the organisation's time zone", () => {
    const h = hours(nineToFive)
    // Monday 30 November in Nairobi (UTC+3): 09:00 is 06:00 UTC, 17:00 is 14:00 UTC.
    expect(openAt(h, 'Africa/Nairobi', '2026-11-30T05:59:59.000Z')).toBe(false)
    expect(openAt(h, 'Africa/Nairobi', '2026-11-30T06:00:00.000Z')).toBe(true)
    expect(openAt(h, 'Africa/Nairobi', '2026-11-30T13:59:59.000Z')).toBe(true)
    expect(openAt(h, 'Africa/Nairobi', '2026-11-30T14:00:00.000Z')).toBe(false)
    // The same instant in UTC is still before 09:00 there.
    expect(openAt(h, 'UTC', '2026-11-30T06:00:00.000Z')).toBe(false)
  })

  it('follows half-hour offsets', () => {
    // Monday 09:00 in Kolkata (UTC+5:30) is 03:30 UTC.
    expect(openAt(hours(nineToFive), 'Asia/Kolkata', '2026-11-30T03:29:00.000Z')).toBe(false)
    expect(openAt(hours(nineToFive), 'Asia/Kolkata', '2026-11-30T03:30:00.000Z')).toBe(true)
  })

  it('uses the local weekday when it differs from the weekday in UTC', () => {
    // Sunday 20:00 UTC is already Monday 09:00 in Auckland (UTC+13 in summer).
    const sundayEvening = '2026-11-29T20:00:00.000Z'
    expect(openAt(hours(nineToFive), 'Pacific/Auckland', sundayEvening)).toBe(true)
    expect(openAt(hours(nineToFive), 'UTC', sundayEvening)).toBe(false)
    // And Friday 16:00 in Los Angeles (UTC−8) is already Saturday in UTC.
    expect(openAt(hours(nineToFive), 'America/Los_Angeles', '2026-12-05T00:00:00.000Z')).toBe(true)
  })

  it('takes holidays as local dates', () => {
    const h = hours(nineToFive, ['2026-11-30'])
    // Monday 30 November, 09:00 in Auckland, while it is still 29 November in UTC.
    expect(openAt(h, 'Pacific/Auckland', '2026-11-29T20:00:00.000Z')).toBe(false)
    // Tuesday in Auckland is not a holiday.
    expect(openAt(h, 'Pacific/Auckland', '2026-11-30T20:00:00.000Z')).toBe(true)
  })

  it('keeps the local opening time when daylight saving time starts', () => {
    const h = hours(nineToFive)
    // New York: Friday 6 March 2026 is on EST (UTC−5), Monday 9 March on EDT (UTC−4).
    expect(openAt(h, 'America/New_York', '2026-03-06T13:59:00.000Z')).toBe(false)
    expect(openAt(h, 'America/New_York', '2026-03-06T14:00:00.000Z')).toBe(true)
    expect(openAt(h, 'America/New_York', '2026-03-09T12:59:00.000Z')).toBe(false)
    expect(openAt(h, 'America/New_York', '2026-03-09T13:00:00.000Z')).toBe(true)
    expect(openAt(h, 'America/New_York', '2026-03-09T20:59:00.000Z')).toBe(true)
    expect(openAt(h, 'America/New_York', '2026-03-09T21:00:00.000Z')).toBe(false)
  })

  it('skips the hour that does not exist on the night the clocks go forward', () => {
    // On Sunday 8 March 2026 New York's clocks jump from 02:00 EST (07:00 UTC) to 03:00 EDT.
    const night = hours([{ day: 'sun', open: '01:00', close: '03:00' }])
    expect(openAt(night, 'America/New_York', '2026-03-08T06:30:00.000Z')).toBe(true) // 01:30 EST
    expect(openAt(night, 'America/New_York', '2026-03-08T06:59:59.000Z')).toBe(true) // 01:59:59 EST
    expect(openAt(night, 'America/New_York', '2026-03-08T07:00:00.000Z')).toBe(false) // 03:00 EDT
  })

  it('is open through both runs of the hour repeated when the clocks go back', () => {
    // On Sunday 25 October 2026 London goes from 02:00 BST back to 01:00 GMT, so 01:00–02:00 happens twice.
    const h = hours([{ day: 'sun', open: '01:00', close: '02:00' }])
    expect(openAt(h, 'Europe/London', '2026-10-24T23:59:00.000Z')).toBe(false) // 00:59 BST
    expect(openAt(h, 'Europe/London', '2026-10-25T00:30:00.000Z')).toBe(true) // 01:30 BST
    expect(openAt(h, 'Europe/London', '2026-10-25T01:30:00.000Z')).toBe(true) // 01:30 GMT
    expect(openAt(h, 'Europe/London', '2026-10-25T02:00:00.000Z')).toBe(false) // 02:00 GMT
  })

  it('treats 24:00 as the end of the day and split hours as separate openings', () => {
    const h = hours([
      { day: 'sat', open: '00:00', close: '24:00' },
      { day: 'mon', open: '08:00', close: '12:00' },
      { day: 'mon', open: '13:00', close: '17:00' },
    ])
    expect(openAt(h, 'UTC', '2026-11-28T00:00:00.000Z')).toBe(true)
    expect(openAt(h, 'UTC', '2026-11-28T23:59:59.000Z')).toBe(true)
    expect(openAt(h, 'UTC', '2026-11-29T00:00:00.000Z')).toBe(false)
    expect(openAt(h, 'UTC', '2026-11-30T11:59:00.000Z')).toBe(true)
    expect(openAt(h, 'UTC', '2026-11-30T12:30:00.000Z')).toBe(false)
    expect(openAt(h, 'UTC', '2026-11-30T13:00:00.000Z')).toBe(true)
  })
})
