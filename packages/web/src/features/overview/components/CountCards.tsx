import Card from '@mui/material/Card'
import CardActionArea from '@mui/material/CardActionArea'
import CardContent from '@mui/material/CardContent'
import Grid from '@mui/material/Grid'
import Typography from '@mui/material/Typography'
import type { OverviewSummary } from '@proxima/contracts'
import { Link as RouterLink } from 'react-router'
import { ErrorState, SkeletonBlock } from '../../../ui/states'
import { useOverviewSummary } from '../api'

type Count = { id: string; to: string; label: string; value: number; text: string }

const countsOf = (s: OverviewSummary): Count[] => [
  {
    id: 'waiting',
    to: '/chats',
    label: 'Waiting for a reply',
    value: s.chats.waiting,
    text: 'Chats whose customer wrote last and has no answer yet.',
  },
  { id: 'open', to: '/chats', label: 'Open chats', value: s.chats.open, text: `${s.chats.unassigned} not assigned.` },
  {
    id: 'mine',
    to: '/chats',
    label: 'Assigned to you',
    value: s.chats.mine,
    text: 'Open and pending chats you look after.',
  },
  {
    id: 'issues-today',
    to: '/community',
    label: 'New issues today',
    value: s.issues.new_today,
    text: `Since midnight (${s.timezone.replace(/_/g, ' ')}); ${s.issues.unsolved} unsolved in all.`,
  },
]

/** The four numbers to act on; each opens the list behind it. */
export const CountCards = () => {
  const summary = useOverviewSummary()
  if (summary.isPending) return <SkeletonBlock height={136} label="Loading counts…" />
  if (summary.isError)
    return (
      <ErrorState
        title="The counts could not be loaded"
        error={summary.error}
        onRetry={() => void summary.refetch()}
        retrying={summary.isFetching}
      />
    )
  return (
    <Grid container spacing={2} component="ul" sx={{ p: 0, m: 0, listStyle: 'none' }} aria-label="Counts">
      {countsOf(summary.data).map((count) => (
        <Grid key={count.id} size={{ xs: 12, sm: 6, lg: 3 }} component="li">
          <Card sx={{ height: '100%' }}>
            <CardActionArea component={RouterLink} to={count.to} sx={{ height: '100%', alignItems: 'flex-start' }}>
              <CardContent>
                <Typography component="p" variant="body2" color="text.secondary" sx={{ fontWeight: 500 }}>
                  {count.label}
                </Typography>
                <Typography
                  component="p"
                  data-testid={`count-${count.id}`}
                  sx={{ fontSize: 40, fontWeight: 500, lineHeight: 1.2, my: 0.5 }}
                >
                  {count.value}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {count.text}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        </Grid>
      ))}
    </Grid>
  )
}
