import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined'
import Replay from '@mui/icons-material/Replay'
import type { Issue } from '@proxima/contracts'
import { errorMessage } from '../../../api/errors'
import { dateTime, fullDateTime, personName } from '../format'
import { useSetSolved } from '../use-issues'
import { SolvedChip } from './IssueList'
import { PlanProblem, isPlanProblem } from './PlanProblem'

/** The issue as its author raised it, its state, and the moderator's "Mark solved" or "Reopen". */
export const IssueHeader = ({ issue }: { issue: Issue }) => {
  const setSolved = useSetSolved(issue.issue_id)
  const author = issue.client_id
  return (
    <Paper variant="outlined" component="article" aria-labelledby="issue-title" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', justifyContent: 'space-between' }}
      >
        <Box sx={{ minWidth: 0, flex: '1 1 320px' }}>
          <Box sx={{ mb: 1 }}>
            <SolvedChip solved={issue.solved} />
          </Box>
          <Typography
            id="issue-title"
            variant="h1"
            component="h1"
            sx={{ fontSize: '1.6rem', overflowWrap: 'anywhere' }}
          >
            {issue.issue}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
            Raised by {personName(author) || 'a member'}
            {author.username ? ` (@${author.username}${author.email ? `, ${author.email}` : ''})` : ''} ·{' '}
            <time dateTime={issue.created_at} title={fullDateTime(issue.created_at)}>
              {dateTime(issue.created_at)}
            </time>
          </Typography>
        </Box>
        <Button
          variant={issue.solved ? 'outlined' : 'contained'}
          color={issue.solved ? 'inherit' : 'success'}
          startIcon={issue.solved ? <Replay /> : <CheckCircleOutline />}
          disabled={setSolved.isPending}
          onClick={() => setSolved.mutate(!issue.solved)}
        >
          {issue.solved ? 'Reopen' : 'Mark solved'}
        </Button>
      </Box>
      <Typography sx={{ mt: 2, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{issue.description}</Typography>
      {issue.solved ? (
        <Typography variant="body2" color="success.dark" sx={{ mt: 2 }} role="status">
          Solved{issue.solved_by ? ` by ${issue.solved_by.name}` : ''}
          {issue.solved_at ? (
            <>
              {' on '}
              <time dateTime={issue.solved_at} title={fullDateTime(issue.solved_at)}>
                {dateTime(issue.solved_at)}
              </time>
            </>
          ) : null}
          .
        </Typography>
      ) : null}
      {setSolved.isError ? (
        isPlanProblem(setSolved.error) ? (
          <PlanProblem error={setSolved.error} />
        ) : (
          <Alert severity="error" sx={{ mt: 2 }} onClose={() => setSolved.reset()}>
            {errorMessage(setSolved.error)} Try again in a moment.
          </Alert>
        )
      ) : null}
    </Paper>
  )
}
