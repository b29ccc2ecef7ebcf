import Avatar from '@mui/material/Avatar'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import LinearProgress from '@mui/material/LinearProgress'
import Paper from '@mui/material/Paper'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TablePagination from '@mui/material/TablePagination'
import TableRow from '@mui/material/TableRow'
import Typography from '@mui/material/Typography'
import GroupOutlined from '@mui/icons-material/GroupOutlined'
import { useState } from 'react'
import { EmptyState, ErrorState, SkeletonBlock } from '../../../ui/states'
import { useDebouncedValue } from '../../../ui/use-debounced-value'
import { initials } from '../../chats/format'
import { dateOnly, fullDateTime, personName } from '../format'
import { useCommunityMembers } from '../use-communities'
import { SearchField } from '../../../ui/SearchField'

/** Hidden on phones, where the contact details move under the name. */
const wideOnly = { display: { xs: 'none', md: 'table-cell' } } as const

const place = (member: { city: string | null; state: string | null; country: string | null }) =>
  [member.city, member.state, member.country].filter(Boolean).join(', ')

/** The community's current members with their contact details (staff only), searchable and paged. */
export const MembersTab = ({ communityId }: { communityId: number }) => {
  const [search, setSearch] = useState('')
  const [limit, setLimit] = useState(25)
  const query = useDebouncedValue(search.trim(), 300)
  // The page belongs to the search it was chosen under: a new search starts again at the first page.
  const filterKey = JSON.stringify([query, limit])
  const [paging, setPaging] = useState({ key: filterKey, page: 0 })
  const page = paging.key === filterKey ? paging.page : 0
  const members = useCommunityMembers(communityId, query, page * limit, limit)

  let body
  if (members.isPending) body = <SkeletonBlock height={200} label="Loading members…" />
  else if (members.isError) {
    body = (
      <ErrorState
        title="Members could not be loaded"
        error={members.error}
        onRetry={() => void members.refetch()}
        retrying={members.isFetching}
      />
    )
  } else if (members.data.data.length === 0) {
    body = (
      <EmptyState
        icon={<GroupOutlined />}
        title={query ? 'No members match this search' : page > 0 ? 'No members on this page' : 'No members yet'}
        description={
          query
            ? 'Try another name, username or email.'
            : page > 0
              ? 'The list changed since this page was opened.'
              : 'Customers join from the mobile app; they appear here as soon as they do.'
        }
        action={
          query ? (
            <Button variant="outlined" onClick={() => setSearch('')}>
              Clear search
            </Button>
          ) : page > 0 ? (
            <Button variant="outlined" onClick={() => setPaging({ key: filterKey, page: 0 })}>
              Back to the first page
            </Button>
          ) : undefined
        }
      />
    )
  } else {
    const { data, pagination } = members.data
    body = (
      <Paper variant="outlined">
        <Box sx={{ height: 4 }}>
          {members.isFetching && members.isPlaceholderData ? <LinearProgress aria-label="Updating members" /> : null}
        </Box>
        <TableContainer>
          <Table size="small" aria-label="Members">
            <TableHead>
              <TableRow>
                <TableCell>Member</TableCell>
                <TableCell sx={wideOnly}>Email</TableCell>
                <TableCell sx={wideOnly}>Phone</TableCell>
                <TableCell sx={wideOnly}>Location</TableCell>
                <TableCell>Joined</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((member) => {
                const name = personName(member)
                return (
                  <TableRow key={member.id}>
                    <TableCell>
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
                        <Avatar
                          src={member.profile_photo ?? undefined}
                          alt=""
                          sx={{ width: 32, height: 32, fontSize: 14, bgcolor: 'grey.700' }}
                        >
                          {initials(name)}
                        </Avatar>
                        <Box sx={{ minWidth: 0 }}>
                          <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                            {name}
                          </Typography>
                          <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                            @{member.username}
                          </Typography>
                          <Typography
                            variant="caption"
                            color="text.secondary"
                            sx={{ display: { xs: 'block', md: 'none' }, overflowWrap: 'anywhere' }}
                          >
                            {member.email}
                          </Typography>
                        </Box>
                      </Box>
                    </TableCell>
                    <TableCell sx={{ ...wideOnly, overflowWrap: 'anywhere' }}>{member.email}</TableCell>
                    <TableCell sx={{ ...wideOnly, whiteSpace: 'nowrap' }}>{member.phonenumber ?? '—'}</TableCell>
                    <TableCell sx={wideOnly}>{place(member) || '—'}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <time dateTime={member.joined_at} title={fullDateTime(member.joined_at)}>
                        {dateOnly(member.joined_at)}
                      </time>
                    </TableCell>
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
            onPageChange={(_event, next) => setPaging({ key: filterKey, page: next })}
            onRowsPerPageChange={(event) => setLimit(Number(event.target.value))}
            sx={{ '.MuiTablePagination-toolbar': { flexWrap: 'wrap', pl: 2 } }}
          />
        ) : null}
      </Paper>
    )
  }

  return (
    <>
      <Box role="search" aria-label="Filter members" sx={{ mb: 2, maxWidth: 420 }}>
        <SearchField label="Search members" placeholder="Name, username or email" value={search} onChange={setSearch} />
      </Box>
      {body}
    </>
  )
}
