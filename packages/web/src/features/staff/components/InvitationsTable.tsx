import Chip from '@mui/material/Chip'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TablePagination from '@mui/material/TablePagination'
import TableRow from '@mui/material/TableRow'
import MailOutlined from '@mui/icons-material/MailOutlined'
import type { Invitation } from '@proxima/contracts'
import { useState } from 'react'
import { EmptyState, ErrorState, SkeletonBlock } from '../../../ui/states'
import { formatDate } from '../../subscription/plan-text'
import { useInvitations } from '../api'

const STATUS_COLOR: Record<Invitation['status'], 'primary' | 'default' | 'secondary'> = {
  pending: 'primary',
  accepted: 'default',
  revoked: 'secondary',
  expired: 'default',
}

const name = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ') || '—'

export const InvitationsTable = () => {
  const [page, setPage] = useState(0)
  const [limit, setLimit] = useState(25)
  const invitations = useInvitations(page * limit, limit)

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
      <EmptyState
        icon={<MailOutlined />}
        title="No invitations yet"
        description="Invitations you send appear here with their status."
      />
    )
  }
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label="Invitations">
          <TableHead>
            <TableRow>
              <TableCell>Email</TableCell>
              <TableCell>Name</TableCell>
              <TableCell>Role</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Invited by</TableCell>
              <TableCell>Sent</TableCell>
              <TableCell>Expires</TableCell>
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
                  {name(invitation.invited_by?.first_name ?? null, invitation.invited_by?.last_name ?? null)}
                </TableCell>
                <TableCell>{formatDate(invitation.created_at)}</TableCell>
                <TableCell>{invitation.status === 'accepted' ? '—' : formatDate(invitation.expires_at)}</TableCell>
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
