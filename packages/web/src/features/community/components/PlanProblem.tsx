import Alert from '@mui/material/Alert'
import Link from '@mui/material/Link'
import { Link as RouterLink } from 'react-router'
import { errorMessage, isApiError } from '../../../api/errors'

/** Whether an error is about the plan (a limit reached or an ended subscription) rather than the input. */
export const isPlanProblem = (error: unknown): boolean =>
  isApiError(error) &&
  (error.code === 'plan.limit_reached' || error.code === 'plan.feature_unavailable' || error.status === 402)

/** The server's sentence and the way out: Settings → Plan & billing. */
export const PlanProblem = ({ error }: { error: unknown }) => {
  const ended = isApiError(error) && error.status === 402
  return (
    <Alert severity="warning" sx={{ my: 2 }}>
      {errorMessage(error)} {ended ? 'Choose a plan in ' : 'To go further, move to a larger plan in '}
      <Link component={RouterLink} to="/settings/plan">
        Settings → Plan &amp; billing
      </Link>
      .
    </Alert>
  )
}
