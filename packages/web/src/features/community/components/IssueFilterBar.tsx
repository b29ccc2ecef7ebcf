import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import MenuItem from '@mui/material/MenuItem'
import TextField from '@mui/material/TextField'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import type { IssueSortOrder, SolvedFilter } from '../api'
import { SearchField } from '../../../ui/SearchField'

export type IssueFilterDraft = { solved: SolvedFilter; sort: IssueSortOrder; search: string; from: string; to: string }

export const DEFAULT_ISSUE_FILTERS: IssueFilterDraft = {
  solved: 'open',
  sort: '-created_at',
  search: '',
  from: '',
  to: '',
}

type Props = { value: IssueFilterDraft; onChange: (next: Partial<IssueFilterDraft>) => void; rangeError?: string }

/** Open, solved or all; newest or most recently active first; words; and an optional range of days. */
export const IssueFilterBar = ({ value, onChange, rangeError }: Props) => {
  const dated = value.from !== '' || value.to !== ''
  return (
    <Box
      role="search"
      aria-label="Filter issues"
      sx={{
        display: 'grid',
        gap: 1.5,
        alignItems: 'start',
        gridTemplateColumns: { xs: '1fr 1fr', md: 'auto minmax(200px, 1fr) 200px' },
        mb: 2,
      }}
    >
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        aria-label="Issue state"
        value={value.solved}
        onChange={(_event, next: SolvedFilter | null) => next && onChange({ solved: next })}
        sx={{
          gridColumn: { xs: '1 / -1', md: 'auto' },
          '& .MuiToggleButton-root': { px: 2, flex: { xs: 1, md: 'none' }, color: 'text.secondary' },
          '& .MuiToggleButton-root.Mui-selected': { color: 'primary.dark' },
        }}
      >
        <ToggleButton value="open">Open</ToggleButton>
        <ToggleButton value="solved">Solved</ToggleButton>
        <ToggleButton value="all">All</ToggleButton>
      </ToggleButtonGroup>
      <SearchField
        label="Search issues"
        value={value.search}
        onChange={(search) => onChange({ search })}
        helperText={value.search.trim().length === 1 ? 'Type at least 2 characters.' : undefined}
        sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
      />
      <TextField
        select
        size="small"
        margin="none"
        label="Sort by"
        value={value.sort}
        onChange={(event) => onChange({ sort: event.target.value as IssueSortOrder })}
        sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
      >
        <MenuItem value="-created_at">Newest first</MenuItem>
        <MenuItem value="-last_activity_at">Recent activity first</MenuItem>
        <MenuItem value="-like_count">Most liked first</MenuItem>
      </TextField>
      <Box
        sx={{
          gridColumn: '1 / -1',
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1.5,
          alignItems: 'flex-start',
        }}
      >
        <TextField
          type="date"
          size="small"
          margin="none"
          label="Raised from"
          value={value.from}
          onChange={(event) => onChange({ from: event.target.value })}
          error={Boolean(rangeError)}
          helperText={rangeError}
          sx={{ width: { xs: '100%', sm: 190 } }}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: value.to || undefined } }}
        />
        <TextField
          type="date"
          size="small"
          margin="none"
          label="Raised until"
          value={value.to}
          onChange={(event) => onChange({ to: event.target.value })}
          error={Boolean(rangeError)}
          sx={{ width: { xs: '100%', sm: 190 } }}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: value.from || undefined } }}
        />
        {dated ? (
          <Button size="small" onClick={() => onChange({ from: '', to: '' })} sx={{ mt: 0.5 }}>
            Clear dates
          </Button>
        ) : null}
      </Box>
    </Box>
  )
}
