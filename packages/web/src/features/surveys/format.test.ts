import { describe, expect, it } from 'vitest'
import { count, invitedText, percent, runPeriod } from './format'

describe('survey figures in words', () => {
  it('counts and rates', () => {
    expect(count(1, 'response')).toBe('1 response')
    expect(count(1200, 'person', 'people')).toMatch(/^1.200 people$/)
    expect(percent(null)).toBe('—')
    expect(percent(42.46, 1)).toBe('42.5%')
  })

  it('names the run period from its days', () => {
    expect(runPeriod({ start_day: null, end_day: null })).toBe('')
    expect(runPeriod({ start_day: '2026-03-01', end_day: null })).toMatch(/^From /)
    expect(runPeriod({ start_day: null, end_day: '2026-03-31' })).toMatch(/^Until /)
    expect(runPeriod({ start_day: '2026-03-01', end_day: '2026-03-31' })).toContain(' – ')
  })

  it('says how many invitations left and why others were skipped', () => {
    expect(invitedText({ queued: 1, skipped: [] })).toBe('1 invitation is on its way.')
    expect(
      invitedText({
        queued: 2,
        skipped: [
          { email: 'a@example.com', reason: 'already_invited' },
          { email: 'b@example.com', reason: 'already_responded' },
          { email: 'c@example.com', reason: 'already_invited' },
        ],
      }),
    ).toBe('2 invitations are on their way; 3 addresses were skipped (already invited, already answered).')
  })
})
