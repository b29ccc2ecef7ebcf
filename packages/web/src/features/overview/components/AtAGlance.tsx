import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import CardActionArea from '@mui/material/CardActionArea'
import CardContent from '@mui/material/CardContent'
import Grid from '@mui/material/Grid'
import Skeleton from '@mui/material/Skeleton'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import Typography from '@mui/material/Typography'
import type { AnalyticsMetric } from '@proxima/contracts'
import { useState, type ReactNode } from 'react'
import { Link as RouterLink, useSearchParams } from 'react-router'
import { useMetrics } from '../../analytics/api'
import { changeFromPercentage, formatCount, formatDuration, formatPercent, type Change } from '../../analytics/format'
import type { MetricOutcome } from '../../analytics/outcome'
import { DEFAULT_VIEW, PERIOD_LABELS, filterOf, localDate, type Period } from '../../analytics/view'
import { useSettings } from '../../widget-settings/api'

const METRICS = [
  'countchats',
  'counthourlychats',
  'countescalatedissues',
  'averageresponsetime',
  'clientsatisfaction',
  'populartopics',
  'communitymembers',
  'totalsurveys',
] as const
const CHOICES = ['24h', '7d', '30d'] as const satisfies Period[]
type Choice = (typeof CHOICES)[number]

type Shown = { value: string; detail: string; change?: Change | null }
type Tile<N extends AnalyticsMetric> = {
  id: string
  label: string
  area: string
  outcome: MetricOutcome<N>
  show: (data: Extract<MetricOutcome<N>, { status: 'fulfilled' }>['data']) => Shown
}

function GlanceCard<N extends AnalyticsMetric>({ tile, search }: { tile: Tile<N>; search: string }) {
  const { outcome } = tile
  let body: ReactNode
  if (outcome.status === 'pending') body = <Skeleton variant="text" width="60%" height={44} aria-hidden="true" />
  else if (outcome.status === 'rejected')
    body = (
      <Typography variant="body2" color="error.dark" sx={{ my: 1 }}>
        {outcome.message}
      </Typography>
    )
  else {
    const shown = tile.show(outcome.data)
    body = (
      <>
        <Typography component="p" data-testid={`glance-${tile.id}`} sx={{ fontSize: 28, fontWeight: 500, my: 0.5 }}>
          {shown.value}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {shown.detail}
          {shown.change ? ` ${shown.change.text} vs previous period.` : ''}
        </Typography>
      </>
    )
  }
  return (
    <Card sx={{ height: '100%' }} aria-busy={outcome.status === 'pending'}>
      <CardActionArea
        component={RouterLink}
        to={{ pathname: `/analytics/${tile.area}`, search }}
        sx={{ height: '100%', alignItems: 'flex-start' }}
      >
        <CardContent>
          <Typography component="p" variant="body2" color="text.secondary" sx={{ fontWeight: 500 }}>
            {tile.label}
          </Typography>
          {body}
        </CardContent>
      </CardActionArea>
    </Card>
  )
}

/**
 * "At a glance": the headline analytics numbers for a chosen period (kept in the URL as `glance`), loaded with one
 * batch request; each card opens its analytics page for the same period. No chart code is loaded here.
 */
export const AtAGlance = () => {
  const [params, setParams] = useSearchParams()
  const choice: Choice = CHOICES.find((c) => c === params.get('glance')) ?? '7d'
  const settings = useSettings()
  const timeZone = settings.data?.timezone ?? (settings.isError ? 'UTC' : null)
  const [now] = useState(() => new Date())
  const view = { ...DEFAULT_VIEW, period: choice }
  const filter = timeZone ? filterOf(view, now, timeZone) : null
  const { outcomes: o } = useMetrics(METRICS, filter)
  const search = choice === DEFAULT_VIEW.period ? '' : `?period=${choice}`

  const tiles = [
    {
      id: 'chats',
      label: 'Chats',
      area: 'chats',
      outcome: o.countchats,
      show: (d) => ({
        value: formatCount(d.chat_count),
        detail: `${formatCount(d.by_status.open)} open now.`,
        change: changeFromPercentage(d.change_percentage),
      }),
    } satisfies Tile<'countchats'>,
    {
      id: 'last-hour',
      label: 'Chats in the last hour',
      area: 'chats',
      outcome: o.counthourlychats,
      show: (d) => ({
        value: formatCount(d.total_chats_last_hour),
        detail: `${formatCount(d.previous_hour_count)} the hour before.`,
      }),
    } satisfies Tile<'counthourlychats'>,
    {
      id: 'escalations',
      label: 'Escalated chats',
      area: 'chats',
      outcome: o.countescalatedissues,
      show: (d) => ({ value: formatCount(d.count), detail: `${formatPercent(d.escalation_rate)} of active chats.` }),
    } satisfies Tile<'countescalatedissues'>,
    {
      id: 'response',
      label: 'Average response time',
      area: 'response',
      outcome: o.averageresponsetime,
      show: (d) => ({
        value: formatDuration(d.average_seconds),
        detail: `Median ${formatDuration(d.median_seconds)}; ${formatCount(d.unanswered_count)} waiting.`,
      }),
    } satisfies Tile<'averageresponsetime'>,
    {
      id: 'satisfaction',
      label: 'Satisfied customers',
      area: 'response',
      outcome: o.clientsatisfaction,
      show: (d) => ({
        value: formatPercent(d.satisfaction_percentage),
        detail: `${formatCount(d.rated_count)} ratings.`,
      }),
    } satisfies Tile<'clientsatisfaction'>,
    {
      id: 'topic',
      label: 'Top topic',
      area: 'topics',
      outcome: o.populartopics,
      show: (d) => {
        const top = d.data[0]
        return top
          ? { value: top.topic, detail: `${formatCount(top.count)} chats (${formatPercent(top.percentage)}).` }
          : { value: 'None yet', detail: 'No chat had a topic in this period.' }
      },
    } satisfies Tile<'populartopics'>,
    {
      id: 'members',
      label: 'Community members',
      area: 'community',
      outcome: o.communitymembers,
      show: (d) => ({
        value: formatCount(d.member_count),
        detail: `${formatCount(d.new_members)} joined, ${formatCount(d.active_members)} active.`,
      }),
    } satisfies Tile<'communitymembers'>,
    {
      id: 'surveys',
      label: 'Surveys',
      area: 'surveys',
      outcome: o.totalsurveys,
      show: (d) => ({
        value: formatCount(d.survey_count),
        detail: `${formatCount(d.by_status.published)} running; ${formatCount(d.created_in_window)} created in this period.`,
      }),
    } satisfies Tile<'totalsurveys'>,
  ]

  return (
    <Box component="section" aria-labelledby="glance-heading" sx={{ mb: 4 }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
          mb: 1.5,
        }}
      >
        <Typography id="glance-heading" variant="h2" component="h2">
          At a glance
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={choice}
          aria-label="Period shown at a glance"
          sx={{ bgcolor: 'background.paper' }}
          onChange={(_, next: Choice | null) => {
            if (!next) return
            const nextParams = new URLSearchParams(params)
            if (next === '7d') nextParams.delete('glance')
            else nextParams.set('glance', next)
            setParams(nextParams, { replace: true })
          }}
        >
          {CHOICES.map((c) => (
            <ToggleButton key={c} value={c}>
              {PERIOD_LABELS[c].replace('Last ', '')}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      <Grid container spacing={2} component="ul" sx={{ p: 0, m: 0, listStyle: 'none' }} aria-label="At a glance">
        {tiles.map((tile) => (
          <Grid key={tile.id} size={{ xs: 12, sm: 6, lg: 3 }} component="li">
            <GlanceCard tile={tile as Tile<AnalyticsMetric>} search={search} />
          </Grid>
        ))}
      </Grid>
      {timeZone ? (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {PERIOD_LABELS[choice]} up to {localDate(now, timeZone)}, {timeZone.replace(/_/g, ' ')} time.
        </Typography>
      ) : null}
    </Box>
  )
}
