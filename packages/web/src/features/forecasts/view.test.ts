import { describe, expect, it } from 'vitest'
import type { SeriesForecast } from '@proxima/contracts'
import {
  accuracyText,
  chartRows,
  fromWithin,
  historyBounds,
  horizonChoices,
  methodText,
  qualityText,
  readView,
  writeView,
} from './view'

const point = (start: string, end: string, value: number) => ({
  start_time: start,
  end_time: end,
  value,
  lower_80: value - 1,
  upper_80: value + 1,
  lower_95: value - 2,
  upper_95: value + 2,
})

describe('the view in the address', () => {
  it('reads defaults, and keeps only what differs from them', () => {
    expect(readView(new URLSearchParams())).toEqual({
      granularity: 'day',
      horizon: 14,
      channel: null,
      community: null,
      from: null,
    })
    const view = { granularity: 'month' as const, horizon: 12, channel: 'whatsapp', community: 4, from: '2024-03-01' }
    expect(writeView(view).toString()).toBe('g=month&h=12&channel=whatsapp&community=4&from=2024-03-01')
    expect(readView(writeView(view))).toEqual(view)
    expect(writeView(readView(new URLSearchParams('g=week&h=8'))).toString()).toBe('g=week')
  })

  it('falls back to the defaults for anything out of range', () => {
    expect(readView(new URLSearchParams('g=hour&h=999&channel=fax&community=-2'))).toEqual({
      granularity: 'day',
      horizon: 14,
      channel: null,
      community: null,
      from: null,
    })
    // 60 is a valid number of days but not of weeks (26 at most).
    expect(readView(new URLSearchParams('g=week&h=60')).horizon).toBe(8)
    for (const from of ['2024-02-30', '2024-3-1', 'yesterday', '2024-03-01T00:00'])
      expect(readView(new URLSearchParams({ from })).from).toBeNull()
  })

  it('bounds the history’s start by today and by the 1,000 periods the server allows', () => {
    expect(historyBounds('day', '2026-11-27')).toEqual({ min: '2024-03-12', max: '2026-11-27' })
    expect(historyBounds('week', '2026-11-27').min).toBe('2007-12-07')
    const bounds = historyBounds('day', '2026-11-27')
    expect(fromWithin('2025-01-01', bounds)).toBe(true)
    expect(fromWithin('2026-11-27', bounds)).toBe(true)
    expect(fromWithin('2026-11-28', bounds)).toBe(false)
    expect(fromWithin('2024-03-11', bounds)).toBe(false)
    expect(fromWithin('2025-02-29', bounds)).toBe(false)
  })

  it('offers horizons within each granularity’s limit', () => {
    expect(horizonChoices('week')).toEqual([4, 8, 12, 26])
    expect(Math.max(...horizonChoices('month'))).toBe(24)
  })
})

describe('plain words', () => {
  const method = (name: SeriesForecast['method']['name'], season: number | null = null) => ({
    method: {
      name,
      seasonal_period: season,
      parameters: { alpha: null, beta: null, gamma: null, phi: null },
      selected_by: name === 'mean' ? ('short_history' as const) : ('backtest_smape' as const),
    },
  })

  it('names the model and its season', () => {
    expect(methodText(method('holt_winters', 7))).toBe(
      'Model: Holt-Winters (trend and season) with a weekly season, the most accurate of the five tried on your own history.',
    )
    expect(methodText(method('mean'))).toBe('Forecast: the average of the history, because the history is short.')
  })

  it('says how far off the model was on the organisation’s own past', () => {
    const backtest = { smape: 12.345, mape: 11, mae: 3, folds: 3, fold_horizon: 1, candidates: [] }
    expect(accuracyText({ backtest }, 'month')).toBe(
      'Tested 3 times on your past, each time 1 month ahead: off by 12.3% on average.',
    )
    expect(accuracyText({ backtest: { ...backtest, fold_horizon: 14 } }, 'day')).toMatch(/each time 14 days ahead/)
    expect(accuracyText({ backtest: null }, 'day')).toBeNull()
  })

  it('tells a short or flat history instead of pretending', () => {
    expect(qualityText({ quality: 'insufficient_history', data_points: 3 }, 'week')).toMatch(/^Only 3 weeks of history/)
    expect(qualityText({ quality: 'insufficient_history', data_points: 0 }, 'day')).toMatch(/No whole day/)
    expect(qualityText({ quality: 'flat', data_points: 30 }, 'day')).toMatch(/Nothing happened in the last 30 days/)
    expect(qualityText({ quality: 'ok', data_points: 30 }, 'day')).toBeNull()
  })
})

describe('chart rows', () => {
  it('puts the history, then the forecast from the unfinished period, joined at the last whole period', () => {
    const rows = chartRows(
      {
        history: [
          { start_time: '2026-05-11T00:00:00.000Z', end_time: '2026-05-12T00:00:00.000Z', value: 5 },
          { start_time: '2026-05-12T00:00:00.000Z', end_time: '2026-05-13T00:00:00.000Z', value: 7 },
        ],
        current_period: {
          start_time: '2026-05-13T00:00:00.000Z',
          end_time: '2026-05-14T00:00:00.000Z',
          value_so_far: 2,
        },
        forecast: [
          point('2026-05-13T00:00:00.000Z', '2026-05-14T00:00:00.000Z', 6),
          point('2026-05-14T00:00:00.000Z', '2026-05-15T00:00:00.000Z', 8),
        ],
      },
      'day',
      'UTC',
    )
    expect(rows.labels).toEqual(['11 May', '12 May', '13 May (so far)', '14 May'])
    expect(rows.actual).toEqual([5, 7, null, null])
    expect(rows.soFar).toEqual([null, null, 2, null])
    expect(rows.forecast).toEqual([null, 7, 6, 8])
    expect(rows.lower95).toEqual([null, null, 4, 6])
    expect(rows.upper80).toEqual([null, null, 7, 9])
  })

  it('keeps the last periods of a long history', () => {
    const history = Array.from({ length: 100 }, (_, i) => ({
      start_time: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
      end_time: new Date(Date.UTC(2026, 0, 2 + i)).toISOString(),
      value: i,
    }))
    const rows = chartRows({ history, current_period: null, forecast: [] }, 'day', 'UTC', 10)
    expect(rows.actual).toEqual([90, 91, 92, 93, 94, 95, 96, 97, 98, 99])
  })
})
