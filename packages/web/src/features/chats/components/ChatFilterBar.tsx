import Box from '@mui/material/Box'
import Checkbox from '@mui/material/Checkbox'
import FormControlLabel from '@mui/material/FormControlLabel'
import MenuItem from '@mui/material/MenuItem'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import TextField from '@mui/material/TextField'
import type { Channel } from '@proxima/contracts'
import type { ReactNode } from 'react'
import type { AssigneeFilter, StatusTab } from '../api'
import { CHANNEL_LABEL } from '../format'
import { SearchField } from '../../../ui/SearchField'

export type FilterDraft = {
  status: StatusTab
  assignee: AssigneeFilter
  channel: Channel | ''
  escalated: boolean
  search: string
}

/** `actions`: beside "Escalated only" (the list's export). */
type Props = { value: FilterDraft; onChange: (next: FilterDraft) => void; actions?: ReactNode }

const TABS: { value: StatusTab; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'pending', label: 'Pending' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'all', label: 'All' },
]

/** Status tabs, search and the assignee, channel and escalation filters of the inbox. */
export const ChatFilterBar = ({ value, onChange, actions }: Props) => {
  const set = <K extends keyof FilterDraft>(key: K, next: FilterDraft[K]) => onChange({ ...value, [key]: next })
  const searchTooShort = value.search.trim().length === 1
  return (
    <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Tabs
        value={value.status}
        onChange={(_event, next: StatusTab) => set('status', next)}
        aria-label="Chat status"
        variant="fullWidth"
        sx={{ minHeight: 40, '& .MuiTab-root': { minHeight: 40, minWidth: 0, px: 1 } }}
      >
        {TABS.map((tab) => (
          <Tab key={tab.value} value={tab.value} label={tab.label} />
        ))}
      </Tabs>
      <Box sx={{ p: 1.5, display: 'grid', gap: 1, gridTemplateColumns: '1fr 1fr' }}>
        <SearchField
          label="Search chats"
          value={value.search}
          onChange={(search) => set('search', search)}
          helperText={searchTooShort ? 'Type at least 2 characters.' : undefined}
          sx={{ gridColumn: '1 / -1' }}
        />
        <TextField
          select
          size="small"
          label="Assignee"
          value={value.assignee}
          onChange={(event) => set('assignee', event.target.value as AssigneeFilter)}
        >
          <MenuItem value="anyone">Anyone</MenuItem>
          <MenuItem value="me">Me</MenuItem>
          <MenuItem value="none">Unassigned</MenuItem>
        </TextField>
        <TextField
          select
          size="small"
          label="Channel"
          value={value.channel}
          onChange={(event) => set('channel', event.target.value as Channel | '')}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">All</MenuItem>
          {(Object.keys(CHANNEL_LABEL) as Channel[]).map((channel) => (
            <MenuItem key={channel} value={channel}>
              {CHANNEL_LABEL[channel]}
            </MenuItem>
          ))}
        </TextField>
        <Box
          sx={{ gridColumn: '1 / -1', display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}
        >
          <FormControlLabel
            sx={{ ml: 0 }}
            control={
              <Checkbox
                size="small"
                checked={value.escalated}
                onChange={(event) => set('escalated', event.target.checked)}
              />
            }
            label="Escalated only"
          />
          {actions}
        </Box>
      </Box>
    </Box>
  )
}
