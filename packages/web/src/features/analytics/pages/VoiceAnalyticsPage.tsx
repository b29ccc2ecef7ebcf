import Grid from '@mui/material/Grid'
import { DataChart } from '../components/DataChart'
import { Figure } from '../components/Figure'
import { MetricCard } from '../components/MetricCard'
import { changeOf, formatCount, formatDecimal, formatDuration } from '../format'
import { bucketLabels } from '../series'
import { useArea, valueOf } from '../use-area'
import { VOICE_METRICS } from '../areas'

const METRICS = VOICE_METRICS
const HEADLINE = ['averagevoicemessageperchat'] as const

/** Voice: how many voice messages are sent in chats, and how long they are. */
export const VoiceAnalyticsPage = () => {
  const { outcomes: o, previous, retry } = useArea(METRICS, HEADLINE)
  const before = valueOf(previous.averagevoicemessageperchat)
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
        <MetricCard title="Voice messages" outcome={o.cumulativevoicemessage} onRetry={retry}>
          {(d) => (
            <Figure
              value={formatCount(d.voice_message_count)}
              detail={`${formatCount(d.in_window.count)} in this period (${formatDuration(d.in_window.duration_seconds)}); ${formatDuration(d.total_duration_seconds)} in all.`}
            />
          )}
        </MetricCard>
      </Grid>
      <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
        <MetricCard title="Voice messages per chat" outcome={o.averagevoicemessageperchat} onRetry={retry}>
          {(d) => (
            <Figure
              value={formatDecimal(d.average_voice_messages_per_chat)}
              change={changeOf(d.average_voice_messages_per_chat, before?.average_voice_messages_per_chat)}
              better="neither"
              detail={`${formatCount(d.chats_with_voice)} of ${formatCount(d.active_chat_count)} active chats had one; ${formatDuration(d.average_duration_seconds)} long on average.`}
            />
          )}
        </MetricCard>
      </Grid>
      <Grid size={{ xs: 12 }}>
        <MetricCard
          title="Voice messages so far"
          outcome={o.cumulativevoicemessage}
          onRetry={retry}
          height={260}
          isEmpty={(d) => d.voice_message_count === 0}
          emptyText="No voice messages yet. Customers can record them in the chat widget and the mobile app."
        >
          {(d) => (
            <DataChart
              title="Voice messages so far"
              kind="line"
              categoryLabel="Time"
              categories={bucketLabels(d.series, d.meta)}
              series={[{ label: 'Voice messages', values: d.series.map((s) => s.count), format: formatCount }]}
            />
          )}
        </MetricCard>
      </Grid>
    </Grid>
  )
}
