import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import Typography from '@mui/material/Typography'
import type { SurveyInvitation } from '@proxima/contracts'
import { LoadMoreButton } from '../../../ui/LoadMoreButton'
import { ErrorState, SkeletonBlock } from '../../../ui/states'
import { dateTime } from '../../community/format'
import { useInvitations } from '../use-survey-results'

const STATUS: Record<
  SurveyInvitation['status'],
  { label: string; color: 'default' | 'primary' | 'error' | 'success' }
> = {
  queued: { label: 'Waiting to send', color: 'default' },
  sent: { label: 'Sent', color: 'primary' },
  failed: { label: 'Could not be sent', color: 'error' },
  responded: { label: 'Responded', color: 'success' },
}

/** Who was invited by email, and where each invitation stands. */
export const InvitationsSection = ({ surveyId }: { surveyId: number }) => {
  const invitations = useInvitations(surveyId)
  let body
  if (invitations.isPending) body = <SkeletonBlock height={80} label="Loading invitations…" />
  else if (invitations.isError)
    body = (
      <ErrorState
        title="Invitations could not be loaded"
        error={invitations.error}
        onRetry={() => void invitations.refetch()}
        retrying={invitations.isFetching}
      />
    )
  else {
    const rows = invitations.data.pages.flatMap((page) => page.data)
    body =
      rows.length === 0 ? (
        <Typography color="text.secondary">Nobody was invited by email.</Typography>
      ) : (
        <>
          <TableContainer>
            <Table size="small" aria-labelledby="survey-invitations-heading">
              <TableHead>
                <TableRow>
                  <TableCell>Email</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell>Sent</TableCell>
                  <TableCell>Responded</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.invitation_id}>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.email}</TableCell>
                    <TableCell>
                      <Chip size="small" label={STATUS[row.status].label} color={STATUS[row.status].color} />
                    </TableCell>
                    <TableCell>{dateTime(row.sent_at) || '—'}</TableCell>
                    <TableCell>{dateTime(row.responded_at) || '—'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <LoadMoreButton pages={invitations} />
        </>
      )
  }
  return (
    <Box component="section" aria-labelledby="survey-invitations-heading" sx={{ mt: 4 }}>
      <Typography id="survey-invitations-heading" variant="h2" gutterBottom>
        Invitations
      </Typography>
      {body}
    </Box>
  )
}
