import Grid from '@mui/material/Grid'
import Typography from '@mui/material/Typography'
import { DataChart } from '../components/DataChart'
import { MetricCard } from '../components/MetricCard'
import { formatCount, formatPercent } from '../format'
import { useArea } from '../use-area'
import { TOPICS_METRICS } from '../areas'

const METRICS = TOPICS_METRICS

/** Topics: what customers ask about most, and which topics hardly come up. */
export const TopicsAnalyticsPage = () => {
  const { outcomes: o, retry } = useArea(METRICS)
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 6 }}>
        <MetricCard
          title="Popular topics"
          outcome={o.populartopics}
          onRetry={retry}
          height={280}
          isEmpty={(d) => d.data.length === 0}
          emptyText="No chats with a topic in this period. Topics are set on chats by keywords (Settings › Topics) or by your team."
        >
          {(d) => (
            <>
              <DataChart
                title="Popular topics"
                kind="bar"
                horizontal
                categoryLabel="Topic"
                categories={d.data.map((t) => t.topic)}
                series={[{ label: 'Chats', values: d.data.map((t) => t.count), format: formatCount }]}
                extraColumns={[
                  { label: 'Messages', values: d.data.map((t) => formatCount(t.message_count)) },
                  { label: 'Share', values: d.data.map((t) => formatPercent(t.percentage)) },
                ]}
                height={Math.max(200, d.data.length * 32)}
              />
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {formatCount(d.unassigned_count)} chats have no topic.
              </Typography>
            </>
          )}
        </MetricCard>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <MetricCard
          title="Least engaged topics"
          outcome={o.leasttopics}
          onRetry={retry}
          height={280}
          isEmpty={(d) => d.data.length === 0}
          emptyText="Your organization has no active topics yet. Add some under Settings › Topics."
        >
          {(d) => (
            <>
              <Typography variant="body2" sx={{ mb: 1 }}>
                Fewest chats: {d.least_engaged_topics.join(', ')}
              </Typography>
              <DataChart
                title="Least engaged topics"
                kind="bar"
                horizontal
                categoryLabel="Topic"
                categories={d.data.map((t) => t.topic)}
                series={[{ label: 'Chats', values: d.data.map((t) => t.count), format: formatCount }]}
                height={Math.max(200, d.data.length * 32)}
              />
            </>
          )}
        </MetricCard>
      </Grid>
    </Grid>
  )
}
