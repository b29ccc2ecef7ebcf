import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import LinearProgress from '@mui/material/LinearProgress'
import MenuItem from '@mui/material/MenuItem'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TablePagination from '@mui/material/TablePagination'
import TableRow from '@mui/material/TableRow'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import GroupOutlined from '@mui/icons-material/GroupOutlined'
import type { Staff, StaffUserType } from '@proxima/contracts'
import { useId, useState } from 'react'
import { errorMessage } from '../../../api/errors'
import { useIsAdmin, useStaffUser } from '../../../app/hooks'
import { EmptyState, ErrorState, SkeletonBlock } from '../../../ui/states'
import { useDebouncedValue } from '../../../ui/use-debounced-value'
import { visuallyHidden } from '../../../ui/visually-hidden'
import { isFullStaff, memberName, useChangeRole, useMembers, useSetMemberActive, type Member } from '../api'
import { MemberActions } from './MemberActions'
import { SearchField } from '../../../ui/SearchField'

type Feedback = { severity: 'success' | 'error'; message: string }

const ROLE_LABEL: Record<StaffUserType, string> = { admin: 'Admin', employee: 'Employee' }

const formatSignIn = (iso: string | null): string => {
  if (!iso) return 'Never'
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return '—'
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
}

/** Hidden on phones, where the username moves under the name. */
const wideOnly = { display: { xs: 'none', sm: 'table-cell' } } as const

/** The organization's members; admins also change roles and disable or enable accounts. */
export const MembersTable = () => {
  const isAdmin = useIsAdmin()
  const me = useStaffUser()
  const searchId = useId()
  const dialogTitleId = useId()
  const dialogTextId = useId()

  const [search, setSearch] = useState('')
  const [role, setRole] = useState<StaffUserType | ''>('')
  const [limit, setLimit] = useState(25)
  const debouncedSearch = useDebouncedValue(search.trim(), 300)
  // The page belongs to the filters it was chosen under: new filters start again at the first page.
  const filterKey = JSON.stringify([debouncedSearch, role, limit])
  const [paging, setPaging] = useState({ key: filterKey, page: 0 })
  const page = paging.key === filterKey ? paging.page : 0
  const setPage = (next: number) => setPaging({ key: filterKey, page: next })

  const members = useMembers({ search: debouncedSearch, user_type: role, offset: page * limit, limit })
  const changeRole = useChangeRole()
  const setActive = useSetMemberActive()
  const [feedback, setFeedback] = useState<Feedback | null>(null)
  const [confirming, setConfirming] = useState<Staff | null>(null)

  const busy = changeRole.isPending || setActive.isPending
  const filtered = debouncedSearch !== '' || role !== ''
  const fail = (error: unknown) => setFeedback({ severity: 'error', message: errorMessage(error) })

  const onChangeRole = (member: Staff) => {
    const user_type: StaffUserType = member.user_type === 'admin' ? 'employee' : 'admin'
    setFeedback(null)
    changeRole.mutate(
      { id: member.id, user_type },
      {
        onSuccess: () =>
          setFeedback({
            severity: 'success',
            message: `${memberName(member)} is now ${user_type === 'admin' ? 'an admin' : 'an employee'}.`,
          }),
        onError: fail,
      },
    )
  }

  const applyActive = (member: Staff, active: boolean) => {
    setFeedback(null)
    setActive.mutate(
      { id: member.id, active },
      {
        onSuccess: () =>
          setFeedback({
            severity: 'success',
            message: `${memberName(member)} is ${active ? 'enabled again' : 'disabled and signed out everywhere'}.`,
          }),
        onError: fail,
      },
    )
  }

  const onToggleActive = (member: Staff) => {
    if (member.is_active) setConfirming(member)
    else applyActive(member, true)
  }

  const clearFilters = () => {
    setSearch('')
    setRole('')
  }

  const filters = (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, p: 2, pb: 1 }} role="search" aria-label="Filter members">
      <SearchField
        id={searchId}
        label="Search members"
        placeholder="Name, username or email"
        value={search}
        onChange={setSearch}
        sx={{ flex: '1 1 240px' }}
      />
      <TextField
        select
        label="Role"
        value={role}
        onChange={(event) => setRole(event.target.value as StaffUserType | '')}
        size="small"
        margin="none"
        sx={{ flex: '0 1 180px', minWidth: 140 }}
      >
        <MenuItem value="">All roles</MenuItem>
        <MenuItem value="admin">Admins</MenuItem>
        <MenuItem value="employee">Employees</MenuItem>
      </TextField>
    </Box>
  )

  let body
  if (members.isPending) {
    body = (
      <Box sx={{ p: 2 }}>
        <SkeletonBlock height={160} label="Loading members…" />
      </Box>
    )
  } else if (members.isError) {
    body = (
      <Box sx={{ px: 2 }}>
        <ErrorState
          title="Members could not be loaded"
          error={members.error}
          onRetry={() => void members.refetch()}
          retrying={members.isFetching}
        />
      </Box>
    )
  } else if (members.data.data.length === 0) {
    body = (
      <Box sx={{ p: 2 }}>
        <EmptyState
          icon={<GroupOutlined />}
          title={filtered ? 'No members match these filters' : page > 0 ? 'No members on this page' : 'No members yet'}
          description={
            filtered
              ? 'Try another name or role.'
              : page > 0
                ? 'The list changed since this page was opened.'
                : 'Members appear here once they accept their invitation.'
          }
          action={
            filtered ? (
              <Button variant="outlined" onClick={clearFilters}>
                Clear filters
              </Button>
            ) : page > 0 ? (
              <Button variant="outlined" onClick={() => setPage(0)}>
                Back to the first page
              </Button>
            ) : undefined
          }
        />
      </Box>
    )
  } else {
    const { data, pagination } = members.data
    const showEmail = isAdmin && data.some(isFullStaff)
    body = (
      <>
        <Box sx={{ height: 4 }}>
          {members.isFetching && members.isPlaceholderData ? <LinearProgress aria-label="Updating members" /> : null}
        </Box>
        <TableContainer sx={{ position: 'relative' }}>
          <Table size="small" aria-label="Members">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell sx={wideOnly}>Username</TableCell>
                {showEmail ? <TableCell>Email</TableCell> : null}
                <TableCell>Role</TableCell>
                <TableCell>Status</TableCell>
                {showEmail ? <TableCell sx={wideOnly}>Last sign-in</TableCell> : null}
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
              {data.map((member: Member) => {
                const self = member.id === me.id
                const full = isFullStaff(member) ? member : null
                return (
                  <TableRow key={member.id}>
                    <TableCell>
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                        <span>{memberName(member)}</span>
                        {self ? <Chip size="small" label="You" variant="outlined" /> : null}
                      </Box>
                      <Typography
                        variant="body2"
                        color="text.secondary"
                        sx={{ display: { xs: 'block', sm: 'none' }, overflowWrap: 'anywhere' }}
                      >
                        @{member.username}
                      </Typography>
                    </TableCell>
                    <TableCell sx={{ ...wideOnly, overflowWrap: 'anywhere' }}>{member.username}</TableCell>
                    {showEmail ? <TableCell sx={{ overflowWrap: 'anywhere' }}>{full?.email ?? '—'}</TableCell> : null}
                    <TableCell>{ROLE_LABEL[member.user_type]}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        label={member.is_active ? 'Active' : 'Disabled'}
                        color={member.is_active ? 'success' : 'default'}
                        variant={member.is_active ? 'outlined' : 'filled'}
                      />
                    </TableCell>
                    {showEmail ? (
                      <TableCell sx={{ ...wideOnly, whiteSpace: 'nowrap' }}>
                        {formatSignIn(full?.last_login_at ?? null)}
                      </TableCell>
                    ) : null}
                    {isAdmin ? (
                      <TableCell align="right" sx={{ width: 56 }}>
                        {full && !self ? (
                          <MemberActions
                            member={full}
                            busy={busy}
                            onChangeRole={onChangeRole}
                            onToggleActive={onToggleActive}
                          />
                        ) : null}
                      </TableCell>
                    ) : null}
                  </TableRow>
                )
              })}
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
            labelRowsPerPage="Per page"
            onPageChange={(_event, next) => setPage(next)}
            onRowsPerPageChange={(event) => setLimit(Number(event.target.value))}
            sx={{ '.MuiTablePagination-toolbar': { flexWrap: 'wrap', pl: 2 } }}
          />
        ) : null}
      </>
    )
  }

  return (
    <>
      {feedback ? (
        <Alert severity={feedback.severity} onClose={() => setFeedback(null)} sx={{ m: 2, mb: 0 }}>
          {feedback.message}
        </Alert>
      ) : null}
      {filters}
      {body}
      <Dialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        aria-labelledby={dialogTitleId}
        aria-describedby={dialogTextId}
      >
        <DialogTitle id={dialogTitleId}>Disable {confirming ? memberName(confirming) : 'member'}?</DialogTitle>
        <DialogContent>
          <DialogContentText id={dialogTextId}>
            They will be signed out everywhere. You can enable their account again later.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              if (confirming) applyActive(confirming, false)
              setConfirming(null)
            }}
          >
            Disable
          </Button>
        </DialogActions>
      </Dialog>
    </>
  )
}
