import { describe, expect, it } from 'vitest'
import { toDays, toSchedule } from './schedule'

describe('the weekly schedule in the business-hours form', () => {
  it('shows the API schedule as seven days from Monday, each day by opening time', () => {
    const days = toDays([
      { day: 'mon', open: '13:00', close: '17:00' },
      { day: 'sun', open: '10:00', close: '14:00' },
      { day: 'mon', open: '08:00', close: '12:00' },
    ])
    expect(days.map((d) => d.day)).toEqual(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'])
    expect(days[0]?.ranges).toEqual([
      { open: '08:00', close: '12:00' },
      { open: '13:00', close: '17:00' },
    ])
    expect(days[1]?.ranges).toEqual([])
    expect(days[6]?.ranges).toEqual([{ open: '10:00', close: '14:00' }])
  })

  it('shows 24:00 as 00:00 and sends a closing time of 00:00 as 24:00 (open until midnight)', () => {
    const days = toDays([{ day: 'sat', open: '00:00', close: '24:00' }])
    expect(days[5]?.ranges).toEqual([{ open: '00:00', close: '00:00' }])
    expect(toSchedule(days).schedule).toEqual([{ day: 'sat', open: '00:00', close: '24:00' }])
  })
})
