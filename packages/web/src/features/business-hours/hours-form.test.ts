import { describe, expect, it } from 'vitest'
import { HoursDraft, formPathOf } from './hours-form'
import { toDays } from './schedule'

const reasons = (input: unknown) =>
  HoursDraft.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message])

describe('the business-hours form', () => {
  const days = toDays([
    { day: 'tue', open: '09:00', close: '12:00' },
    { day: 'tue', open: '13:00', close: '17:00' },
    { day: 'fri', open: '09:00', close: '17:00' },
  ])

  it('sends the schedule as the API wants it when the server rules accept it', () => {
    const parsed = HoursDraft.parse({ timezone: 'Africa/Nairobi', enabled: true, days, holidays: ['2030-12-25'] })
    expect(parsed).toEqual({
      timezone: 'Africa/Nairobi',
      business_hours: {
        enabled: true,
        schedule: [
          { day: 'tue', open: '09:00', close: '12:00' },
          { day: 'tue', open: '13:00', close: '17:00' },
          { day: 'fri', open: '09:00', close: '17:00' },
        ],
        holidays: ['2030-12-25'],
      },
    })
  })

  it("puts the server rules' reasons on the row, the day or the field they are about", () => {
    const wrong = toDays([
      { day: 'mon', open: '09:00', close: '12:00' },
      { day: 'mon', open: '11:00', close: '14:00' },
      { day: 'thu', open: '10:00', close: '09:00' },
    ])
    expect(reasons({ timezone: '+05:30', enabled: true, days: wrong, holidays: ['2030-02-30'] })).toEqual([
      ['timezone', 'Enter an IANA time-zone name such as Africa/Nairobi.'],
      ['days.3.ranges.0.close', 'close must be after open.'],
      ['holidays.0', expect.any(String)],
      ['days.0.day', 'Opening hours of one day must not overlap.'],
    ])
  })

  it("puts the API's reasons, by the path of the update it was sent, on the same places", () => {
    expect(formPathOf('business_hours.schedule.1.close'.split('.'), days)).toEqual(['days', 1, 'ranges', 1, 'close'])
    expect(formPathOf('business_hours.schedule.2.open'.split('.'), days)).toEqual(['days', 4, 'ranges', 0, 'open'])
    expect(formPathOf(['timezone'], days)).toEqual(['timezone'])
    expect(formPathOf('business_hours.holidays.0'.split('.'), days)).toEqual(['holidays', '0'])
    // Hours that overlap, by the API's rule, on the day that has them; anything else on the weekly hours.
    const overlapping = toDays([
      { day: 'wed', open: '09:00', close: '12:00' },
      { day: 'wed', open: '11:00', close: '13:00' },
    ])
    expect(formPathOf(['business_hours', 'schedule'], overlapping)).toEqual(['days', 2, 'day'])
    expect(formPathOf(['business_hours', 'enabled'], days)).toEqual(['enabled'])
  })
})
