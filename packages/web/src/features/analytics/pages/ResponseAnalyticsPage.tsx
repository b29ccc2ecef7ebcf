import Grid from '@mui/material/Grid'
import { DataChart } from '../components/DataChart'
import { Figure } from '../components/Figure'
import { MetricCard } from '../components/MetricCard'
import { changeOf, formatCount, formatDuration, formatDurationShort, formatPercent, formatRating } from '../format'
import { allZero, bucketLabels } from '../series'
import { useArea, valueOf } from '../use-area'
import { StarsChart } from '../components/StarsChart'
import { RESPONSE_METRICS } from '../areas'

const METRICS = RESPONSE_METRICS
const HEADLINE = ['averageresponsetime', 'clientsatisfaction'] as const

const stat = { xs: 12, sm: 6, lg: 3 }
const half = { xs: 12, md: 6 }
const seconds = (v: number | null) => formatDuration(v)
const PER = { hour: 'per hour', day: 'per day', week: 'per week', month: 'per month' } as const

/** Response & satisfaction: how fast people get a human answer, and how they rate their chats. */
export const ResponseAnalyticsPage = () => {
  const { ctx, outcomes: o, previous, retry } = useArea(METRICS, HEADLINE)
  const per = PER[ctx.granularity]
  const before = valueOf(previous.averageresponsetime)
  const beforeRating = valueOf(previous.clientsatisfaction)
  return (
    <Grid container spacing={2}>
      <Grid size={stat}>
        {/* The average response time is `averageresponsetime` over the window, not the last hour's figure. */}
        <MetricCard
          title="Average response time"
          outcome={o.averageresponsetime}
          onRetry={retry}
          testId="metric-averageresponsetime"
        >
          {(d) => (
            <Figure
              value={formatDuration(d.average_seconds)}
              change={changeOf(d.average_seconds, before?.average_seconds)}
              better="down"
              detail={`Median ${formatDuration(d.median_seconds)}, 90% within ${formatDuration(d.p90_seconds)}; ${formatCount(d.response_count)} replies.`}
            />
          )}
        </MetricCard>
      </Grid>
      <Grid size={stat}>
        <MetricCard title="First response" outcome={o.averageresponsetime} onRetry={retry}>
          {(d) => (
            <Figure
              value={formatDuration(d.first_response.average_seconds)}
              change={changeOf(d.first_response.average_seconds, before?.first_response.average_seconds)}
              better="down"
              detail={`Median ${formatDuration(d.first_response.median_seconds)} over ${formatCount(d.first_response.count)} chats; ${formatCount(d.unanswered_count)} still waiting.`}
            />
          )}
        </MetricCard>
      </Grid>
      <Grid size={stat}>
        <MetricCard title="Satisfied customers" outcome={o.clientsatisfaction} onRetry={retry}>
          {(d) => (
            <Figure
              value={formatPercent(d.satisfaction_percentage)}
              change={changeOf(d.satisfaction_percentage, beforeRating?.satisfaction_percentage, 'points')}
              detail={`Ratings of 4 or 5 out of ${formatCount(d.rated_count)} ratings.`}
            />
          )}
        </MetricCard>
      </Grid>
      <Grid size={stat}>
        <MetricCard title="Average rating" outcome={o.clientsatisfaction} onRetry={retry}>
          {(d) => (
            <Figure
              value={formatRating(d.average_rating)}
              change={changeOf(d.average_rating, beforeRating?.average_rating)}
              detail={`${formatPercent(d.rating_response_rate)} of resolved chats were rated.`}
            />
          )}
        </MetricCard>
      </Grid>
      <Grid size={{ xs: 12 }}>
        <MetricCard
          title="Response time over time"
          outcome={o.hourlyaverageresponsetime}
          onRetry={retry}
          height={260}
          isEmpty={(d) => d.series.every((s) => s.response_count === 0)}
          emptyText="No human replies in this period. Response times appear once your team answers chats."
        >
          {(d) => (
            <DataChart
              title="Response time over time"
              kind="line"
              categoryLabel="Time"
              categories={bucketLabels(d.series, d.meta)}
              series={[
                {
                  label: 'Average',
                  values: d.series.map((s) => s.average_seconds),
                  format: seconds,
                  axisFormat: formatDurationShort,
                },
                {
                  label: 'Median',
                  values: d.series.map((s) => s.median_seconds),
                  format: seconds,
                  axisFormat: formatDurationShort,
                },
              ]}
              extraColumns={[{ label: 'Replies', values: d.series.map((s) => formatCount(s.response_count)) }]}
            />
          )}
        </MetricCard>
      </Grid>
      <Grid size={half}>
        <MetricCard
          title={`Chats ${per}`}
          outcome={o.counthourlychats}
          onRetry={retry}
          height={260}
          isEmpty={(d) => allZero(d.series.map((s) => s.count))}
          emptyText="No chats started in this period."
        >
          {(d) => (
            <DataChart
              title={`Chats ${per}`}
              kind="bar"
              categoryLabel="Time"
              categories={bucketLabels(d.series, d.meta)}
              series={[{ label: 'Chats', values: d.series.map((s) => s.count), format: formatCount }]}
            />
          )}
        </MetricCard>
      </Grid>
      <Grid size={half}>
        <MetricCard
          title={`Satisfaction ${per}`}
          outcome={o.hourlyclientsatisfaction}
          onRetry={retry}
          height={260}
          isEmpty={(d) => d.series.every((s) => s.rated_count === 0)}
          emptyText="No chats were rated in this period. Ratings come in when customers rate a resolved chat."
        >
          {(d) => (
            <DataChart
              title={`Satisfaction ${per}`}
              kind="line"
              categoryLabel="Time"
              categories={bucketLabels(d.series, d.meta)}
              series={[
                {
                  label: 'Satisfied',
                  values: d.series.map((s) => s.satisfaction_percentage),
                  format: (v) => formatPercent(v),
                },
              ]}
              extraColumns={[
                { label: 'Average rating', values: d.series.map((s) => formatRating(s.average_rating)) },
                { label: 'Ratings', values: d.series.map((s) => formatCount(s.rated_count)) },
              ]}
            />
          )}
        </MetricCard>
      </Grid>
      <Grid size={half}>
        <MetricCard
          title="Ratings"
          outcome={o.clientsatisfaction}
          onRetry={retry}
          height={260}
          isEmpty={(d) => d.rated_count === 0}
          emptyText="No chats were rated in this period."
        >
          {(d) => <StarsChart title="Ratings by stars" distribution={d.distribution} />}
        </MetricCard>
      </Grid>
    </Grid>
  )
}
