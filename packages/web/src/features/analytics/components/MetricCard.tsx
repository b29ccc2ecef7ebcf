import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Skeleton from '@mui/material/Skeleton'
import Typography from '@mui/material/Typography'
import type { AnalyticsMetric, AnalyticsReply } from '@proxima/contracts'
import { useId, type ReactNode } from 'react'
import { BAR_FILTER_NOUNS, ignoredBarFilters } from '../filters'
import type { MetricOutcome } from '../outcome'

type Props<N extends AnalyticsMetric> = {
  title: string
  outcome: MetricOutcome<N>
  /** Whether a reply has nothing to show; `emptyText` then says so. */
  isEmpty?: (data: AnalyticsReply<N>) => boolean
  emptyText?: string
  /** Shown instead of an error for the metric's own "scope required" answer, e.g. "Choose a survey.". */
  prompt?: string
  onRetry?: () => void
  height?: number
  children: (data: AnalyticsReply<N>) => ReactNode
  testId?: string
}

/** "Not narrowed by topic.", "Not narrowed by topic or assignee." */
const notNarrowed = (nouns: string[]) =>
  `Not narrowed by ${nouns.length > 1 ? `${nouns.slice(0, -1).join(', ')} or ${nouns[nouns.length - 1]}` : nouns[0]}.`

/**
 * One metric: its title and then its loading, error, empty or loaded state, each on its own. A loaded metric that
 * does not apply a filter chosen in the bar (a topic on a satisfaction chart: the reply lists it in
 * `meta.ignored_filters`) says so under its numbers.
 */
export function MetricCard<N extends AnalyticsMetric>({
  title,
  outcome,
  isEmpty,
  emptyText = 'Nothing to show for this period yet.',
  prompt,
  onRetry,
  height = 96,
  children,
  testId,
}: Props<N>) {
  const headingId = useId()
  let body: ReactNode
  if (prompt) {
    body = <Typography color="text.secondary">{prompt}</Typography>
  } else if (outcome.status === 'pending') {
    body = (
      <Box role="status" aria-label={`Loading ${title.toLowerCase()}…`}>
        <Skeleton variant="rounded" height={height} />
      </Box>
    )
  } else if (outcome.status === 'rejected') {
    body =
      outcome.code === 'analytics.scope_required' ? (
        <Typography color="text.secondary">{outcome.message}</Typography>
      ) : (
        <Alert
          severity="error"
          action={
            onRetry ? (
              <Button color="inherit" size="small" onClick={onRetry}>
                Retry
              </Button>
            ) : undefined
          }
        >
          {outcome.message}
        </Alert>
      )
  } else if (isEmpty?.(outcome.data)) {
    body = <Typography color="text.secondary">{emptyText}</Typography>
  } else {
    body = children(outcome.data)
  }
  const ignored = !prompt && outcome.status === 'fulfilled' ? ignoredBarFilters(outcome.data.meta.ignored_filters) : []
  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      data-testid={testId}
      data-status={prompt ? 'prompt' : outcome.status}
      sx={{ height: '100%', minWidth: 0 }}
    >
      <CardContent>
        <Typography id={headingId} variant="h3" component="h3" sx={{ fontSize: 16, fontWeight: 500, mb: 1.5 }}>
          {title}
        </Typography>
        {body}
        {ignored.length > 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {notNarrowed(ignored.map((f) => BAR_FILTER_NOUNS[f]))}
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  )
}
