import Box from '@mui/material/Box'
import LinearProgress from '@mui/material/LinearProgress'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import type { Subscription } from '@proxima/contracts'
import { visuallyHidden } from '../../../ui/visually-hidden'

const GB = 1024 ** 3
const n = (value: number) => value.toLocaleString('en-US')

type Row = { label: string; used: number; limit: number | null; format?: (v: number) => string }

const rows = ({ usage, limits }: Subscription): Row[] => [
  { label: 'Agents (staff and pending invitations)', used: usage.agents, limit: limits.max_agents },
  { label: 'Communities', used: usage.communities, limit: limits.max_communities },
  { label: 'Active surveys', used: usage.active_surveys, limit: limits.max_active_surveys },
  { label: 'Social-media integrations', used: usage.integrations, limit: limits.max_integrations },
  { label: 'AI requests this month', used: usage.ai_requests_this_month, limit: limits.ai_requests_per_month },
  {
    label: 'Voice storage',
    used: usage.voice_storage_bytes / GB,
    limit: limits.voice_storage_gb,
    format: (v) => `${v.toLocaleString('en-US', { maximumFractionDigits: 2 })} GB`,
  },
]

/** What the organization uses against each limit of its plan. */
export const UsageTable = ({ subscription }: { subscription: Subscription }) => (
  <TableContainer>
    <Table size="small" aria-label="Usage and limits">
      <TableHead>
        <TableRow>
          <TableCell>Resource</TableCell>
          <TableCell align="right">Used</TableCell>
          <TableCell align="right">Limit</TableCell>
          <TableCell sx={{ width: { xs: 80, sm: 200 } }}>
            <Box component="span" sx={visuallyHidden}>
              Share of the limit used
            </Box>
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows(subscription).map((row) => {
          const format = row.format ?? n
          const share = row.limit ? Math.min(100, (row.used / row.limit) * 100) : 0
          return (
            <TableRow key={row.label}>
              <TableCell component="th" scope="row">
                {row.label}
              </TableCell>
              <TableCell align="right">{format(row.used)}</TableCell>
              <TableCell align="right">
                {row.limit === null ? 'Unlimited' : row.limit === 0 ? 'Not included' : format(row.limit)}
              </TableCell>
              <TableCell>
                {!row.limit ? null : (
                  <LinearProgress
                    variant="determinate"
                    value={share}
                    color={share >= 90 ? 'secondary' : 'primary'}
                    aria-label={`${row.label}: ${Math.round(share)}% of the limit used`}
                  />
                )}
              </TableCell>
            </TableRow>
          )
        })}
      </TableBody>
    </Table>
  </TableContainer>
)
