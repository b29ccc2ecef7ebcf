import Box from '@mui/material/Box'
import MenuItem from '@mui/material/MenuItem'
import TextField from '@mui/material/TextField'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import type { NotificationType } from '@proxima/contracts'
import type { NotificationFilters } from '../api'
import { NOTIFICATION_TYPES, NOTIFICATION_TYPE_LABEL, isNotificationType } from '../notification-links'

type Props = { value: NotificationFilters; onChange: (next: Partial<NotificationFilters>) => void }

/** All or unread only, and one type or every type. */
export const NotificationFilterBar = ({ value, onChange }: Props) => (
  <Box
    role="group"
    aria-label="Filter notifications"
    sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}
  >
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      aria-label="Show"
      value={value.unread ? 'unread' : 'all'}
      onChange={(_event, next: 'all' | 'unread' | null) => next && onChange({ unread: next === 'unread' })}
      sx={{
        flex: { xs: '1 1 100%', sm: 'none' },
        '& .MuiToggleButton-root': { px: 2, flex: { xs: 1, sm: 'none' }, color: 'text.secondary' },
        '& .MuiToggleButton-root.Mui-selected': { color: 'primary.dark' },
      }}
    >
      <ToggleButton value="all">All</ToggleButton>
      <ToggleButton value="unread">Unread</ToggleButton>
    </ToggleButtonGroup>
    <TextField
      select
      size="small"
      margin="none"
      label="Type"
      value={value.type ?? 'all'}
      onChange={(event) => onChange({ type: isNotificationType(event.target.value) ? event.target.value : null })}
      sx={{ width: { xs: '100%', sm: 240 } }}
    >
      <MenuItem value="all">All types</MenuItem>
      {NOTIFICATION_TYPES.map((type: NotificationType) => (
        <MenuItem key={type} value={type}>
          {NOTIFICATION_TYPE_LABEL[type]}
        </MenuItem>
      ))}
    </TextField>
  </Box>
)
