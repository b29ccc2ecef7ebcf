import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Skeleton from '@mui/material/Skeleton'
import Typography from '@mui/material/Typography'
import type { ForecastGranularity, SeriesForecast } from '@proxima/contracts'
import { useId, type ReactNode } from 'react'
import { errorMessage } from '../../../api/errors'
import { isPlanProblem, PlanProblem } from '../../community/components/PlanProblem'
import { accuracyText, methodText, qualityText } from '../view'
import { ForecastChart } from './ForecastChart'

type Props = {
  title: string
  /** The request's state, as TanStack Query holds it. */
  query: { isPending: boolean; error: unknown; refetch: () => unknown }
  /** The series shown, once loaded (null: nothing to show, e.g. no topic yet). */
  series: SeriesForecast | null
  emptyText?: string
  granularity: ForecastGranularity
  timeZone: string
  format: (value: number | null) => string
  /** Controls above the chart (a topic or gender to show). */
  controls?: ReactNode
  /** A sentence of numbers above the chart (the latest rate, a change). */
  children?: ReactNode
  testId?: string
}

/** One forecast: its loading, refused, failed, empty or loaded state, the chart, and how far to trust it. */
export const ForecastCard = ({
  title,
  query,
  series,
  emptyText = 'Nothing to forecast yet.',
  granularity,
  timeZone,
  format,
  controls,
  children,
  testId,
}: Props) => {
  const headingId = useId()
  let body: ReactNode
  if (query.isPending) {
    body = (
      <Box role="status" aria-label={`Loading ${title.toLowerCase()}…`}>
        <Skeleton variant="rounded" height={280} />
      </Box>
    )
  } else if (query.error && isPlanProblem(query.error)) {
    body = <PlanProblem error={query.error} />
  } else if (query.error) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            Retry
          </Button>
        }
      >
        {errorMessage(query.error)}
      </Alert>
    )
  } else if (!series) {
    body = <Typography color="text.secondary">{emptyText}</Typography>
  } else {
    const warning = qualityText(series, granularity)
    const accuracy = accuracyText(series, granularity)
    body = (
      <>
        {controls}
        {children ? (
          <Typography variant="body2" sx={{ mb: 1 }}>
            {children}
          </Typography>
        ) : null}
        {warning ? (
          <Alert severity="info" sx={{ mb: 1 }}>
            {warning}
          </Alert>
        ) : null}
        {series.quality === 'flat' ? null : (
          <ForecastChart
            title={title}
            forecast={series}
            granularity={granularity}
            timeZone={timeZone}
            format={format}
          />
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {methodText(series)} {accuracy}
        </Typography>
      </>
    )
  }
  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      data-testid={testId}
      data-status={query.isPending ? 'pending' : query.error ? 'rejected' : 'fulfilled'}
      sx={{ height: '100%', minWidth: 0 }}
    >
      <CardContent>
        <Typography id={headingId} variant="h3" component="h3" sx={{ fontSize: 16, fontWeight: 500, mb: 1.5 }}>
          {title}
        </Typography>
        {body}
      </CardContent>
    </Card>
  )
}
