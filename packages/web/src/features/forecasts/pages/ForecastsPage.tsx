import Box from '@mui/material/Box'
import Grid from '@mui/material/Grid'
import MenuItem from '@mui/material/MenuItem'
import TextField from '@mui/material/TextField'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import Typography from '@mui/material/Typography'
import { FORECAST_HORIZON, type Channel, type ForecastGranularity, type PredictiveInput } from '@proxima/contracts'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { CHANNEL_LABEL } from '../../chats/format'
import { useCommunityOptions } from '../../analytics/filter-options'
import { isPlanProblem, PlanProblem } from '../../community/components/PlanProblem'
import { ScopeSelect } from '../../analytics/components/ScopeSelect'
import { formatCount, formatPercent } from '../../analytics/format'
import { addDays, localDate } from '../../analytics/view'
import { useForecast } from '../api'
import { ForecastCard } from '../components/ForecastCard'
import { HistoryFromField } from '../components/HistoryFromField'
import { fromWithin, historyBounds, horizonChoices, PERIOD_NOUN, readView, writeView, type ForecastView } from '../view'

const GRANULARITIES: { value: ForecastGranularity; label: string }[] = [
  { value: 'day', label: 'Daily' },
  { value: 'week', label: 'Weekly' },
  { value: 'month', label: 'Monthly' },
]

const half = { xs: 12, lg: 6 }

/** "+0.5% more than the month before", "−2% fewer than the week before", "The same as the day before." */
function changeText(change: number | null, granularity: ForecastGranularity) {
  const last = `the ${PERIOD_NOUN[granularity][0]} before`
  if (change === null) return `Nothing to compare with ${last}.`
  if (change === 0) return `The same as ${last}.`
  return `${change > 0 ? '+' : '−'}${formatPercent(Math.abs(change))} ${change > 0 ? 'more' : 'fewer'} than ${last}.`
}

/**
 * Analytics → Forecasts: where the organisation is heading, each chart with its history, forecast and ranges, which
 * model was chosen and how accurate it was on the organisation's own past. The view is kept in the address.
 */
export const ForecastsPage = () => {
  const [params, setParams] = useSearchParams()
  const view = readView(params)
  const [measure, setMeasure] = useState<'chats' | 'messages'>('chats')
  const [topicId, setTopicId] = useState<number | null>(null)
  const [gender, setGender] = useState<'Male' | 'Female' | 'Other' | 'Unknown'>('Female')
  const g = view.granularity
  const base: PredictiveInput = {
    granularity: g,
    horizon: view.horizon,
    // A start from the address that the server would refuse (typed into it by hand) is not sent; the field says why.
    ...(view.from !== null && fromWithin(view.from, historyBounds(g, addDays(localDate(new Date(), 'UTC'), 1)))
      ? { from: view.from }
      : {}),
  }
  const chat: PredictiveInput = view.channel ? { ...base, channel: [view.channel as Channel] } : base
  const community: PredictiveInput = view.community === null ? base : { ...base, community: view.community }
  const interactions = useForecast('chat/interactions', { ...chat, measure })
  const escalated = useForecast('chat/escalatedchats', chat)
  const topics = useForecast('chat/topics', chat)
  const genders = useForecast('client/genderdistribution', base)
  const unique = useForecast('client/uniqueclients', base)
  const growth = useForecast('community/growthrate', community)
  const involvements = useForecast('community/involvements', community)
  const communities = useCommunityOptions()
  const timeZone = interactions.data?.timezone ?? 'UTC'
  const today = localDate(new Date(), timeZone)
  const update = (change: Partial<ForecastView>) => {
    const next = { ...view, ...change }
    // A horizon beyond the new granularity's limit goes back to its default; so does a start it cannot reach.
    if (next.horizon > FORECAST_HORIZON[next.granularity].max) next.horizon = FORECAST_HORIZON[next.granularity].default
    if (next.from !== null && !fromWithin(next.from, historyBounds(next.granularity, today))) next.from = null
    setParams(writeView(next), { replace: true })
  }
  const period = PERIOD_NOUN[g][0]
  const shownTopic = topics.data?.topics.find((t) => t.topic_id === topicId) ?? topics.data?.topics[0] ?? null
  const shownGender = genders.data?.genders.find((x) => x.gender === gender) ?? null
  const card = { granularity: g, timeZone, format: (v: number | null) => formatCount(v) }

  // Without the plan's forecasts, one message says so instead of seven refusals.
  if (interactions.error && isPlanProblem(interactions.error))
    return (
      <Box data-testid="forecasts-plan">
        <Typography sx={{ mb: 1 }}>
          Forecasts show where your chats, customers and community are heading, with how sure they are.
        </Typography>
        <PlanProblem error={interactions.error} />
      </Box>
    )

  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', mb: 2 }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={g}
          onChange={(_, next: ForecastGranularity | null) => {
            if (next) update({ granularity: next, horizon: FORECAST_HORIZON[next].default })
          }}
          aria-label="Forecast by"
        >
          {GRANULARITIES.map((x) => (
            <ToggleButton key={x.value} value={x.value}>
              {x.label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <TextField
          select
          size="small"
          label="Forecast ahead"
          value={String(view.horizon)}
          onChange={(e) => update({ horizon: Number(e.target.value) })}
          fullWidth={false}
          margin="none"
          sx={{ width: { xs: '100%', sm: 180 } }}
        >
          {[...new Set([...horizonChoices(g), view.horizon])]
            .sort((a, b) => a - b)
            .map((h) => (
              <MenuItem key={h} value={String(h)}>
                {h} {PERIOD_NOUN[g][h === 1 ? 0 : 1]}
              </MenuItem>
            ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Chat channel"
          value={view.channel ?? ''}
          onChange={(e) => update({ channel: e.target.value || null })}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          fullWidth={false}
          margin="none"
          sx={{ width: { xs: '100%', sm: 200 } }}
        >
          <MenuItem value="">All channels</MenuItem>
          {Object.entries(CHANNEL_LABEL).map(([value, label]) => (
            <MenuItem key={value} value={value}>
              {label}
            </MenuItem>
          ))}
        </TextField>
        <HistoryFromField granularity={g} value={view.from} today={today} onChange={(from) => update({ from })} />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Forecasts learn from your organization&apos;s own history of whole {PERIOD_NOUN[g][1]}; the {period} in progress
        is shown apart. They are recomputed at most once an hour.
      </Typography>
      <Grid container spacing={2}>
        <Grid size={half}>
          <ForecastCard
            title={measure === 'chats' ? 'Chats' : 'Messages'}
            testId="forecast-interactions"
            query={interactions}
            series={interactions.data ?? null}
            {...card}
            controls={
              <ToggleButtonGroup
                size="small"
                exclusive
                value={measure}
                onChange={(_, next: 'chats' | 'messages' | null) => {
                  if (next) setMeasure(next)
                }}
                aria-label="Count"
                sx={{ mb: 1 }}
              >
                <ToggleButton value="chats">Chats</ToggleButton>
                <ToggleButton value="messages">Messages</ToggleButton>
              </ToggleButtonGroup>
            }
          />
        </Grid>
        <Grid size={half}>
          <ForecastCard
            title="Escalated chats"
            testId="forecast-escalated"
            query={escalated}
            series={escalated.data ?? null}
            {...card}
          >
            {escalated.data ? (
              <>
                Escalation rate in the last whole {period}:{' '}
                {formatPercent(escalated.data.escalation_rate_history.at(-1)?.escalation_rate ?? null)} of chats with a
                message.
              </>
            ) : null}
          </ForecastCard>
        </Grid>
        <Grid size={half}>
          <ForecastCard
            title={shownTopic ? `Chats about ${shownTopic.topic}` : 'Chats per topic'}
            testId="forecast-topics"
            query={topics}
            series={shownTopic}
            emptyText="No chats with a topic in this history yet."
            {...card}
            controls={
              <TextField
                select
                size="small"
                label="Topic"
                value={shownTopic ? String(shownTopic.topic_id) : ''}
                onChange={(e) => setTopicId(Number(e.target.value))}
                fullWidth={false}
                margin="none"
                sx={{ width: { xs: '100%', sm: 260 }, mb: 1.5 }}
              >
                {(topics.data?.topics ?? []).map((t) => (
                  <MenuItem key={t.topic_id} value={String(t.topic_id)}>
                    {t.topic}
                  </MenuItem>
                ))}
              </TextField>
            }
          />
        </Grid>
        <Grid size={half}>
          <ForecastCard
            title={`New customers: ${gender === 'Unknown' ? 'gender not given' : gender.toLowerCase()}`}
            testId="forecast-genders"
            query={genders}
            series={shownGender}
            {...card}
            controls={
              <TextField
                select
                size="small"
                label="Gender"
                value={gender}
                onChange={(e) => setGender(e.target.value as typeof gender)}
                fullWidth={false}
                margin="none"
                sx={{ width: { xs: '100%', sm: 200 }, mb: 1.5 }}
              >
                <MenuItem value="Female">Female</MenuItem>
                <MenuItem value="Male">Male</MenuItem>
                <MenuItem value="Other">Other</MenuItem>
                <MenuItem value="Unknown">Not given</MenuItem>
              </TextField>
            }
          >
            {genders.data ? (
              <>
                Share of new customers so far:{' '}
                {genders.data.current_share
                  .map((s) => `${s.gender === 'Unknown' ? 'not given' : s.gender} ${formatPercent(s.percentage)}`)
                  .join(', ')}
                ; forecast:{' '}
                {genders.data.projected_share
                  .map((s) => `${s.gender === 'Unknown' ? 'not given' : s.gender} ${formatPercent(s.percentage)}`)
                  .join(', ')}
                .
              </>
            ) : null}
          </ForecastCard>
        </Grid>
        <Grid size={half}>
          <ForecastCard
            title="Active customers"
            testId="forecast-unique"
            query={unique}
            series={unique.data ?? null}
            {...card}
          >
            {unique.data ? (
              <>
                {formatCount(unique.data.history.at(-1)?.value ?? null)} customers wrote in the last whole {period}.{' '}
                {changeText(unique.data.change_percentage, g)}
              </>
            ) : null}
          </ForecastCard>
        </Grid>
        <Grid size={{ xs: 12 }}>
          <ScopeSelect
            label="Community"
            allLabel="All communities"
            value={view.community}
            options={communities.options}
            loading={communities.loading}
            onChange={(id) => update({ community: id })}
          />
        </Grid>
        <Grid size={half}>
          <ForecastCard
            title="Community members"
            testId="forecast-growth"
            query={growth}
            series={growth.data ?? null}
            {...card}
          >
            {growth.data ? (
              <>
                Growth in the last whole {period}:{' '}
                {formatPercent(growth.data.growth_rate_history.at(-1)?.growth_rate ?? null)}; forecast for the next:{' '}
                {formatPercent(
                  growth.data.growth_rate_forecast[growth.data.current_period ? 1 : 0]?.growth_rate ?? null,
                )}
                .
              </>
            ) : null}
          </ForecastCard>
        </Grid>
        <Grid size={half}>
          <ForecastCard
            title="Community involvement"
            testId="forecast-involvements"
            query={involvements}
            series={involvements.data ?? null}
            {...card}
          >
            {involvements.data ? (
              <>
                Issues, comments, reactions and joins by customers;{' '}
                {formatCount(involvements.data.participants_history.at(-1)?.participants ?? null)} customers took part
                in the last whole {period}.
              </>
            ) : null}
          </ForecastCard>
        </Grid>
      </Grid>
    </>
  )
}
