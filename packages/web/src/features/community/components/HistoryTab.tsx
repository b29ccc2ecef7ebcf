import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import Paper from '@mui/material/Paper'
import HistoryOutlined from '@mui/icons-material/HistoryOutlined'
import { EmptyState, ErrorState, SkeletonBlock } from '../../../ui/states'
import { dateTime, fullDateTime, personName } from '../format'
import { useCommunityEvents } from '../use-communities'
import { LoadMoreButton } from '../../../ui/LoadMoreButton'

/** Who joined and who left, the latest first; "Load more" goes further back. */
export const HistoryTab = ({ communityId }: { communityId: number }) => {
  const events = useCommunityEvents(communityId)

  if (events.isPending) return <SkeletonBlock height={200} label="Loading history…" />
  if (events.isError && !events.data) {
    return (
      <ErrorState
        title="The history could not be loaded"
        error={events.error}
        onRetry={() => void events.refetch()}
        retrying={events.isFetching}
      />
    )
  }
  // Each page is oldest first and each further page is older: reversed, the list reads from the latest.
  const items = events.data.pages.flatMap((page) => [...page.data].reverse())
  if (items.length === 0) {
    return (
      <EmptyState
        icon={<HistoryOutlined />}
        title="Nobody has joined yet"
        description="Each time a customer joins or leaves this community it is recorded here."
      />
    )
  }
  return (
    <Paper variant="outlined">
      <List aria-label="Join and leave history" disablePadding>
        {items.map((event) => (
          <ListItem key={event.event_id} divider sx={{ gap: 1.5, alignItems: 'flex-start' }}>
            <Chip
              size="small"
              label={event.type === 'join' ? 'Joined' : 'Left'}
              color={event.type === 'join' ? 'success' : 'default'}
              variant="outlined"
              sx={{ minWidth: 64, mt: 0.5 }}
            />
            <ListItemText
              primary={event.description || `${personName(event.client)} ${event.type === 'join' ? 'joined' : 'left'}`}
              secondary={
                <>
                  {personName(event.client)} ·{' '}
                  <time dateTime={event.timestamp} title={fullDateTime(event.timestamp)}>
                    {dateTime(event.timestamp)}
                  </time>
                </>
              }
              slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
            />
          </ListItem>
        ))}
      </List>
      <LoadMoreButton pages={events} />
      {events.isError ? (
        <Box sx={{ px: 2 }}>
          <ErrorState
            error={events.error}
            title="Older events could not be loaded"
            onRetry={() => void events.fetchNextPage()}
          />
        </Box>
      ) : null}
    </Paper>
  )
}
