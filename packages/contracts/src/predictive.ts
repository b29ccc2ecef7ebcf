import { z } from 'zod'
import { Channel } from './chat.js'
import { Id, Timestamp, WindowTimeOrDate, listOf } from './common.js'
import { TimeZoneName } from './analytics.js'

/*
 * Predictive analytics (contract §8): seven forecasts of the tenant's own histories, GET with query parameters or
 * POST with a JSON body.
 */

export const PREDICTIVE_ENDPOINTS = [
  'chat/interactions',
  'chat/topics',
  'chat/escalatedchats',
  'client/genderdistribution',
  'client/uniqueclients',
  'community/growthrate',
  'community/involvements',
] as const
export type PredictiveEndpoint = (typeof PREDICTIVE_ENDPOINTS)[number]

export const ForecastGranularity = z.enum(['day', 'week', 'month'])
export type ForecastGranularity = z.infer<typeof ForecastGranularity>

/** The growth-rate endpoint's variants, another spelling of the granularity. */
export const FORECAST_VARIANTS = { daily: 'day', weekly: 'week', monthly: 'month' } as const

/** Horizon limits and defaults per granularity (§8.1). */
export const FORECAST_HORIZON: Record<ForecastGranularity, { max: number; default: number }> = {
  day: { max: 90, default: 14 },
  week: { max: 26, default: 8 },
  month: { max: 24, default: 6 },
}

const whole = (min: number, max: number) => {
  const error = `Must be a whole number from ${min} to ${max}.`
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error })
}

export const PredictiveInput = z.object({
  tenant: Id.optional(),
  tenant_id: Id.optional(),
  community: Id.optional(),
  community_id: Id.optional(),
  channel: listOf(Channel).optional(),
  timezone: TimeZoneName.optional(),
  granularity: ForecastGranularity.optional(),
  variant: z.enum(['daily', 'weekly', 'monthly']).optional(),
  from: WindowTimeOrDate.optional(),
  to: WindowTimeOrDate.optional(),
  // The limit depends on the granularity: 90 days, 26 weeks or 24 months (checked with it).
  horizon: whole(1, 90).optional(),
  measure: z.enum(['chats', 'messages']).optional(),
  topics: whole(1, 10).optional(),
})
export type PredictiveInput = z.infer<typeof PredictiveInput>

const Period = z.object({ start_time: Timestamp, end_time: Timestamp })
const HistoryPoint = Period.extend({ value: z.number() })
const CurrentPeriod = Period.extend({ value_so_far: z.number() })
const ForecastPoint = Period.extend({
  value: z.number(),
  lower_80: z.number(),
  upper_80: z.number(),
  lower_95: z.number(),
  upper_95: z.number(),
})
export type ForecastPoint = z.infer<typeof ForecastPoint>

export const FORECAST_MODELS = ['naive', 'seasonal_naive', 'ses', 'holt_damped', 'holt_winters'] as const

const ForecastMethod = z.object({
  name: z.enum([...FORECAST_MODELS, 'mean']),
  seasonal_period: z.number().int().nullable(),
  parameters: z.object({
    alpha: z.number().nullable(),
    beta: z.number().nullable(),
    gamma: z.number().nullable(),
    phi: z.number().nullable(),
  }),
  selected_by: z.enum(['backtest_smape', 'short_history']),
})

const ForecastBacktest = z.object({
  smape: z.number(),
  mape: z.number().nullable(),
  mae: z.number(),
  folds: z.number().int(),
  fold_horizon: z.number().int(),
  candidates: z.array(z.object({ name: z.enum(FORECAST_MODELS), smape: z.number() })),
})

export const ForecastQuality = z.enum(['ok', 'insufficient_history', 'flat'])

/** One forecast series: its history, the unfinished period, the forecast and how it was made. */
export const SeriesForecast = z.object({
  history: z.array(HistoryPoint),
  current_period: CurrentPeriod.nullable(),
  forecast: z.array(ForecastPoint),
  method: ForecastMethod,
  backtest: ForecastBacktest.nullable(),
  quality: ForecastQuality,
  data_points: z.number().int(),
})
export type SeriesForecast = z.infer<typeof SeriesForecast>

const ReplyBase = z.object({
  metric: z.string(),
  unit: z.string(),
  granularity: ForecastGranularity,
  timezone: z.string(),
  generated_at: Timestamp,
  cached: z.boolean(),
})

/** The `Forecast` reply of §8.2. */
export const Forecast = ReplyBase.extend(SeriesForecast.shape)
export type Forecast = z.infer<typeof Forecast>

export const PREDICTIVE_REPLIES = {
  'chat/interactions': Forecast,
  'chat/topics': ReplyBase.extend({
    topics: z.array(SeriesForecast.extend({ topic: z.string(), topic_id: z.number().int() })),
  }),
  'chat/escalatedchats': Forecast.extend({
    escalation_rate_history: z.array(Period.extend({ escalation_rate: z.number().nullable() })),
  }),
  'client/genderdistribution': ReplyBase.extend({
    genders: z.array(SeriesForecast.extend({ gender: z.enum(['Male', 'Female', 'Other', 'Unknown']) })),
    current_share: z.array(z.object({ gender: z.string(), percentage: z.number().nullable() })),
    projected_share: z.array(z.object({ gender: z.string(), percentage: z.number().nullable() })),
  }),
  'client/uniqueclients': Forecast.extend({ change_percentage: z.number().nullable() }),
  'community/growthrate': Forecast.extend({
    growth_rate_history: z.array(Period.extend({ growth_rate: z.number().nullable() })),
    growth_rate_forecast: z.array(Period.extend({ growth_rate: z.number().nullable() })),
  }),
  'community/involvements': Forecast.extend({
    participants_history: z.array(Period.extend({ participants: z.number() })),
  }),
} satisfies Record<PredictiveEndpoint, z.ZodType>
export type PredictiveReply<E extends PredictiveEndpoint> = z.infer<(typeof PREDICTIVE_REPLIES)[E]>
