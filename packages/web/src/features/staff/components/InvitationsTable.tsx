import Chip from '@mui/material/Chip'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TablePagination from '@mui/material/TablePagination'
import TableRow from '@mui/material/TableRow'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import MailOutlined from '@mui/icons-material/MailOutlined'
import type { Invitation } from '@proxima/contracts'
import { useState } from 'react'
import { errorMessage } from '../../../api/errors'
import { useIsAdmin } from '../../../app/hooks'
import { EmptyState, ErrorState, SkeletonBlock } from '../../../ui/states'
import { visuallyHidden } from '../../../ui/visually-hidden'
import { formatDate } from '../../subscription/plan-text'
import { useInvitations, useResendInvitation, useRevokeInvitation } from '../api'
import { DELIVERY_COLOR, deliveryLabel, deliveryNotice, needsHandOff } from '../delivery'
import { InviteLinkDialog } from './InviteLinkDialog'
import { InviteLinkField } from './InviteLinkField'

type Feedback = {
  severity: 'success' | 'info' | 'warning' | 'error'
  message: string
  /** A renewed link to hand on, when its mail is not on its way. */
  link?: { url: string; email: string } | undefined
}

type Props = {
  /** Links this browser was given (by inviting or renewing), by invitation id: they cannot be fetched again. */
  links: Record<number, string>
  onLink: (invitation: Invitation) => void
}

/** Only invitations that have not been accepted or revoked can be sent again or withdrawn. */
const isOpen = (invitation: Invitation) => invitation.status === 'pending' || invitation.status === 'expired'

const STATUS_COLOR: Record<Invitation['status'], 'primary' | 'default' | 'secondary'> = {
  pending: 'primary',
  accepted: 'default',
  revoked: 'secondary',
  expired: 'default',
}

const name = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ') || '—'

export const InvitationsTable = ({ links, onLink }: Props) => {
  const [page, setPage] = useState(0)
  const [limit, setLimit] = useState(25)
  const invitations = useInvitations(page * limit, limit)
  const isAdmin = useIsAdmin()
  const resend = useResendInvitation()
  const revoke = useRevokeInvitation()
  const [feedback, setFeedback] = useState<Feedback | null>(null)
  const [linkFor, setLinkFor] = useState<Invitation | null>(null)
  const busy = resend.isPending || revoke.isPending

  const onResend = (invitation: Invitation) => {
    setFeedback(null)
    resend.mutate(invitation.invitation_id, {
      onSuccess: (renewed) => {
        onLink(renewed)
        const notice = deliveryNotice(renewed, 'renewed')
        setFeedback({
          severity: notice.severity,
          message: notice.text,
          link: notice.showLink && renewed.invite_url ? { url: renewed.invite_url, email: renewed.email } : undefined,
        })
      },
      onError: (error) => setFeedback({ severity: 'error', message: errorMessage(error) }),
    })
  }

  const onRevoke = (invitation: Invitation) => {
    setFeedback(null)
    revoke.mutate(invitation.invitation_id, {
      onSuccess: () =>
        setFeedback({ severity: 'success', message: `The invitation to ${invitation.email} was revoked.` }),
      onError: (error) => setFeedback({ severity: 'error', message: errorMessage(error) }),
    })
  }

  const alert = feedback ? (
    <Alert severity={feedback.severity} onClose={() => setFeedback(null)} sx={{ m: 2, mb: 1 }}>
      {feedback.message}
      {feedback.link ? (
        <Box sx={{ mt: 1.5 }}>
          <InviteLinkField url={feedback.link.url} email={feedback.link.email} />
        </Box>
      ) : null}
    </Alert>
  ) : null
  const dialog = (
    <InviteLinkDialog
      invitation={linkFor}
      knownUrl={linkFor ? links[linkFor.invitation_id] : undefined}
      onClose={() => setLinkFor(null)}
      onRenewed={onLink}
    />
  )

  if (invitations.isPending) return <SkeletonBlock height={160} label="Loading invitations…" />
  if (invitations.isError) {
    return (
      <ErrorState
        error={invitations.error}
        onRetry={() => void invitations.refetch()}
        retrying={invitations.isFetching}
      />
    )
  }
  const { data, pagination } = invitations.data
  if (data.length === 0 && page === 0) {
    return (
      <>
        {alert}
        <EmptyState
          icon={<MailOutlined />}
          title="No invitations yet"
          description="Invitations you send appear here with their status."
        />
      </>
    )
  }
  return (
    <>
      {alert}
      {dialog}
      {/* Positioned, so the visually hidden header text scrolls with the table instead of widening the page. */}
      <TableContainer sx={{ position: 'relative' }}>
        <Table size="small" aria-label="Invitations">
          <TableHead>
            <TableRow>
              <TableCell>Email</TableCell>
              <TableCell>Name</TableCell>
              <TableCell>Role</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Email delivery</TableCell>
              <TableCell>Invited by</TableCell>
              <TableCell>Invited</TableCell>
              <TableCell>Expires</TableCell>
              {isAdmin ? (
                <TableCell align="right">
                  <Box component="span" sx={visuallyHidden}>
                    Actions
                  </Box>
                </TableCell>
              ) : null}
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((invitation) => (
              <TableRow key={invitation.invitation_id}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{invitation.email}</TableCell>
                <TableCell>{name(invitation.first_name, invitation.last_name)}</TableCell>
                <TableCell>{invitation.user_type === 'admin' ? 'Admin' : 'Employee'}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    label={invitation.status}
                    color={STATUS_COLOR[invitation.status]}
                    variant="outlined"
                  />
                </TableCell>
                <TableCell>
                  {invitation.status === 'pending' ? (
                    <Chip
                      size="small"
                      label={deliveryLabel(invitation)}
                      color={invitation.delivery_status ? DELIVERY_COLOR[invitation.delivery_status] : 'default'}
                    />
                  ) : (
                    '—'
                  )}
                  {invitation.status === 'pending' && invitation.delivery_error ? (
                    <Typography
                      variant="caption"
                      color="text.secondary"
                      sx={{ display: 'block', mt: 0.5, overflowWrap: 'anywhere' }}
                    >
                      {invitation.delivery_error}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell>
                  {name(invitation.invited_by?.first_name ?? null, invitation.invited_by?.last_name ?? null)}
                </TableCell>
                <TableCell>{formatDate(invitation.created_at)}</TableCell>
                <TableCell>{invitation.status === 'accepted' ? '—' : formatDate(invitation.expires_at)}</TableCell>
                {isAdmin ? (
                  <TableCell align="right">
                    {isOpen(invitation) ? (
                      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
                        {needsHandOff(invitation) ? (
                          <Button
                            size="small"
                            onClick={() => setLinkFor(invitation)}
                            disabled={busy}
                            aria-label={`Copy invitation link for ${invitation.email}`}
                          >
                            Copy link
                          </Button>
                        ) : null}
                        <Button
                          size="small"
                          onClick={() => onResend(invitation)}
                          disabled={busy}
                          aria-label={`Resend invitation to ${invitation.email}`}
                        >
                          Resend
                        </Button>
                        <Button
                          size="small"
                          color="error"
                          onClick={() => onRevoke(invitation)}
                          disabled={busy}
                          aria-label={`Revoke invitation to ${invitation.email}`}
                        >
                          Revoke
                        </Button>
                      </Box>
                    ) : null}
                  </TableCell>
                ) : null}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {pagination ? (
        <TablePagination
          component="div"
          count={pagination.total}
          page={page}
          rowsPerPage={limit}
          rowsPerPageOptions={[10, 25, 50, 100]}
          onPageChange={(_event, next) => setPage(next)}
          onRowsPerPageChange={(event) => {
            setLimit(Number(event.target.value))
            setPage(0)
          }}
        />
      ) : null}
    </>
  )
}
