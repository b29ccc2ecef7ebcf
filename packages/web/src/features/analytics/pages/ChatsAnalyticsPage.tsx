import Grid from '@mui/material/Grid'
import { DataChart } from '../components/DataChart'
import { Figure } from '../components/Figure'
import { MetricCard } from '../components/MetricCard'
import { changeFromPercentage, changeOf, formatCount, formatPercent } from '../format'
import { allZero, bucketLabels } from '../series'
import { useArea, valueOf } from '../use-area'
import { CHANNEL_LABELS } from '../view'
import { CHATS_METRICS } from '../areas'

const METRICS = CHATS_METRICS
const HEADLINE = ['countescalatedissues'] as const

const stat = { xs: 12, sm: 6, lg: 4 }
const half = { xs: 12, md: 6 }

/** Chats & channels: how many chats came in, when, through which channel, and how many were escalated. */
export const ChatsAnalyticsPage = () => {
  const { outcomes: o, previous, retry } = useArea(METRICS, HEADLINE)
  const previousEscalated = valueOf(previous.countescalatedissues)
  return (
    <Grid container spacing={2}>
      <Grid size={stat}>
        <MetricCard title="Chats" outcome={o.countchats} onRetry={retry} testId="metric-countchats">
          {(d) => (
            <Figure
              value={formatCount(d.chat_count)}
              change={changeFromPercentage(d.change_percentage)}
              better="neither"
              detail={`${formatCount(d.by_status.open)} open, ${formatCount(d.by_status.pending)} pending, ${formatCount(d.by_status.resolved)} resolved; ${formatCount(d.previous_period_count)} in the previous period.`}
            />
          )}
        </MetricCard>
      </Grid>
      <Grid size={stat}>
        <MetricCard title="Chats in the last hour" outcome={o.counthourlychats} onRetry={retry}>
          {(d) => (
            <Figure
              value={formatCount(d.total_chats_last_hour)}
              change={changeOf(d.total_chats_last_hour, d.previous_hour_count)}
              against="the hour before"
              better="neither"
              detail="Not affected by the period chosen."
            />
          )}
        </MetricCard>
      </Grid>
      <Grid size={stat}>
        <MetricCard title="Escalated chats" outcome={o.countescalatedissues} onRetry={retry}>
          {(d) => (
            <Figure
              value={formatCount(d.count)}
              change={changeOf(d.count, previousEscalated?.count)}
              better="down"
              detail={`${formatPercent(d.escalation_rate)} of chats with messages; ${formatCount(d.escalation_events)} escalations in all.`}
            />
          )}
        </MetricCard>
      </Grid>
      <Grid size={half}>
        <MetricCard
          title="Chats over time"
          outcome={o.counthourlychats}
          onRetry={retry}
          height={260}
          isEmpty={(d) => allZero(d.series.map((s) => s.count))}
          emptyText="No chats started in this period. New chats appear here as they come in."
        >
          {(d) => (
            <DataChart
              title="Chats over time"
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
          title="Running total of chats"
          outcome={o.cumulativehourlychats}
          onRetry={retry}
          height={260}
          isEmpty={(d) => d.total === 0}
          emptyText="No chats started in this period, so the running total stays at 0."
        >
          {(d) => (
            <DataChart
              title="Running total of chats"
              kind="line"
              categoryLabel="Time"
              categories={bucketLabels(d.data, d.meta)}
              series={[{ label: 'Chats so far', values: d.data.map((s) => s.cumulative), format: formatCount }]}
            />
          )}
        </MetricCard>
      </Grid>
      <Grid size={half}>
        <MetricCard
          title="Channels"
          outcome={o.communicationchannels}
          onRetry={retry}
          height={260}
          isEmpty={(d) => d.total === 0}
          emptyText="No chats in this period on any channel. Connect more channels under Settings › Integrations."
        >
          {(d) => (
            <DataChart
              title="Chats and messages by channel"
              kind="bar"
              categoryLabel="Channel"
              categories={d.channels.map((c) => CHANNEL_LABELS[c.channel])}
              series={[
                { label: 'Chats', values: d.channels.map((c) => c.chat_count), format: formatCount },
                { label: 'Messages', values: d.channels.map((c) => c.message_count), format: formatCount },
              ]}
              extraColumns={[{ label: 'Share of chats', values: d.channels.map((c) => formatPercent(c.percentage)) }]}
            />
          )}
        </MetricCard>
      </Grid>
      <Grid size={half}>
        <MetricCard
          title="Engagement"
          outcome={o.engagementfrequency}
          onRetry={retry}
          height={260}
          isEmpty={(d) => allZero(d.data.map((s) => s.message_count + s.count))}
          emptyText="No chats or messages in this period yet."
        >
          {(d) => (
            <DataChart
              title="Engagement: chats, messages and active customers"
              kind="line"
              categoryLabel="Period"
              categories={bucketLabels(d.data, d.meta)}
              series={[
                { label: 'Chats', values: d.data.map((s) => s.count), format: formatCount },
                { label: 'Messages', values: d.data.map((s) => s.message_count), format: formatCount },
                { label: 'Active customers', values: d.data.map((s) => s.active_clients), format: formatCount },
              ]}
            />
          )}
        </MetricCard>
      </Grid>
      <Grid size={half}>
        <MetricCard
          title="Escalations over time"
          outcome={o.hourlycountescalatedissues}
          onRetry={retry}
          height={260}
          isEmpty={(d) => allZero(d.series.map((s) => s.count))}
          emptyText="No chats were escalated in this period."
        >
          {(d) => (
            <DataChart
              title="Escalated chats over time"
              kind="bar"
              categoryLabel="Time"
              categories={bucketLabels(d.series, d.meta)}
              series={[{ label: 'Escalated chats', values: d.series.map((s) => s.count), format: formatCount }]}
            />
          )}
        </MetricCard>
      </Grid>
      <Grid size={half}>
        <MetricCard
          title="Escalations by channel"
          outcome={o.countescalatedissues}
          onRetry={retry}
          height={260}
          isEmpty={(d) => d.count === 0}
          emptyText="No chats were escalated in this period."
        >
          {(d) => (
            <DataChart
              title="Escalated chats by channel"
              kind="bar"
              categoryLabel="Channel"
              categories={d.by_channel.map((c) => CHANNEL_LABELS[c.channel])}
              series={[{ label: 'Escalated chats', values: d.by_channel.map((c) => c.count), format: formatCount }]}
            />
          )}
        </MetricCard>
      </Grid>
    </Grid>
  )
}
